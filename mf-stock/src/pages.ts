// This remote's pages, each declared once (ARCHITECTURE.md, "Añadir una página a un remoto"):
// its ./App's routes and gates, the shell's menu and the shell's gates derive from them, and
// the build writes them to dist/pages.json. app.tsx gives each page id its component.
import { definePages } from '@almacen/shared/pages';

export default definePages({
  label: 'Stock de productos',
  area: 'stock',
  pages: {
    stock: { path: '', title: 'Stock de productos', permission: 'consult', menu: 'top' },
    // Everyone with a role sees the closings; the close/reopen buttons need periods.close.
    closings: { path: 'closings', title: 'Cierres de periodo', permission: 'consult', menu: 'top' },
    // Everyone with a role sees the counts; counting needs counts.write, applying counts.apply.
    counts: { path: 'counts', title: 'Inventario físico', permission: 'consult', menu: 'top' },
    // One count, opened from the list: no entry of its own (the menu marks Inventario físico).
    count: { path: 'counts/:id', title: 'Inventario físico', permission: 'consult' },
  },
  // ./Home — the figures and charts the shell shows on its home page.
  home: { order: 10, permission: 'consult' },
});

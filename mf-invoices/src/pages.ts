// This remote's pages, each declared once (ARCHITECTURE.md, "Añadir una página a un remoto"):
// its ./App's routes and gates, the shell's menu and the shell's gates derive from them, and
// the build writes them to dist/pages.json. app.tsx gives each page id its component.
import { definePages } from '@almacen/shared/pages';

export default definePages({
  label: 'Entradas',
  area: 'invoices',
  groups: { invoices: 'Entradas' },
  pages: {
    generate: { path: 'generate', title: 'Generar entrada de productos', permission: 'invoices.create', menu: { group: 'invoices' } },
    history: { path: 'history', title: 'Consultar historial de entradas', permission: 'consult', menu: { group: 'invoices' } },
  },
  index: 'history',
});

// What this remote adds to the portal, exposed as ./pages and written to dist/pages.json: the
// routes its ./App answers and its menu entries. A new page: its
// <Route> in app.tsx and its entry here — the shell is not touched (ARCHITECTURE.md).
// `permission`: the shell shows an entry only to whom may use its page.
import type { RemotePages } from '@almacen/shared/pages';

const pages: RemotePages = {
  label: 'Stock de productos',
  routes: ['stock/*'],
  menu: [
    { label: 'Stock de productos', path: '/dashboard/stock', order: 40, permission: 'consult' },
    // Everyone with a role sees the closings; the close/reopen buttons need periods.close.
    // Order 48: after the stock (40) and after an entry of 45 (e2e/test/remote-pages.test.ts adds one).
    { label: 'Cierres de periodo', path: '/dashboard/stock/closings', order: 48, permission: 'consult' },
    // Everyone with a role sees the counts; counting needs counts.write, applying counts.apply.
    // Order 49: after the closings, clear of 41–47 (e2e/test/remote-pages.test.ts adds a page at 45).
    { label: 'Inventario físico', path: '/dashboard/stock/counts', order: 49, permission: 'consult' },
  ],
  // ./Home — the figures and charts the shell shows on its home page.
  home: { order: 10, permission: 'consult' },
};

export default pages;

// What this remote adds to the portal, exposed as ./pages and written to dist/pages.json: the
// routes its ./App answers and its menu entries (spec §2, labels verbatim). A new page: its
// <Route> in app.tsx and its entry here — the shell is not touched (ARCHITECTURE.md).
import type { RemotePages } from '@almacen/shared/pages';

const pages: RemotePages = {
  label: 'Stock de productos',
  routes: ['stock/*'],
  menu: [{ label: 'Stock de productos', path: '/dashboard/stock', order: 40 }],
};

export default pages;

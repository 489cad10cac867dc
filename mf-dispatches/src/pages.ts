// What this remote adds to the portal, exposed as ./pages and written to dist/pages.json: the
// routes its ./App answers and its menu entries. A new page: its
// <Route> in app.tsx and its entry here — the shell is not touched (ARCHITECTURE.md).
// `permission`: the shell shows an entry only to whom may use its page.
import type { RemotePages } from '@almacen/shared/pages';

const pages: RemotePages = {
  label: 'Salidas',
  routes: ['dispatches/*'],
  menu: [
    { label: 'Salidas', group: 'dispatches', order: 30, permission: 'consult' },
    {
      label: 'Generar salida de productos',
      path: '/dashboard/dispatches/generate',
      parent: 'dispatches',
      order: 10,
      permission: 'dispatches.create',
    },
    {
      label: 'Consultar historial de salidas',
      path: '/dashboard/dispatches/history',
      parent: 'dispatches',
      order: 20,
      permission: 'consult',
    },
  ],
};

export default pages;

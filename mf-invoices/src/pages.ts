// What this remote adds to the portal, exposed as ./pages and written to dist/pages.json: the
// routes its ./App answers and its menu entries. A new page: its
// <Route> in app.tsx and its entry here — the shell is not touched (ARCHITECTURE.md).
// `permission`: the shell shows an entry only to whom may use its page.
import type { RemotePages } from '@almacen/shared/pages';

const pages: RemotePages = {
  label: 'Entradas',
  routes: ['invoices/*'],
  menu: [
    { label: 'Entradas', group: 'invoices', order: 20, permission: 'consult' },
    {
      label: 'Generar entrada de productos',
      path: '/dashboard/invoices/generate',
      parent: 'invoices',
      order: 10,
      permission: 'invoices.create',
    },
    { label: 'Consultar historial de entradas', path: '/dashboard/invoices/history', parent: 'invoices', order: 20, permission: 'consult' },
  ],
};

export default pages;

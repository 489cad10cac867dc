// This remote's pages, each declared once (ARCHITECTURE.md, "Añadir una página a un remoto"):
// its ./App's routes and gates, the shell's menu and the shell's gates derive from them, and
// the build writes them to dist/pages.json. app.tsx gives each page id its component.
import { definePages } from '@almacen/shared/pages';

// The menu's number beside «Traspasos por recibir»: how many travel to the current warehouse.
const TRANSFER_COUNTS = '/api/transfers/counts';

export default definePages({
  label: 'Salidas',
  area: 'dispatches',
  groups: { dispatches: 'Salidas', transfers: 'Traspasos' },
  pages: {
    generate: { path: 'generate', title: 'Generar salida de productos', permission: 'dispatches.create', menu: { group: 'dispatches' } },
    history: { path: 'history', title: 'Consultar historial de salidas', permission: 'consult', menu: { group: 'dispatches' } },
    // Transfers between warehouses: only where the person may use more than one (the shell hides
    // them otherwise), right after the exits they resemble.
    transferNew: {
      path: 'transfers/new',
      title: 'Nuevo traspaso',
      permission: 'dispatches.create',
      menu: { group: 'transfers' },
      severalWarehouses: true,
    },
    transferIncoming: {
      path: 'transfers/incoming',
      title: 'Traspasos por recibir',
      permission: 'consult',
      menu: { group: 'transfers' },
      count: { path: TRANSFER_COUNTS, field: 'toReceive', warehouse: true },
      severalWarehouses: true,
    },
    transferHistory: {
      path: 'transfers/history',
      title: 'Historial de traspasos',
      permission: 'consult',
      menu: { group: 'transfers' },
      severalWarehouses: true,
    },
  },
  index: 'history',
});

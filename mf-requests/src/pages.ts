// This remote's pages, each declared once (ARCHITECTURE.md, "Añadir una página a un remoto"):
// its ./App's routes and gates, the shell's menu and the shell's gates derive from them, and
// the build writes them to dist/pages.json. app.tsx gives each page id its component.
import { definePages } from '@almacen/shared/pages';

// The menu's numbers: GET /api/requests/counts, one read for the three entries.
const COUNTS = '/api/requests/counts';

export default definePages({
  label: 'Solicitudes de material',
  area: 'requests',
  groups: { requests: 'Solicitudes' },
  pages: {
    // Every role reads its own requests; the number is what waits for the receipt to be confirmed.
    mine: {
      path: '',
      title: 'Mis solicitudes',
      permission: 'requests.read',
      menu: { group: 'requests' },
      count: { path: COUNTS, field: 'mine' },
    },
    create: { path: 'new', title: 'Nueva solicitud', permission: 'requests.ask', menu: { group: 'requests' } },
    // Whoever is named head: no role of its own (a Solicitante may be one), so everyone who reads requests.
    toAuthorize: {
      path: 'to-authorize',
      title: 'Por autorizar',
      permission: 'requests.read',
      menu: { group: 'requests' },
      count: { path: COUNTS, field: 'toAuthorize' },
    },
    toFulfil: {
      path: 'to-fulfil',
      title: 'Por surtir',
      permission: 'requests.fulfil',
      menu: { group: 'requests' },
      count: { path: COUNTS, field: 'toFulfil' },
    },
    all: { path: 'history', title: 'Historial de solicitudes', permission: 'requests.all', menu: { group: 'requests' } },
    // One request, opened from a list: no entry of its own.
    detail: { path: ':id', title: 'Solicitud de material', permission: 'requests.read' },
  },
});

// This remote's pages, each declared once (ARCHITECTURE.md, "Añadir una página a un remoto"):
// its ./App's routes and gates, the shell's menu and the shell's gates derive from them, and
// the build writes them to dist/pages.json. app.tsx gives each page id its component.
import { definePages } from '@almacen/shared/pages';

export default definePages({
  label: 'Solicitudes de material',
  area: 'requests',
  groups: { requests: 'Solicitudes' },
  pages: {
    // Every role reads its own requests; a Solicitante has nothing else of the warehouse.
    mine: {
      path: '',
      title: 'Mis solicitudes',
      permission: 'requests.read',
      menu: { group: 'requests' },
      count: { path: '/api/requests/counts', field: 'mine' },
    },
  },
});

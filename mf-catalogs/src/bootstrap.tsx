// Standalone run of this remote (`npm run dev -w mf-catalogs`): the same /config.json, sign-in and
// providers as in the shell. Federated, the shell loads ./App and this file is never used.
import { startStandalone } from '@almacen/shared';
import App from './app';

void startStandalone({
  App,
  title: 'Catálogos',
  links: [
    { label: 'Empleados', to: '/employees' },
    { label: 'Partidas', to: '/categories' },
    { label: 'Productos', to: '/products' },
    { label: 'Proveedores', to: '/suppliers' },
    { label: 'Roles', to: '/roles' },
    { label: 'Unidades', to: '/units' },
  ],
});

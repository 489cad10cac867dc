// Standalone run of this remote (`npm run dev -w mf-invoices`): the same /config.json, sign-in and
// providers as in the shell. Federated, the shell loads ./App and this file is never used.
import { startStandalone } from '@almacen/shared';
import App from './app';

void startStandalone({
  App,
  title: 'Entradas',
  links: [
    { label: 'Generar entrada de productos', to: '/generate' },
    { label: 'Consultar historial de entradas', to: '/history' },
  ],
});

// Standalone run of this remote (`npm run dev -w mf-requests`): the same /config.json, sign-in and
// providers as in the shell. Federated, the shell loads ./App and this file is never used.
import { startStandalone } from '@almacen/shared';
import App from './app';

void startStandalone({
  App,
  title: 'Solicitudes de material',
  links: [],
});

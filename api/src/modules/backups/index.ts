// «Administración → Respaldos»: what the record of backups says (backup/history.ts). Read-only;
// backups are taken by the schedule or `npm run backup`, never through the API.
import type { ApiModule } from '../module';
import backupsRoutes from './backups.routes';

const backups: ApiModule = async (app, options) => {
  await app.register(backupsRoutes, options);
};

export default backups;

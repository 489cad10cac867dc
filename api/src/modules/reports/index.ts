// The report downloads. Mounted by app.ts under /api
// behind the bearer-token check like every module.
import type { ApiModule } from '../module';
import reportRoutes from './reports.routes';

const reports: ApiModule = async (app, options) => {
  await app.register(reportRoutes, options);
};

export default reports;

// Month closings, "Cierres de periodo": see periods.routes.ts.
import type { ApiModule } from '../module';
import periodRoutes from './periods.routes';

const periods: ApiModule = async (app, options) => {
  await app.register(periodRoutes, options);
};

export default periods;

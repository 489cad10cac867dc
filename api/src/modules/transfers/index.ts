// «Traspasos» between warehouses: see transfers.routes.ts and transfers.service.ts.
import type { ApiModule } from '../module';
import transferRoutes from './transfers.routes';

const transfers: ApiModule = async (app, options) => {
  await app.register(transferRoutes, options);
};

export default transfers;

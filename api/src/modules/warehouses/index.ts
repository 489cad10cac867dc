// «Almacenes»: see warehouses.routes.ts; which warehouse a call touches: access/warehouse-scope.ts.
import type { ApiModule } from '../module';
import warehouseRoutes from './warehouses.routes';

const warehouses: ApiModule = async (app, options) => {
  await app.register(warehouseRoutes, options);
};

export default warehouses;

// The catalogues module: partidas, units, roles, products, employees
// with their roles, suppliers. Mounted by app.ts under /api behind the bearer-token check.
import type { ApiModule } from '../module';
import describedRoutes from './described.routes';
import employeeRoutes from './employees.routes';
import productRoutes from './products.routes';
import supplierRoutes from './suppliers.routes';

const catalogs: ApiModule = async (app, options) => {
  await app.register(describedRoutes, options);
  await app.register(productRoutes, options);
  await app.register(employeeRoutes, options);
  await app.register(supplierRoutes, options);
};

export default catalogs;

// Stock per product (the ledger's balance rows), read only.
import type { ApiModule } from '../module';
import stockRoutes from './stock.routes';

const stock: ApiModule = async (app, options) => {
  await app.register(stockRoutes, options);
};

export default stock;

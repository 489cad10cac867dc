// Entries (facturas): GET/POST /api/invoices. Their movements are served by modules/movements.
import type { ApiModule } from '../module';
import invoiceRoutes from './invoices.routes';

const invoices: ApiModule = async (app, options) => {
  await app.register(invoiceRoutes, options);
};

export default invoices;

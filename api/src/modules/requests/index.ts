// Material requests («Solicitudes de material»): /api/requests. Exits deliver them through
// POST /api/dispatches with requestId (requests.fulfilment.ts).
import type { ApiModule } from '../module';
import requestRoutes from './requests.routes';

const requests: ApiModule = async (app, options) => {
  await app.register(requestRoutes, options);
};

export default requests;

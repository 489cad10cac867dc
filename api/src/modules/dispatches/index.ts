// Exits (salidas): GET/POST /api/dispatches. Their movements are served by modules/movements.
import type { ApiModule } from '../module';
import dispatchRoutes from './dispatches.routes';

const dispatches: ApiModule = async (app, options) => {
  await app.register(dispatchRoutes, options);
};

export default dispatches;

// Movements of the stock ledger, by document or by product (read only).
import type { ApiModule } from '../module';
import movementRoutes from './movements.routes';

const movements: ApiModule = async (app, options) => {
  await app.register(movementRoutes, options);
};

export default movements;

// Physical inventory, "Inventario físico": count sessions and their adjustments.
import type { ApiModule } from '../module';
import inventoryCountRoutes from './inventory-counts.routes';

const inventoryCounts: ApiModule = async (app, options) => {
  await app.register(inventoryCountRoutes, options);
};

export default inventoryCounts;

// Catalogue import from XLSX/CSV: partidas, units and products.
import type { ApiModule } from '../module';
import catalogImportRoutes from './catalog-imports.routes';

const catalogImports: ApiModule = async (app, options) => {
  await app.register(catalogImportRoutes, options);
};

export default catalogImports;

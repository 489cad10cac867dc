// What this remote exposes as ./App: the routes of the pages src/pages.ts declares, relative to
// where the shell mounts it (/dashboard/catalogs/*), and no providers (the shell's — or the
// standalone bootstrap's — are used).
import { AreaRoutes, type PageComponents } from '@almacen/shared';
import { CategoriesPage } from './features/categories/components/categories-page';
import { EmployeesPage } from './features/employees/components/employees-page';
import { ProductsPage } from './features/products/components/products-page';
import { RolesPage } from './features/roles/components/roles-page';
import { SuppliersPage } from './features/suppliers/components/suppliers-page';
import { UnitsPage } from './features/units/components/units-page';
import pages from './pages';

export const components: PageComponents<typeof pages> = {
  employees: EmployeesPage,
  categories: CategoriesPage,
  products: ProductsPage,
  suppliers: SuppliersPage,
  roles: RolesPage,
  units: UnitsPage,
};

export default function CatalogsApp() {
  return <AreaRoutes area={pages} components={components} />;
}

// What this remote exposes as ./App: its routes, relative to where the shell mounts it
// (/dashboard/catalogs/*), and no providers (the shell's — or the standalone bootstrap's — are used).
import { Title2 } from '@almacen/shared/fluent';
import { Navigate, Route, Routes } from '@almacen/shared/router';
import { CategoriesPage } from './features/categories/components/categories-page';
import { EmployeesPage } from './features/employees/components/employees-page';
import { ProductsPage } from './features/products/components/products-page';
import { RolesPage } from './features/roles/components/roles-page';
import { SuppliersPage } from './features/suppliers/components/suppliers-page';
import { UnitsPage } from './features/units/components/units-page';

export default function CatalogsApp() {
  return (
    <Routes>
      <Route index element={<Navigate to="employees" replace />} />
      <Route path="employees" element={<EmployeesPage />} />
      <Route path="categories" element={<CategoriesPage />} />
      <Route path="products" element={<ProductsPage />} />
      <Route path="suppliers" element={<SuppliersPage />} />
      <Route path="roles" element={<RolesPage />} />
      <Route path="units" element={<UnitsPage />} />
      <Route path="*" element={<Title2 as="h1">Página no encontrada</Title2>} />
    </Routes>
  );
}

// What this remote exposes as ./App: its routes, relative to where the shell mounts it, and no
// providers (the shell's — or the standalone bootstrap's — are used).
// PLACEHOLDER pages: the feature screens (src/features/) replace AreaPage route by route.
import { Title2 } from '@fluentui/react-components';
import { Navigate, Route, Routes } from 'react-router-dom';

function AreaPage({ title }: { title: string }) {
  return <Title2 as="h1">{title}</Title2>;
}

export default function CatalogsApp() {
  return (
    <Routes>
      <Route index element={<Navigate to="employees" replace />} />
      <Route path="employees" element={<AreaPage title="Empleados" />} />
      <Route path="categories" element={<AreaPage title="Partidas" />} />
      <Route path="products" element={<AreaPage title="Productos" />} />
      <Route path="suppliers" element={<AreaPage title="Proveedores" />} />
      <Route path="roles" element={<AreaPage title="Roles" />} />
      <Route path="units" element={<AreaPage title="Unidades" />} />
      <Route path="*" element={<AreaPage title="Página no encontrada" />} />
    </Routes>
  );
}

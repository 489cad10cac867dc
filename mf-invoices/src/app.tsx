// What this remote exposes as ./App: its routes, relative to where the shell mounts it, and no
// providers (the shell's — or the standalone bootstrap's — are used).
// PLACEHOLDER pages: the feature screens (src/features/) replace AreaPage route by route.
import { Title2 } from '@fluentui/react-components';
import { Navigate, Route, Routes } from 'react-router-dom';

function AreaPage({ title }: { title: string }) {
  return <Title2 as="h1">{title}</Title2>;
}

export default function InvoicesApp() {
  return (
    <Routes>
      <Route index element={<Navigate to="history" replace />} />
      <Route path="generate" element={<AreaPage title="Generar entrada de productos" />} />
      <Route path="history" element={<AreaPage title="Consultar historial de entradas" />} />
      <Route path="*" element={<AreaPage title="Página no encontrada" />} />
    </Routes>
  );
}

// What this remote exposes as ./App: its routes, relative to where the shell mounts it, and no
// providers (the shell's — or the standalone bootstrap's — are used).
// PLACEHOLDER page: the feature screens (src/features/) replace AreaPage.
import { Title2 } from '@fluentui/react-components';
import { Route, Routes } from 'react-router-dom';

function AreaPage({ title }: { title: string }) {
  return <Title2 as="h1">{title}</Title2>;
}

export default function StockApp() {
  return (
    <Routes>
      <Route index element={<AreaPage title="Stock de productos" />} />
      <Route path="*" element={<AreaPage title="Página no encontrada" />} />
    </Routes>
  );
}

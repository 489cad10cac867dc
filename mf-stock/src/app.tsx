// What this remote exposes as ./App: its routes, relative to where the shell mounts it
// (/dashboard/stock/*), and no providers (the shell's — or the standalone bootstrap's — are used).
import { Title2 } from '@almacen/shared/fluent';
import { Route, Routes } from '@almacen/shared/router';
import { ClosingsPage } from './features/closings/components/closings-page';
import { CountPage } from './features/counts/components/count-page';
import { CountsPage } from './features/counts/components/counts-page';
import { StockPage } from './features/stock/components/stock-page';

export default function StockApp() {
  return (
    <Routes>
      <Route index element={<StockPage />} />
      <Route path="closings" element={<ClosingsPage />} />
      <Route path="counts" element={<CountsPage />} />
      <Route path="counts/:id" element={<CountPage />} />
      <Route path="*" element={<Title2 as="h1">Página no encontrada</Title2>} />
    </Routes>
  );
}

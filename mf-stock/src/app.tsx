// What this remote exposes as ./App: the routes of the pages src/pages.ts declares, relative to
// where the shell mounts it (/dashboard/stock/*), and no providers (the shell's — or the
// standalone bootstrap's — are used).
import { AreaRoutes, type PageComponents } from '@almacen/shared';
import { ClosingsPage } from './features/closings/components/closings-page';
import { CountPage } from './features/counts/components/count-page';
import { CountsPage } from './features/counts/components/counts-page';
import { StockPage } from './features/stock/components/stock-page';
import pages from './pages';

export const components: PageComponents<typeof pages> = {
  stock: StockPage,
  closings: ClosingsPage,
  counts: CountsPage,
  count: CountPage,
};

export default function StockApp() {
  return <AreaRoutes area={pages} components={components} />;
}

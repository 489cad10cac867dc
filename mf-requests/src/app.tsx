// What this remote exposes as ./App: the routes of the pages src/pages.ts declares, relative to
// where the shell mounts it (/dashboard/requests/*), and no providers (the shell's — or the
// standalone bootstrap's — are used).
import { AreaRoutes, type PageComponents } from '@almacen/shared';
import { MyRequestsPage } from './features/requests/components/my-requests-page';
import pages from './pages';

export const components: PageComponents<typeof pages> = {
  mine: MyRequestsPage,
};

export default function RequestsApp() {
  return <AreaRoutes area={pages} components={components} />;
}

// What this remote exposes as ./App: the routes of the pages src/pages.ts declares, relative to
// where the shell mounts it (/dashboard/requests/*), and no providers (the shell's — or the
// standalone bootstrap's — are used).
import { AreaRoutes, type PageComponents } from '@almacen/shared';
import { NewRequestWizard } from './features/new-request/components/new-request-wizard';
import { RequestDetailPage } from './features/request-detail/components/request-detail-page';
import { AllRequestsPage, MyRequestsPage, ToAuthorizePage, ToFulfilPage } from './features/requests/components/list-pages';
import pages from './pages';

export const components: PageComponents<typeof pages> = {
  mine: MyRequestsPage,
  create: NewRequestWizard,
  toAuthorize: ToAuthorizePage,
  toFulfil: ToFulfilPage,
  all: AllRequestsPage,
  detail: RequestDetailPage,
};

export default function RequestsApp() {
  return <AreaRoutes area={pages} components={components} />;
}

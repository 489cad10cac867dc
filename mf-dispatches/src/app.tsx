// What this remote exposes as ./App: the routes of the pages src/pages.ts declares, relative to
// where the shell mounts it (/dashboard/dispatches/*), and no providers (the shell's — or the
// standalone bootstrap's — are used).
import { AreaRoutes, type PageComponents } from '@almacen/shared';
import { DispatchHistory } from './features/dispatch-history/components/dispatch-history';
import { DispatchWizard } from './features/dispatch-wizard/components/dispatch-wizard';
import { IncomingTransfers, TransferHistory } from './features/transfers/components/transfer-list';
import { TransferWizard } from './features/transfers/components/transfer-wizard';
import pages from './pages';

export const components: PageComponents<typeof pages> = {
  generate: DispatchWizard,
  history: DispatchHistory,
  transferNew: TransferWizard,
  transferIncoming: IncomingTransfers,
  transferHistory: TransferHistory,
};

export default function DispatchesApp() {
  return <AreaRoutes area={pages} components={components} />;
}

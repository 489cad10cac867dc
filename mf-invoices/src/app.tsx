// What this remote exposes as ./App: the routes of the pages src/pages.ts declares, relative to
// where the shell mounts it (/dashboard/invoices/*), and no providers (the shell's — or the
// standalone bootstrap's — are used).
import { AreaRoutes, type PageComponents } from '@almacen/shared';
import { CreateInvoiceWizard } from './features/create-invoice/components/create-invoice-wizard';
import { InvoiceHistory } from './features/invoice-history/components/invoice-history';
import pages from './pages';

export const components: PageComponents<typeof pages> = {
  generate: CreateInvoiceWizard,
  history: InvoiceHistory,
};

export default function InvoicesApp() {
  return <AreaRoutes area={pages} components={components} />;
}

// What this remote exposes as ./App: its routes, relative to where the shell mounts it
// (/dashboard/invoices/*), and no providers (the shell's — or the standalone bootstrap's — are used).
import { PermissionGate } from '@almacen/shared';
import { Title2 } from '@almacen/shared/fluent';
import { Navigate, Route, Routes } from '@almacen/shared/router';
import { CreateInvoiceWizard, INVOICE_WIZARD_TEXTS } from './features/create-invoice/components/create-invoice-wizard';
import { InvoiceHistory } from './features/invoice-history/components/invoice-history';

export default function InvoicesApp() {
  return (
    <Routes>
      <Route index element={<Navigate to="history" replace />} />
      <Route
        path="generate"
        element={
          <PermissionGate permission="invoices.create" title={INVOICE_WIZARD_TEXTS.title}>
            <CreateInvoiceWizard />
          </PermissionGate>
        }
      />
      <Route path="history" element={<InvoiceHistory />} />
      <Route path="*" element={<Title2 as="h1">Página no encontrada</Title2>} />
    </Routes>
  );
}

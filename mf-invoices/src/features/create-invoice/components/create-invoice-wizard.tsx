// "Nueva factura": header, products, summary; saving registers the entry,
// tells the user the invoice number, goes to the history and refreshes entries, stock and
// movements everywhere in the portal.
import { useMemo } from 'react';
import {
  actionErrorText,
  useClosedUntil,
  useRefreshAfterDocument,
  useRegisterInvoice,
  usePageTitle,
  useRuntimeConfig,
  useWarehouseNavigate,
} from '@almacen/shared';
import { todayIn, type Invoice } from '@almacen/shared/domain';
import { closedPeriodStep, combineSteps, FormWizard, rowsStep, schemaStep, type WizardStep } from '@almacen/shared/kit';
import { DOCUMENT_MESSAGES, makeInvoiceSchemas } from '@almacen/shared/schemas';
import {
  emptyInvoice,
  invoiceRowsStep,
  rowFieldOf,
  toCreateInvoiceBody,
  toLine,
  type CreateInvoiceBody,
  type InvoiceFormValues,
  type InvoiceRowValues,
} from '../lib/invoice-values';
import { InvoiceHeaderStep } from './invoice-header-step';
import { InvoiceProductsStep } from './invoice-products-step';
import { InvoiceSummaryStep } from './invoice-summary-step';

export const INVOICE_WIZARD_TEXTS = {
  title: 'Nueva factura',
  steps: ['Datos de la factura', 'Lista de productos', 'Resumen de factura'],
  review: 'Ver resumen de entrada',
  save: 'Guardar entrada',
  saved: (invoiceNumber: string) => `Factura ${invoiceNumber} registrada correctamente.`,
  /** "Algo salió mal mientras tratábamos de crear la entrada solicitada." + the server's message */
  saveError: 'crear la entrada solicitada',
} as const;

export function CreateInvoiceWizard() {
  const registerInvoice = useRegisterInvoice<CreateInvoiceBody>();
  const refreshAfterDocument = useRefreshAfterDocument();
  const navigate = useWarehouseNavigate();
  const { timeZone } = useRuntimeConfig();
  // The last month closed: the date picker starts after it. Nothing waits for it.
  const closedUntil = useClosedUntil();
  usePageTitle(INVOICE_WIZARD_TEXTS.title);

  const steps = useMemo<WizardStep<InvoiceFormValues>[]>(() => {
    // "Not later than today" is judged in the institution's time zone, at the moment of checking.
    const { header, line } = makeInvoiceSchemas({ today: () => todayIn(timeZone) });
    return [
      {
        label: INVOICE_WIZARD_TEXTS.steps[0],
        content: <InvoiceHeaderStep closedUntil={closedUntil} />,
        validate: combineSteps(schemaStep<InvoiceFormValues>(header), closedPeriodStep<InvoiceFormValues>('invoiceDate', closedUntil)),
      },
      {
        label: INVOICE_WIZARD_TEXTS.steps[1],
        content: <InvoiceProductsStep />,
        validate: combineSteps(
          rowsStep<InvoiceFormValues, InvoiceRowValues>('products', line, { toLine, fieldOf: rowFieldOf }),
          invoiceRowsStep,
        ),
        minRows: { name: 'products', message: DOCUMENT_MESSAGES.invoiceProducts },
      },
      { label: INVOICE_WIZARD_TEXTS.steps[2], content: <InvoiceSummaryStep />, review: true },
    ];
  }, [timeZone, closedUntil]);

  return (
    <FormWizard<InvoiceFormValues, Invoice>
      title={INVOICE_WIZARD_TEXTS.title}
      draftName="entrada"
      steps={steps}
      initialValues={() => emptyInvoice(todayIn(timeZone))}
      reviewLabel={INVOICE_WIZARD_TEXTS.review}
      saveLabel={INVOICE_WIZARD_TEXTS.save}
      request={toCreateInvoiceBody}
      save={(values, { idempotencyKey }) => registerInvoice(toCreateInvoiceBody(values), idempotencyKey)}
      successMessage={(invoice, values) => INVOICE_WIZARD_TEXTS.saved(invoice?.invoiceNumber ?? values.invoiceNumber.trim())}
      errorMessage={(error) => actionErrorText(INVOICE_WIZARD_TEXTS.saveError, error)}
      onSaved={() => {
        // Relative to this route: /dashboard/invoices/history in the shell, /history standalone.
        navigate('../history');
        return refreshAfterDocument();
      }}
    />
  );
}

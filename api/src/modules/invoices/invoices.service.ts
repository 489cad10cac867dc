// Registering an invoice (entrada): header, lines and one ledger entry per line, in one
// transaction (see ledger.service.ts for the rules). The purchase price is the final unit cost
// the form computed; VAT/IEPS flags and rate are stored beside it for the reports.
import { toDecimalString, type CreateCancellation, type CreateInvoice } from '@almacen/shared/domain';
import type { Db, Trx } from '../../db/pool';
import { AppError, isPgErrorCode } from '../../http/errors';
import type { AuthUser } from '../../plugins/auth';
import { cancelDocument, postEntries, registerDocument, type Cancellation, type DocumentOptions, type Registered } from '../ledger/ledger.service';
import { checkReferences, REFERENCE_MESSAGES as R } from '../ledger/references';
import * as repo from './invoices.repository';

const decimalText = (value: string | number): string => {
  const text = toDecimalString(value);
  // The schema accepted it, so this only guards against a caller skipping validation.
  if (text === null) throw new AppError('VALIDATION');
  return text;
};

async function duplicateMessage(trx: Pick<Trx, 'query'>, supplierId: number, invoiceNumber: string): Promise<string> {
  const { rows } = await trx.query<{ name: string }>('SELECT name FROM suppliers WHERE id = $1', [supplierId]);
  return `Ya existe la factura «${invoiceNumber}» del proveedor «${rows[0]?.name ?? supplierId}»; el número de factura no se repite por proveedor.`;
}

export async function registerInvoice(
  db: Db,
  actor: AuthUser,
  input: CreateInvoice,
  options: DocumentOptions = {},
): Promise<Registered<repo.InvoiceDetail>> {
  const invoiceNumber = input.invoiceNumber.trim();
  const lines = input.products.map((p) => ({
    productId: p.productId,
    quantity: decimalText(p.quantity),
    purchasePrice: decimalText(p.purchasePrice),
    observations: p.observations?.trim() || null,
    applyValueAddedTax: p.applyValueAddedTaxToPurchasePrice,
    applyExciseTax: p.applyExciseTax,
    exciseTaxRate: decimalText(p.exciseTaxRate),
  }));

  return registerDocument(
    db,
    actor,
    'invoices',
    async (trx) => {
      await checkReferences(trx, {
        suppliers: [{ field: 'supplierId', id: input.supplierId, message: R.supplier }],
        employees: [
          { field: 'directorEmployeeId', id: input.directorEmployeeId, message: R.director },
          { field: 'enteredByEmployeeId', id: input.enteredByEmployeeId, message: R.enteredBy },
          { field: 'warehouseKeeperEmployeeId', id: input.warehouseKeeperEmployeeId, message: R.warehouseKeeper },
        ],
        products: lines.map((l, i) => ({ field: `products.${i}.productId`, id: l.productId, message: R.product })),
      });

      // Savepoint: a duplicate folio must still let us read the supplier's name for the message.
      await trx.query('SAVEPOINT invoice_header');
      let invoiceId: number;
      try {
        invoiceId = await repo.insertInvoice(trx, actor, {
          supplierId: input.supplierId,
          invoiceNumber,
          invoiceDate: input.invoiceDate,
          invoiceType: input.invoiceType,
          directorEmployeeId: input.directorEmployeeId,
          enteredByEmployeeId: input.enteredByEmployeeId,
          warehouseKeeperEmployeeId: input.warehouseKeeperEmployeeId,
        });
      } catch (error) {
        if (!isPgErrorCode(error, '23505')) throw error;
        await trx.query('ROLLBACK TO SAVEPOINT invoice_header');
        const message = await duplicateMessage(trx, input.supplierId, invoiceNumber);
        throw new AppError('DUPLICATE', message, { invoiceNumber: message });
      }
      await trx.query('RELEASE SAVEPOINT invoice_header');

      const lineIds = await repo.insertInvoiceLines(trx, invoiceId, lines);
      await postEntries(
        trx,
        lines.map((l, i) => ({
          productId: l.productId,
          invoiceId,
          invoiceLineId: lineIds[i],
          quantity: l.quantity,
          unitCost: l.purchasePrice,
          observations: l.observations,
          applyValueAddedTax: l.applyValueAddedTax,
          applyExciseTax: l.applyExciseTax,
          exciseTaxRate: l.exciseTaxRate,
        })),
      );
      const saved = await repo.findInvoice(trx, invoiceId);
      if (!saved) throw new Error(`La factura ${invoiceId} no se encontró después de guardarla.`);
      return saved;
    },
    options,
  );
}

export const INVOICE_CANCELLATION_TEXTS = {
  notFound: 'No existe la entrada solicitada.',
  alreadyCancelled: 'La entrada ya está cancelada.',
} as const;

/** Cancels a whole invoice with a reversing document (ledger.service.ts, cancelDocument). */
export async function cancelInvoice(
  db: Db,
  actor: AuthUser,
  invoiceId: number,
  input: CreateCancellation,
  options: DocumentOptions = {},
): Promise<Registered<Cancellation>> {
  return cancelDocument(db, actor, 'INVOICE', invoiceId, input.reason.trim(), INVOICE_CANCELLATION_TEXTS, options);
}

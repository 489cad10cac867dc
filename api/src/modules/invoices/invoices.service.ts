// Registering an invoice (entrada): header, lines and one ledger entry per line, in one
// transaction (see ledger.service.ts for the rules). The purchase price is the final unit cost
// the form computed; VAT/IEPS flags and rate are stored beside it for the reports.
import { compareDecimal, multiplyDecimal, toDecimalString } from '@almacen/shared/domain';
import { DOCUMENT_MESSAGES, type CreateCancellation, type CreateInvoice } from '@almacen/shared/schemas';
import { resolveWarehouse } from '../../access/warehouse-scope';
import type { Config } from '../../config';
import type { Db, Trx } from '../../db/pool';
import { AppError, isPgErrorCode } from '../../http/errors';
import type { AuthUser } from '../../plugins/auth';
import { cfdiPool } from '../cfdi/cfdi-pool';
import type { Cfdi } from '../cfdi/cfdi-reader';
import { cfdiTotals, conceptValue } from '../cfdi/cfdi-values';
import { checkNotRegistered, conceptKey, rememberProducts } from '../cfdi/cfdi.service';
import {
  cancelDocument,
  postEntries,
  registerDocument,
  type Cancellation,
  type DocumentOptions,
  type Registered,
} from '../ledger/ledger.service';
import { checkReferences, REFERENCE_MESSAGES as R } from '../ledger/references';
import * as repo from './invoices.repository';

/** The optional `cfdi: { uuid, xml }` of POST /api/invoices and each line's `cfdiIndex` and `amount`. */
export interface CfdiAttachment {
  uuid: string;
  xml: string;
  /** Per product line: the CFDI concept (1-based) it came from, or null. */
  conceptIndexes: Array<number | null>;
  /** Per product line: the value the form showed for a line that carries its concept's value, or null (a typed line). */
  amounts: Array<string | null>;
}

/** The `cfdi` and the lines' `cfdiIndex` and `amount` of a body the shared invoice schema has passed. */
export function cfdiAttachmentOf(input: CreateInvoice): CfdiAttachment | null {
  const lines = input.products;
  if (!input.cfdi) {
    const index = lines.findIndex((line) => line.amount !== undefined && line.amount !== null);
    if (index >= 0)
      throw new AppError('VALIDATION', CFDI_TEXTS.amountWithoutCfdi, { [`products.${index}.amount`]: CFDI_TEXTS.amountWithoutCfdi });
    return null;
  }
  const conceptIndexes = lines.map((line) => line.cfdiIndex ?? null);
  const amounts = lines.map((line, i) => {
    if (line.amount === undefined || line.amount === null) return null;
    if (conceptIndexes[i] === null)
      throw new AppError('VALIDATION', CFDI_TEXTS.amountWithoutCfdi, { [`products.${i}.amount`]: CFDI_TEXTS.amountWithoutCfdi });
    return toDecimalString(line.amount);
  });
  return { uuid: input.cfdi.uuid.trim().toUpperCase(), xml: input.cfdi.xml, conceptIndexes, amounts };
}

export const CFDI_TEXTS = {
  amountWithoutCfdi: 'Solo un renglón que viene de un concepto del CFDI lleva su importe; indica el precio del artículo.',
  noConcept: (line: number, index: number) => `El renglón ${line} dice venir del concepto ${index}, que el CFDI no tiene.`,
  otherQuantity: (line: number, index: number, quantity: string) =>
    `La cantidad del renglón ${line} no es la del concepto ${index} del CFDI (${quantity}); un renglón con otra cantidad se registra con el precio tecleado.`,
  otherAmount: (line: number, index: number, value: string) =>
    `El importe del renglón ${line} no es el del concepto ${index} del CFDI (${value}).`,
} as const;

const decimalText = (value: string | number): string => {
  const text = toDecimalString(value);
  // The schema accepted it, so this only guards against a caller skipping validation.
  if (text === null) throw new AppError('VALIDATION');
  return text;
};

/**
 * A line that carries its CFDI concept's value (cfdi-values.ts): the XML read again says what it
 * is worth; the form's `amount` must be that value and its quantity the concept's, else 400 (a
 * line whose quantity or price the person changed is sent as a typed line). Its price is the
 * display value ÷ quantity.
 */
function cfdiLine(cfdi: Cfdi, typed: repo.NewInvoiceLine, index: number, amount: string, i: number): repo.NewInvoiceLine {
  const fail = (field: string, message: string): never => {
    throw new AppError('VALIDATION', message, { [`products.${i}.${field}`]: message });
  };
  const concept = cfdi.concepts[index - 1];
  if (!concept) return fail('amount', CFDI_TEXTS.noConcept(i + 1, index));
  const figures = conceptValue(cfdi, concept);
  if (figures.errors.length > 0) fail('amount', `Concepto ${index} del CFDI: ${figures.errors[0]}`);
  if (compareDecimal(typed.quantity, figures.quantity) !== 0) fail('quantity', CFDI_TEXTS.otherQuantity(i + 1, index, figures.quantity));
  if (compareDecimal(amount, figures.value) !== 0) fail('amount', CFDI_TEXTS.otherAmount(i + 1, index, figures.value));
  return {
    ...typed,
    purchasePrice: figures.purchasePrice,
    unitCost: figures.unitCost,
    value: figures.value,
    cfdi: { concept: index, vatAmount: figures.vatAmount, iepsAmount: figures.iepsAmount },
  };
}

async function duplicateMessage(trx: Pick<Trx, 'query'>, supplierId: number, invoiceNumber: string): Promise<string> {
  const { rows } = await trx.query<{ name: string }>('SELECT name FROM suppliers WHERE id = $1', [supplierId]);
  return `Ya existe la factura «${invoiceNumber}» del proveedor «${rows[0]?.name ?? supplierId}»; el número de factura no se repite por proveedor.`;
}

export async function registerInvoice(
  db: Db,
  actor: AuthUser,
  input: CreateInvoice,
  options: DocumentOptions & { cfdi?: CfdiAttachment | null; config?: Pick<Config, 'institutionRfc'> } = {},
): Promise<Registered<repo.InvoiceDetail>> {
  const invoiceNumber = input.invoiceNumber.trim();
  // The XML is read again here: what is kept and remembered is what the file says, not what a
  // client claims it says.
  const attachment = options.cfdi ?? null;
  let cfdi: (Cfdi & { uuid: string }) | null = null;
  let xmlBytes: Buffer | null = null;
  if (attachment) {
    xmlBytes = Buffer.from(attachment.xml, 'utf8');
    // Read and checked (readCfdi + checkCfdi) in the CFDI worker pool, off the request thread.
    const read = await cfdiPool.read(xmlBytes, options.config?.institutionRfc ?? null, actor.sub);
    if (read.uuid !== attachment.uuid) {
      throw new AppError('VALIDATION', `El UUID indicado (${attachment.uuid}) no es el del XML (${read.uuid}).`, {
        cfdi: 'El UUID no corresponde al XML.',
      });
    }
    cfdi = read;
  }
  const lines: repo.NewInvoiceLine[] = input.products.map((p, i) => {
    const quantity = decimalText(p.quantity);
    const typed = {
      productId: p.productId,
      quantity,
      purchasePrice: decimalText(p.purchasePrice),
      // A typed line is worth quantity × price, to the cent.
      value: multiplyDecimal(quantity, decimalText(p.purchasePrice), 2),
      cfdi: null,
      observations: p.observations?.trim() || null,
      applyValueAddedTax: p.applyValueAddedTaxToPurchasePrice,
      applyExciseTax: p.applyExciseTax,
      exciseTaxRate: decimalText(p.exciseTaxRate),
    };
    const amount = attachment?.amounts[i] ?? null;
    if (amount === null || !cfdi) {
      if (compareDecimal(typed.value, '0') === 0) {
        throw new AppError('VALIDATION', DOCUMENT_MESSAGES.lineValue, { [`products.${i}.purchasePrice`]: DOCUMENT_MESSAGES.lineValue });
      }
      return typed;
    }
    return cfdiLine(cfdi, typed, attachment!.conceptIndexes[i]!, amount, i);
  });

  const warehouseId = await resolveWarehouse(db, options.access ?? null, input.warehouseId);
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
      if (cfdi) {
        await checkNotRegistered(trx, cfdi.uuid);
        const { rows } = await trx.query<{ rfc: string; name: string }>('SELECT rfc, name FROM suppliers WHERE id = $1', [
          input.supplierId,
        ]);
        if (rows[0] && rows[0].rfc.toUpperCase() !== cfdi.issuer.rfc) {
          const message = `El proveedor «${rows[0].name}» (RFC ${rows[0].rfc}) no es el emisor del CFDI (RFC ${cfdi.issuer.rfc}).`;
          throw new AppError('VALIDATION', message, { supplierId: message });
        }
      }

      // Savepoint: a duplicate folio must still let us read the supplier's name for the message.
      await trx.query('SAVEPOINT invoice_header');
      let invoiceId: number;
      try {
        invoiceId = await repo.insertInvoice(trx, actor, {
          warehouseId,
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
        warehouseId,
        lines.map((l, i) => ({
          productId: l.productId,
          invoiceId,
          invoiceLineId: lineIds[i],
          quantity: l.quantity,
          unitCost: l.unitCost ?? l.purchasePrice,
          value: l.value,
          dated: input.invoiceDate,
          observations: l.observations,
          applyValueAddedTax: l.applyValueAddedTax,
          applyExciseTax: l.applyExciseTax,
          exciseTaxRate: l.exciseTaxRate,
        })),
      );
      if (cfdi && xmlBytes && attachment) {
        await repo.insertInvoiceCfdi(trx, invoiceId, { uuid: cfdi.uuid, issuerRfc: cfdi.issuer.rfc, xml: xmlBytes, ...cfdiTotals(cfdi) });
        // Remember concept → product: by each line's cfdiIndex, else line i ↔ concept i when
        // the entry has as many lines as the CFDI has concepts.
        const indexed = attachment.conceptIndexes.some((i) => i !== null);
        const pairs = lines.flatMap((l, i) => {
          const index = indexed ? attachment.conceptIndexes[i] : lines.length === cfdi!.concepts.length ? i + 1 : null;
          const concept = index ? cfdi!.concepts[index - 1] : undefined;
          return concept ? [{ key: conceptKey(concept), productId: l.productId, description: concept.description }] : [];
        });
        await rememberProducts(trx, cfdi.issuer.rfc, pairs);
      }
      const saved = await repo.findInvoice(trx, invoiceId);
      if (!saved) throw new Error(`La factura ${invoiceId} no se encontró después de guardarla.`);
      return saved;
    },
    { ...options, warehouseId, documentDate: { value: input.invoiceDate, field: 'invoiceDate' } },
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

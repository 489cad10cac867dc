// Registering an invoice (entrada): header, lines and one ledger entry per line, in one
// transaction (see ledger.service.ts for the rules). The purchase price is the final unit cost
// the form computed; VAT/IEPS flags and rate are stored beside it for the reports.
import { toDecimalString, type CreateCancellation, type CreateInvoice } from '@almacen/shared/domain';
import type { Config } from '../../config';
import type { Db, Trx } from '../../db/pool';
import { AppError, isPgErrorCode } from '../../http/errors';
import type { AuthUser } from '../../plugins/auth';
import { cfdiPool } from '../cfdi/cfdi-pool';
import type { Cfdi } from '../cfdi/cfdi-reader';
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

/** The optional `cfdi: { uuid, xml }` of POST /api/invoices and each line's `cfdiIndex`. */
export interface CfdiAttachment {
  uuid: string;
  xml: string;
  /** Per product line: the CFDI concept (1-based) it came from, or null. */
  conceptIndexes: Array<number | null>;
}

const CFDI_FIELD_MESSAGE = 'El CFDI adjunto debe traer su UUID y su XML.';

/** Reads `cfdi` and the lines' `cfdiIndex` from the body (the shared schema ignores them). */
export function cfdiAttachmentOf(body: unknown): CfdiAttachment | null {
  const value = (body as { cfdi?: unknown } | null)?.cfdi;
  if (value === undefined || value === null) return null;
  const { uuid, xml } = value as { uuid?: unknown; xml?: unknown };
  if (typeof uuid !== 'string' || typeof xml !== 'string' || uuid.trim() === '' || xml.trim() === '') {
    throw new AppError('VALIDATION', CFDI_FIELD_MESSAGE, { cfdi: CFDI_FIELD_MESSAGE });
  }
  const products = (body as { products?: unknown }).products;
  const conceptIndexes = (Array.isArray(products) ? products : []).map((p) => {
    const index = (p as { cfdiIndex?: unknown } | null)?.cfdiIndex;
    return typeof index === 'number' && Number.isSafeInteger(index) && index >= 1 ? index : null;
  });
  return { uuid: uuid.trim().toUpperCase(), xml, conceptIndexes };
}

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
    const read = await cfdiPool.read(xmlBytes, options.config?.institutionRfc ?? null);
    if (read.uuid !== attachment.uuid) {
      throw new AppError('VALIDATION', `El UUID indicado (${attachment.uuid}) no es el del XML (${read.uuid}).`, {
        cfdi: 'El UUID no corresponde al XML.',
      });
    }
    cfdi = read;
  }
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
      if (cfdi && xmlBytes && attachment) {
        await repo.insertInvoiceCfdi(trx, invoiceId, { uuid: cfdi.uuid, issuerRfc: cfdi.issuer.rfc, xml: xmlBytes });
        // Remember concept → product: by each line's cfdiIndex, else line i ↔ concept i when
        // the entry has as many lines as the CFDI has concepts.
        const indexed = attachment.conceptIndexes.some((i) => i !== null);
        const pairs = lines.flatMap((l, i) => {
          const index = indexed ? attachment.conceptIndexes[i] : lines.length === cfdi!.concepts.length ? i + 1 : null;
          const concept = index ? cfdi!.concepts[index - 1] : undefined;
          return concept ? [{ key: conceptKey(concept), productId: l.productId }] : [];
        });
        await rememberProducts(trx, cfdi.issuer.rfc, pairs);
      }
      const saved = await repo.findInvoice(trx, invoiceId);
      if (!saved) throw new Error(`La factura ${invoiceId} no se encontró después de guardarla.`);
      return saved;
    },
    { ...options, documentDate: { value: input.invoiceDate, field: 'invoiceDate' } },
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

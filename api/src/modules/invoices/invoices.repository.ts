// Invoices (entradas) and their lines. Rows are snake_case here and camelCase in the API,
// mapped only in this file. Decimals leave PostgreSQL as text without trailing zeros.
import type { InvoiceDefaults, InvoiceType } from '@almacen/shared/domain';
import type { Trx, Queryable } from '../../db/pool';
import type { AuthUser } from '../../plugins/auth';
import { CANCELLATION_COLUMNS, withStatus, type CancellationColumns, type CancellationView } from '../ledger/ledger.reads';

export interface InvoiceSummary {
  id: number;
  invoiceNumber: string;
  invoiceType: InvoiceType;
  invoiceDate: string;
  supplier: { id: number; name: string; rfc: string };
  createdAt: Date;
  /** The UUID of the supplier's CFDI kept with the entry, or null. */
  cfdiUuid: string | null;
}

export interface InvoiceListItem extends InvoiceSummary {
  status: 'REGISTRADA' | 'CANCELADA';
  cancellation: CancellationView | null;
}

export interface InvoiceLineView {
  id: number;
  lineNo: number;
  productId: number;
  productName: string;
  quantity: string;
  purchasePrice: string;
  amount: string;
  observations: string | null;
  applyExciseTax: boolean;
  applyValueAddedTaxToPurchasePrice: boolean;
  exciseTaxRate: string;
  movementId: number;
  /** The CFDI concept whose value the line carries (its stated IVA/IEPS below), or null for a typed line. */
  cfdiConcept: number | null;
  vatAmount: string | null;
  iepsAmount: string | null;
}

export interface InvoiceDetail extends InvoiceSummary {
  supplierId: number;
  directorEmployeeId: number;
  enteredByEmployeeId: number;
  warehouseKeeperEmployeeId: number;
  createdBy: string;
  createdByName: string;
  /** Σ of the lines' values: "Total de la entrada". */
  total: string;
  /** What the entry's CFDI says in pesos (Total × TipoCambio) and the retentions it discounts; null without a CFDI. */
  cfdiTotal: string | null;
  cfdiWithheld: string | null;
  products: InvoiceLineView[];
}

const SUPPLIER = `json_build_object('id', s.id, 'name', s.name, 'rfc', s.rfc)`;

/** A line's value (`l`): as recorded, or quantity × price on lines written before values were kept. */
export const LINE_VALUE = 'coalesce(l.amount, l.quantity * l.purchase_price)';

/** Newest first, each with its state ("REGISTRADA" or "CANCELADA") and cancellation. */
/** A warehouse's entries, the most recent first. */
export async function listInvoices(db: Queryable, warehouseId: number): Promise<InvoiceListItem[]> {
  const { rows } = await db.query<InvoiceSummary & CancellationColumns>(
    `SELECT i.id, i.invoice_number AS "invoiceNumber", i.invoice_type AS "invoiceType", i.invoice_date AS "invoiceDate",
            ${SUPPLIER} AS supplier, i.created_at AS "createdAt", cf.uuid AS "cfdiUuid", ${CANCELLATION_COLUMNS}
       FROM invoices i JOIN suppliers s ON s.id = i.supplier_id
       LEFT JOIN invoice_cfdis cf ON cf.invoice_id = i.id
       LEFT JOIN document_cancellations c ON c.invoice_id = i.id
      WHERE i.warehouse_id = $1
      ORDER BY i.id DESC`,
    [warehouseId],
  );
  return rows.map(withStatus);
}

export async function invoiceExists(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM invoices WHERE id = $1', [id]);
  return rowCount === 1;
}

export async function findInvoice(db: Queryable, id: number): Promise<InvoiceDetail | null> {
  const { rows } = await db.query<InvoiceDetail>(
    `SELECT i.id, i.invoice_number AS "invoiceNumber", i.invoice_type AS "invoiceType", i.invoice_date AS "invoiceDate",
            i.supplier_id AS "supplierId", ${SUPPLIER} AS supplier,
            i.director_employee_id AS "directorEmployeeId", i.entered_by_employee_id AS "enteredByEmployeeId",
            i.warehouse_keeper_employee_id AS "warehouseKeeperEmployeeId",
            i.created_by AS "createdBy", i.created_by_name AS "createdByName", i.created_at AS "createdAt",
            cf.uuid AS "cfdiUuid", trim_scale(cf.total)::text AS "cfdiTotal", trim_scale(cf.withheld)::text AS "cfdiWithheld",
            (SELECT trim_scale(coalesce(sum(${LINE_VALUE}), 0))::text FROM invoice_lines l WHERE l.invoice_id = i.id) AS total,
            (SELECT json_agg(json_build_object(
                      'id', l.id, 'lineNo', l.line_no, 'productId', l.product_id, 'productName', p.name,
                      'quantity', trim_scale(l.quantity)::text, 'purchasePrice', trim_scale(l.purchase_price)::text,
                      'amount', trim_scale(${LINE_VALUE})::text, 'observations', l.observations,
                      'applyExciseTax', l.apply_excise_tax,
                      'applyValueAddedTaxToPurchasePrice', l.apply_value_added_tax_to_purchase_price,
                      'exciseTaxRate', trim_scale(l.excise_tax_rate)::text, 'movementId', m.id,
                      'cfdiConcept', l.cfdi_concept, 'vatAmount', trim_scale(l.vat_amount)::text, 'iepsAmount', trim_scale(l.ieps_amount)::text)
                    ORDER BY l.line_no)
               FROM invoice_lines l
               JOIN products p ON p.id = l.product_id
               JOIN movements m ON m.invoice_line_id = l.id
              WHERE l.invoice_id = i.id) AS products
       FROM invoices i JOIN suppliers s ON s.id = i.supplier_id
       LEFT JOIN invoice_cfdis cf ON cf.invoice_id = i.id
      WHERE i.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export interface NewInvoice {
  supplierId: number;
  invoiceNumber: string;
  invoiceDate: string;
  invoiceType: InvoiceType;
  directorEmployeeId: number;
  enteredByEmployeeId: number;
  warehouseKeeperEmployeeId: number;
  warehouseId: number;
}

export async function insertInvoice(trx: Trx, actor: AuthUser, invoice: NewInvoice): Promise<number> {
  const { rows } = await trx.query<{ id: number }>(
    `INSERT INTO invoices (supplier_id, invoice_number, invoice_date, invoice_type, director_employee_id,
                           entered_by_employee_id, warehouse_keeper_employee_id, created_by, created_by_name, warehouse_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      invoice.supplierId,
      invoice.invoiceNumber,
      invoice.invoiceDate,
      invoice.invoiceType,
      invoice.directorEmployeeId,
      invoice.enteredByEmployeeId,
      invoice.warehouseKeeperEmployeeId,
      actor.sub,
      actor.name,
      invoice.warehouseId,
    ],
  );
  return rows[0].id;
}

export interface NewInvoiceLine {
  productId: number;
  quantity: string;
  purchasePrice: string;
  /** The line's value, to the cent. */
  value: string;
  /** The unit cost its movement shows, when it is not the price (a CFDI's line: value ÷ quantity, 6 decimals). */
  unitCost?: string;
  /** From a CFDI: the concept, and the IVA and IEPS it states (pesos). */
  cfdi: { concept: number; vatAmount: string; iepsAmount: string } | null;
  observations: string | null;
  applyValueAddedTax: boolean;
  applyExciseTax: boolean;
  exciseTaxRate: string;
}

/** Inserts the lines numbered 1..n in the given order; answers their ids in that order. */
export async function insertInvoiceLines(trx: Trx, invoiceId: number, lines: NewInvoiceLine[]): Promise<number[]> {
  const { rows } = await trx.query<{ id: number }>(
    `INSERT INTO invoice_lines (invoice_id, line_no, product_id, quantity, purchase_price, observations,
                                apply_value_added_tax_to_purchase_price, apply_excise_tax, excise_tax_rate,
                                amount, cfdi_concept, vat_amount, ieps_amount)
     SELECT $1, t.line_no, t.product_id, t.quantity, t.purchase_price, t.observations, t.vat, t.ieps, t.rate,
            t.amount, t.concept, t.vat_amount, t.ieps_amount
       FROM unnest($2::integer[], $3::numeric[], $4::numeric[], $5::text[], $6::boolean[], $7::boolean[], $8::numeric[],
                   $9::numeric[], $10::integer[], $11::numeric[], $12::numeric[])
            WITH ORDINALITY AS t(product_id, quantity, purchase_price, observations, vat, ieps, rate, amount, concept, vat_amount, ieps_amount, line_no)
      ORDER BY t.line_no
     RETURNING id, line_no`,
    [
      invoiceId,
      lines.map((l) => l.productId),
      lines.map((l) => l.quantity),
      lines.map((l) => l.purchasePrice),
      lines.map((l) => l.observations),
      lines.map((l) => l.applyValueAddedTax),
      lines.map((l) => l.applyExciseTax),
      lines.map((l) => l.exciseTaxRate),
      lines.map((l) => l.value),
      lines.map((l) => l.cfdi?.concept ?? null),
      lines.map((l) => l.cfdi?.vatAmount ?? null),
      lines.map((l) => l.cfdi?.iepsAmount ?? null),
    ],
  );
  return (rows as Array<{ id: number; line_no: string | number }>).sort((a, b) => Number(a.line_no) - Number(b.line_no)).map((r) => r.id);
}

/** Keeps the supplier's CFDI with the entry, byte for byte. */
export async function insertInvoiceCfdi(
  trx: Trx,
  invoiceId: number,
  cfdi: { uuid: string; issuerRfc: string; xml: Buffer; total: string; withheld: string },
): Promise<void> {
  await trx.query('INSERT INTO invoice_cfdis (invoice_id, uuid, issuer_rfc, xml, total, withheld) VALUES ($1, $2, $3, $4, $5, $6)', [
    invoiceId,
    cfdi.uuid,
    cfdi.issuerRfc,
    cfdi.xml,
    cfdi.total,
    cfdi.withheld,
  ]);
}

/** The stored XML of an entry's CFDI; null when the entry has none (or does not exist). */
export async function invoiceCfdi(db: Queryable, invoiceId: number): Promise<{ uuid: string; xml: Buffer } | null> {
  const { rows } = await db.query<{ uuid: string; xml: Buffer }>('SELECT uuid, xml FROM invoice_cfdis WHERE invoice_id = $1', [invoiceId]);
  return rows[0] ?? null;
}

/** The type and signers of the last entry `sub` registered, or null before their first. */
export async function lastInvoiceChoices(db: Queryable, sub: string): Promise<InvoiceDefaults | null> {
  const { rows } = await db.query<InvoiceDefaults>(
    `SELECT invoice_type AS "invoiceType", director_employee_id AS "directorEmployeeId",
            entered_by_employee_id AS "enteredByEmployeeId", warehouse_keeper_employee_id AS "warehouseKeeperEmployeeId"
       FROM invoices WHERE created_by = $1 ORDER BY id DESC LIMIT 1`,
    [sub],
  );
  return rows[0] ?? null;
}

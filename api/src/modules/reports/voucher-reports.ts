// "Reporte de entrada" and "Reporte de salida" as ReportDefinitions: a registered invoice's or
// dispatch's header fields, its lines with their taxes, its totals and signature blocks, and the
// CANCELADA stamp of a cancelled document. The stock reports and the kardex are in reports.service.ts.
import {
  addDecimal,
  compareDecimal,
  DEFAULT_TIME_ZONE,
  divideDecimal,
  formatDate,
  formatDateTime,
  invoiceTypeLabel,
  subtractDecimal,
  trimDecimal,
  VAT_FACTOR,
} from '@almacen/shared/domain';
import type { Column, ReportDefinition, Row } from '../../reports/model';
import * as repo from './reports.repository';
import { base, mapBatches, NO_CATEGORY, NO_UNIT, type ReportContext } from './reports.service';
import type { Snapshot } from './snapshot';

/** "CANCELADA" / "Cancelada el 07/03/2026 09:05 · Motivo: …" for a cancelled document's voucher. */
function cancellationStamp(cancellation: repo.CancellationStamp | null, context: ReportContext): ReportDefinition['stamp'] {
  if (!cancellation) return undefined;
  const when = formatDateTime(cancellation.cancelled_at, context.timeZone ?? DEFAULT_TIME_ZONE);
  return { title: 'CANCELADA', text: `Cancelada el ${when} · Motivo: ${cancellation.reason}` };
}

// ---------------------------------------------------------------- Reporte de entrada

const ENTRY_COLUMNS: Column[] = [
  { header: 'No.', kind: 'text', weight: 22, xlsxWidth: 6 },
  { header: 'Producto', kind: 'text', weight: 112, xlsxWidth: 40 },
  { header: 'Unidad', kind: 'text', weight: 40, xlsxWidth: 12 },
  { header: 'Partida', kind: 'text', weight: 84, xlsxWidth: 28 },
  { header: 'Cantidad', kind: 'quantity', weight: 44, xlsxWidth: 12 },
  { header: 'Precio unitario', kind: 'price', weight: 56, xlsxWidth: 16 },
  { header: 'Tasa IEPS', kind: 'text', weight: 30, xlsxWidth: 10 },
  { header: 'IEPS', kind: 'money', weight: 46, xlsxWidth: 14 },
  { header: 'IVA', kind: 'money', weight: 46, xlsxWidth: 14 },
  { header: 'Importe', kind: 'money', weight: 60, xlsxWidth: 16 },
];

/** The taxes contained in a line's amount (the unit price already includes them). */
export interface TaxBreakdown {
  net: string;
  ieps: string;
  vat: string;
}

/**
 * Splits a line's amount (cents) into net + IEPS + IVA, exactly and to the cent. The form
 * builds the unit price as base × (1 + IEPS/100) × 1.16 (IVA is charged on the price with IEPS,
 * as the Mexican law says), so the amount is divided back in the opposite order, each step
 * rounded half up to cents, and the last part is what remains: the three always add up to the
 * amount.
 */
export function splitTaxes(
  amount: string,
  { applyVat, applyIeps, iepsRate }: { applyVat: boolean; applyIeps: boolean; iepsRate: string },
): TaxBreakdown {
  const beforeVat = applyVat ? divideDecimal(amount, VAT_FACTOR, 2) : amount;
  const net = applyIeps ? divideDecimal(beforeVat, addDecimal('1', divideDecimal(iepsRate, '100', 7)), 2) : beforeVat;
  return { net, ieps: subtractDecimal(beforeVat, net), vat: subtractDecimal(amount, beforeVat) };
}

/** "Total del CFDI" and the difference, when the entry's CFDI says another total than the entry's lines add up to. */
function cfdiTotalRows(invoice: repo.InvoiceHeader, total: string): Array<{ label: string; amount: string }> {
  if (invoice.cfdi_total === null || compareDecimal(invoice.cfdi_total, total) === 0) return [];
  const withheld = invoice.cfdi_withheld !== null && compareDecimal(invoice.cfdi_withheld, '0') > 0 ? invoice.cfdi_withheld : null;
  return [
    { label: 'Total del CFDI', amount: invoice.cfdi_total },
    ...(withheld ? [{ label: 'Retenciones del CFDI', amount: withheld }] : []),
    { label: 'Diferencia con el CFDI', amount: subtractDecimal(total, invoice.cfdi_total) },
  ];
}

export async function entryVoucher(snapshot: Snapshot, context: ReportContext, invoiceId: number): Promise<ReportDefinition | null> {
  const invoice = await repo.invoiceHeader(snapshot, invoiceId);
  if (!invoice) return null;
  let net = '0';
  let ieps = '0';
  let vat = '0';
  let total = '0';
  return {
    ...base(context),
    title: 'Reporte de entrada',
    orientation: 'portrait',
    sheetName: 'Reporte de entrada',
    stamp: cancellationStamp(await repo.cancellationOf(snapshot, 'INVOICE', invoiceId), context),
    fields: [
      { label: 'Entrada número', value: String(invoice.id) },
      { label: 'Fecha de la factura', value: formatDate(invoice.invoice_date) },
      { label: 'Proveedor', value: invoice.supplier },
      { label: 'RFC', value: invoice.rfc },
      { label: 'Número de factura', value: invoice.invoice_number },
      { label: 'Tipo de entrada', value: invoiceTypeLabel(invoice.invoice_type) },
      // Two fields a row: the UUID lands under the invoice number.
      ...(invoice.cfdi_uuid ? [{ label: 'UUID del CFDI', value: invoice.cfdi_uuid }] : []),
    ],
    columns: ENTRY_COLUMNS,
    rows: mapBatches(repo.invoiceLines(snapshot, invoiceId), (line): Row[] => {
      // A line from a CFDI carries the taxes the CFDI states; a typed one's are split from its amount.
      const taxes =
        line.stated_vat !== null && line.stated_ieps !== null
          ? {
              vat: line.stated_vat,
              ieps: line.stated_ieps,
              net: subtractDecimal(subtractDecimal(line.amount, line.stated_vat), line.stated_ieps),
            }
          : splitTaxes(line.amount, { applyVat: line.apply_vat, applyIeps: line.apply_ieps, iepsRate: line.ieps_rate });
      const shownVat = line.stated_vat !== null ? compareDecimal(line.stated_vat, '0') > 0 : line.apply_vat;
      const shownIeps = line.stated_ieps !== null ? compareDecimal(line.stated_ieps, '0') > 0 : line.apply_ieps;
      net = addDecimal(net, taxes.net);
      ieps = addDecimal(ieps, taxes.ieps);
      vat = addDecimal(vat, taxes.vat);
      total = addDecimal(total, line.amount);
      return [
        {
          cells: [
            String(line.line_no),
            line.product,
            line.unit ?? NO_UNIT,
            line.category ?? NO_CATEGORY,
            line.quantity,
            line.price,
            line.apply_ieps ? `${trimDecimal(line.ieps_rate)} %` : '—',
            shownIeps ? taxes.ieps : null,
            shownVat ? taxes.vat : null,
            line.amount,
          ],
        },
      ];
    }),
    closing: () => ({
      totals: [
        { label: 'Subtotal sin impuestos', amount: net },
        { label: 'IEPS', amount: ieps },
        { label: 'IVA', amount: vat },
        { label: 'Total', amount: total },
        // The CFDI's own total beside the entry's when they differ (retentions, lines typed or removed).
        ...cfdiTotalRows(invoice, total),
      ],
      note:
        'El precio unitario es el costo final registrado en el almacén e incluye los impuestos marcados en la factura; ' +
        'el IEPS (a la tasa indicada) y el IVA (16 %) se desglosan del importe de cada línea, y en una línea cargada del CFDI son los que el CFDI declara. ' +
        'Las retenciones del CFDI no forman parte del costo.',
      signatures: [
        { role: 'Director del plantel', name: invoice.director },
        { role: 'Elaboró', name: invoice.entered_by },
        { role: 'Almacenista', name: invoice.warehouse_keeper },
      ],
    }),
  };
}

// ---------------------------------------------------------------- Reporte de salida

const EXIT_COLUMNS: Column[] = [
  { header: 'No.', kind: 'text', weight: 22, xlsxWidth: 6 },
  { header: 'Producto', kind: 'text', weight: 126, xlsxWidth: 40 },
  { header: 'Unidad', kind: 'text', weight: 44, xlsxWidth: 12 },
  { header: 'Partida', kind: 'text', weight: 84, xlsxWidth: 28 },
  { header: 'Cantidad', kind: 'quantity', weight: 46, xlsxWidth: 12 },
  { header: 'Precio de salida', kind: 'price', weight: 58, xlsxWidth: 16 },
  { header: 'Importe', kind: 'money', weight: 62, xlsxWidth: 16 },
  { header: 'Observaciones', kind: 'text', weight: 100, xlsxWidth: 36 },
];

export async function exitVoucher(snapshot: Snapshot, context: ReportContext, dispatchId: number): Promise<ReportDefinition | null> {
  const dispatch = await repo.dispatchHeader(snapshot, dispatchId);
  if (!dispatch) return null;
  return {
    ...base(context),
    title: 'Reporte de salida',
    orientation: 'portrait',
    sheetName: 'Reporte de salida',
    stamp: cancellationStamp(await repo.cancellationOf(snapshot, 'DISPATCH', dispatchId), context),
    fields: [
      { label: 'Salida número', value: String(dispatch.id) },
      { label: 'Fecha de salida', value: formatDate(dispatch.dispatch_date) },
      { label: 'Responsable del área solicitante', value: dispatch.area_head },
      { label: 'Solicitante', value: dispatch.petitioner },
      { label: 'Almacenista', value: dispatch.warehouse_keeper },
      ...(dispatch.request_folio ? [{ label: 'Solicitud de material', value: dispatch.request_folio }] : []),
    ],
    columns: EXIT_COLUMNS,
    rows: mapBatches(repo.dispatchLines(snapshot, dispatchId), (line): Row[] => [
      {
        cells: [
          String(line.line_no),
          line.product,
          line.unit ?? NO_UNIT,
          line.category ?? NO_CATEGORY,
          line.quantity,
          line.price,
          line.amount,
          line.observations ?? '',
        ],
      },
    ]),
    closing: async () => ({
      totals: [{ label: 'Total', amount: await repo.dispatchTotal(snapshot, dispatchId) }],
      note: 'El precio de salida es el costo promedio del producto en el momento en que se registró la salida.',
      signatures: [
        { role: 'Responsable del área solicitante', name: dispatch.area_head },
        { role: 'Solicitante', name: dispatch.petitioner },
        { role: 'Almacenista', name: dispatch.warehouse_keeper },
      ],
    }),
  };
}

// The four reports (ARCHITECTURE.md, "Reports") as ReportDefinitions: titles, columns, header fields,
// rows mapped from the repository's cursors, totals and signature blocks.
import {
  addDecimal,
  compareDecimal,
  DEFAULT_TIME_ZONE,
  divideDecimal,
  formatDate,
  formatDateTime,
  formatQuantity,
  invoiceTypeLabel,
  isInboundMovement,
  MISSING_LABELS,
  movementTypeLabel,
  subtractDecimal,
  trimDecimal,
  VAT_FACTOR,
} from '@almacen/shared/domain';
import type { Column, ReportDefinition, Row } from '../../reports/model';
import { cutoffNote } from '../stock/stock-at-date';
import * as repo from './reports.repository';
import type { Snapshot } from './snapshot';

export interface ReportContext {
  institution: string;
  /** Today (YYYY-MM-DD) in the configured time zone. */
  issued: string;
  /** APP_TIME_ZONE: a cancellation's time is printed on its clock. */
  timeZone?: string;
  /** Reporte de existencias: the cut-off date (YYYY-MM-DD), or undefined for today's stock. */
  date?: string;
  /** Tarjeta de almacén: the range of the movements' dates (either end open), or undefined for the whole card. */
  range?: { from: string | null; to: string | null };
}

/** "CANCELADA" / "Cancelada el 07/03/2026 09:05 · Motivo: …" for a cancelled document's voucher. */
function cancellationStamp(cancellation: repo.CancellationStamp | null, context: ReportContext): ReportDefinition['stamp'] {
  if (!cancellation) return undefined;
  const when = formatDateTime(cancellation.cancelled_at, context.timeZone ?? DEFAULT_TIME_ZONE);
  return { title: 'CANCELADA', text: `Cancelada el ${when} · Motivo: ${cancellation.reason}` };
}

type Base = Pick<ReportDefinition, 'institution' | 'issued'>;
const base = ({ institution, issued }: ReportContext): Base => ({ institution, issued });

const NO_CATEGORY = MISSING_LABELS.categoryShort;
const NO_UNIT = MISSING_LABELS.unitShort;

async function* mapBatches<T>(source: AsyncIterable<T[]>, map: (row: T) => Row[]): AsyncIterable<Row[]> {
  for await (const batch of source) yield batch.flatMap(map);
}

// ---------------------------------------------------------------- Reporte de existencias

const STOCK_COLUMNS: Column[] = [
  { header: 'Clave', kind: 'text', weight: 30, xlsxWidth: 8 },
  { header: 'Producto', kind: 'text', weight: 165, xlsxWidth: 44 },
  { header: 'Unidad', kind: 'text', weight: 52, xlsxWidth: 14 },
  { header: 'Partida', kind: 'text', weight: 100, xlsxWidth: 32 },
  { header: 'Existencia', kind: 'quantity', weight: 58, xlsxWidth: 14 },
  { header: 'Costo promedio', kind: 'price', weight: 62, xlsxWidth: 16 },
  { header: 'Valor', kind: 'money', weight: 70, xlsxWidth: 18 },
];

export function stockReport(snapshot: Snapshot, context: ReportContext): ReportDefinition {
  const at = context.date ? { date: context.date } : null;
  return {
    ...base(context),
    title: at ? `Reporte de existencias al ${formatDate(at.date)}` : 'Reporte de existencias',
    ...(at ? { note: cutoffNote(at.date) } : {}),
    orientation: 'portrait',
    sheetName: 'Existencias',
    fields: [
      ...(at ? [{ label: 'Existencias al', value: formatDate(at.date) }] : []),
      { label: 'Método de valuación', value: 'Costo promedio' },
    ],
    columns: STOCK_COLUMNS,
    emptyText: 'No hay productos registrados.',
    rows: mapBatches(repo.stockRows(snapshot, at), (row): Row[] => {
      const category = row.category ?? NO_CATEGORY;
      if (row.category_total === 1) {
        return [{ cells: ['Total general', null, null, null, null, null, row.value], emphasis: 'total' }];
      }
      if (row.product_total === 1) {
        return [{ cells: [`Subtotal de la partida ${category}`, null, null, null, null, null, row.value], emphasis: 'subtotal' }];
      }
      return [{ cells: [String(row.product_id), row.name, row.unit ?? NO_UNIT, category, row.quantity, row.average, row.value] }];
    }),
  };
}

// ---------------------------------------------------------------- Productos bajo mínimo

const LOW_STOCK_COLUMNS: Column[] = [
  { header: 'Clave', kind: 'text', weight: 30, xlsxWidth: 8 },
  { header: 'Producto', kind: 'text', weight: 150, xlsxWidth: 44 },
  { header: 'Unidad', kind: 'text', weight: 50, xlsxWidth: 14 },
  { header: 'Existencia', kind: 'quantity', weight: 54, xlsxWidth: 13 },
  { header: 'Mínima', kind: 'quantity', weight: 50, xlsxWidth: 12 },
  { header: 'Máxima', kind: 'quantity', weight: 50, xlsxWidth: 12 },
  { header: 'Cantidad sugerida', kind: 'quantity', weight: 60, xlsxWidth: 16 },
  { header: 'Costo promedio', kind: 'price', weight: 62, xlsxWidth: 16 },
  { header: 'Importe sugerido', kind: 'money', weight: 70, xlsxWidth: 18 },
];

/**
 * "Productos bajo mínimo": what to reorder, by partida, usable as a draft purchase
 * request — the suggested quantity fills up to the maximum (or the minimum without one), valued
 * at today's average cost; signed by who drafted and who authorizes it.
 */
export function lowStockReport(snapshot: Snapshot, context: ReportContext): ReportDefinition {
  let total = '0';
  return {
    ...base(context),
    title: 'Productos bajo mínimo',
    note:
      'Productos con existencia igual o menor a su existencia mínima. Cantidad sugerida: existencia máxima - existencia ' +
      '(existencia mínima - existencia si no tiene máxima); importe sugerido a costo promedio.',
    orientation: 'landscape',
    sheetName: 'Productos bajo mínimo',
    fields: [{ label: 'Método de valuación', value: 'Costo promedio' }],
    columns: LOW_STOCK_COLUMNS,
    emptyText: 'No hay productos con existencia igual o menor a su mínima.',
    rows: mapBatches(repo.lowStockRows(snapshot), (row): Row[] => {
      if (row.category_total === 1) {
        // With no product under its minimum, ROLLUP still yields the grand total: the empty text shows instead.
        if (row.products === '0') return [];
        total = row.amount;
        return [{ cells: ['Total general', null, null, null, null, null, null, null, row.amount], emphasis: 'total' }];
      }
      if (row.product_total === 1) {
        return [
          {
            cells: [`Subtotal de la partida ${row.category ?? NO_CATEGORY}`, null, null, null, null, null, null, null, row.amount],
            emphasis: 'subtotal',
          },
        ];
      }
      return [
        {
          cells: [
            String(row.product_id),
            row.name,
            row.unit ?? NO_UNIT,
            row.quantity,
            row.minimum,
            row.maximum,
            row.suggested,
            row.average,
            row.amount,
          ],
        },
      ];
    }),
    closing: () => ({
      ...(total === '0' ? {} : { totals: [{ label: 'Importe sugerido total', amount: total }] }),
      signatures: [
        { role: 'Elaboró', name: '' },
        { role: 'Autorizó', name: '' },
      ],
    }),
  };
}

// ---------------------------------------------------------------- Tarjeta de almacén

const KARDEX_COLUMNS: Column[] = [
  { header: 'Mov.', kind: 'text', weight: 30, xlsxWidth: 8 },
  { header: 'Fecha', kind: 'date', weight: 46, xlsxWidth: 12 },
  { header: 'Tipo', kind: 'text', weight: 56, xlsxWidth: 10 },
  { header: 'Documento', kind: 'text', weight: 58, xlsxWidth: 18 },
  { header: 'Proveedor o área solicitante', kind: 'text', weight: 84, xlsxWidth: 34 },
  { header: 'Cantidad', kind: 'quantity', weight: 44, xlsxWidth: 12 },
  { header: 'Costo unitario', kind: 'price', weight: 52, xlsxWidth: 14 },
  { header: 'Importe', kind: 'money', weight: 58, xlsxWidth: 16 },
  { header: 'Cantidad', kind: 'quantity', weight: 44, xlsxWidth: 12 },
  { header: 'Costo unitario', kind: 'price', weight: 52, xlsxWidth: 14 },
  { header: 'Importe', kind: 'money', weight: 58, xlsxWidth: 16 },
  { header: 'Cantidad', kind: 'quantity', weight: 46, xlsxWidth: 12 },
  { header: 'Costo promedio', kind: 'price', weight: 54, xlsxWidth: 14 },
  { header: 'Valor', kind: 'money', weight: 62, xlsxWidth: 16 },
];

/** A kardex row that carries only a balance: "Saldo inicial", "Saldo anterior", … */
const balanceRow = (label: string, balance: repo.KardexBalance): Row => ({
  cells: [label, null, null, null, null, null, null, null, null, null, null, balance.quantity, balance.average, balance.value],
  emphasis: 'subtotal',
});

export async function productCard(snapshot: Snapshot, context: ReportContext, productId: number): Promise<ReportDefinition | null> {
  const product = await repo.productHeader(snapshot, productId);
  if (!product) return null;
  const range = context.range && (context.range.from || context.range.to) ? context.range : null;
  const zero: repo.KardexBalance = { quantity: '0', average: '0', value: '0' };
  async function* rows(): AsyncIterable<Row[]> {
    if (range)
      yield [balanceRow('Saldo inicial', range.from ? await repo.kardexBalanceAt(snapshot, productId, range.from, 'start') : zero)];
    yield* mapBatches(repo.kardexRows(snapshot, productId, range), (m): Row[] => {
      const entry = isInboundMovement(m.movement_type);
      const movement = [m.quantity, m.unit_cost, m.amount];
      const none = [null, null, null];
      return [
        {
          cells: [
            m.id,
            m.date,
            movementTypeLabel(m.movement_type),
            m.invoice_number !== null
              ? `Factura ${m.invoice_number}`
              : m.inventory_count_id !== null
                ? `Conteo ${m.inventory_count_id}`
                : `Salida ${m.dispatch_id}`,
            m.counterpart,
            ...(entry ? movement : none),
            ...(entry ? none : movement),
            m.balance_quantity,
            m.balance_average,
            m.balance_value,
          ],
        },
      ];
    });
    const totals = await repo.kardexTotals(snapshot, productId, range);
    // The whole card ends with its totals (when it has movements); a range always ends with
    // "Saldo final": the range's entries and exits and the balance at its end, which is the
    // "Saldo inicial" of the range that follows.
    if (!range && Number(totals.movements) === 0) return;
    const final = range?.to
      ? await repo.kardexBalanceAt(snapshot, productId, range.to, 'end')
      : { quantity: product!.quantity, average: product!.average, value: product!.value };
    yield [
      {
        cells: [
          range ? 'Saldo final' : 'Totales',
          null,
          null,
          null,
          null,
          totals.in_quantity,
          null,
          totals.in_amount,
          totals.out_quantity,
          null,
          totals.out_amount,
          final.quantity,
          final.average,
          final.value,
        ],
        emphasis: 'total',
      },
    ];
  }
  const period = range
    ? `${range.from ? `del ${formatDate(range.from)}` : 'desde el inicio'} ${range.to ? `al ${formatDate(range.to)}` : 'a hoy'}`
    : null;
  return {
    ...base(context),
    title: 'Tarjeta de almacén',
    ...(range
      ? {
          note:
            `Movimientos con fecha ${period}, por fecha y luego por orden de registro. ` +
            'El saldo inicial es la suma de los movimientos con fecha anterior al periodo.',
        }
      : {}),
    orientation: 'landscape',
    sheetName: 'Tarjeta de almacén',
    fields: [
      { label: 'Clave del producto', value: String(product.id) },
      { label: 'Producto', value: product.name },
      { label: 'Unidad de medida', value: product.unit ?? NO_UNIT },
      { label: 'Partida', value: product.category ?? NO_CATEGORY },
      { label: 'Método de valuación', value: 'Costo promedio' },
      { label: 'Existencia actual', value: `${formatQuantity(product.quantity)} ${product.unit ?? ''}`.trim() },
      ...(period ? [{ label: 'Periodo', value: period.charAt(0).toUpperCase() + period.slice(1) }] : []),
    ],
    columns: KARDEX_COLUMNS,
    groups: [
      { title: 'Entradas', first: 5, span: 3 },
      { title: 'Salidas', first: 8, span: 3 },
      { title: 'Existencia', first: 11, span: 3 },
    ],
    // Each printed page starts with the balance the previous one ended with and ends with the
    // balance it hands on, so a page can be checked on its own.
    carry: { columns: [11, 12, 13], before: 'Saldo anterior', after: 'Pasa a la siguiente hoja' },
    emptyText: 'El producto no tiene movimientos registrados.',
    rows: rows(),
  };
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

// The stock reports ("Reporte de existencias", "Productos bajo mínimo") and the kardex ("Tarjeta de
// almacén") as ReportDefinitions (ARCHITECTURE.md, "Reports"): titles, columns, header fields and
// rows mapped from the repository's cursors; and what every report builder shares (ReportContext,
// base, mapBatches). The entry and exit vouchers are in voucher-reports.ts.
import {
  DEFAULT_TIME_ZONE,
  formatDate,
  formatQuantity,
  isInboundMovement,
  MISSING_LABELS,
  movementTypeLabel,
} from '@almacen/shared/domain';
import type { Column, ReportDefinition, Row } from '../../reports/model';
import { cutoffNote, dateViewDay } from '../stock/stock-at-date';
import * as kardex from './kardex.repository';
import * as repo from './reports.repository';
import type { Snapshot } from './snapshot';

export interface ReportContext {
  institution: string;
  /** Today (YYYY-MM-DD) in the configured time zone. */
  issued: string;
  /** APP_TIME_ZONE: a cancellation's time is printed on its clock. */
  timeZone?: string;
  /** The warehouse whose stock and kardex the report shows (0 for a report of one document). */
  warehouseId: number;
  /** «Todos los almacenes» (warehouseId=all): the warehouses consolidated, in id order. */
  warehouses?: number[];
  /** Reporte de existencias: the cut-off date (YYYY-MM-DD), or undefined for today's stock. */
  date?: string;
  /** Tarjeta de almacén: the range of the movements' dates (either end open), or undefined for the whole card. */
  range?: { from: string | null; to: string | null };
}

type Base = Pick<ReportDefinition, 'institution' | 'issued'>;
export const base = ({ institution, issued }: ReportContext): Base => ({ institution, issued });

export const NO_CATEGORY = MISSING_LABELS.categoryShort;
export const NO_UNIT = MISSING_LABELS.unitShort;

export async function* mapBatches<T>(source: AsyncIterable<T[]>, map: (row: T) => Row[]): AsyncIterable<Row[]> {
  for await (const batch of source) yield batch.flatMap(map);
}

// ---------------------------------------------------------------- Reporte de existencias

export const STOCK_COLUMNS: Column[] = [
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
    rows: mapBatches(
      repo.stockRows(snapshot, context.warehouseId, dateViewDay(context.date ?? null, context.timeZone ?? DEFAULT_TIME_ZONE)),
      (row): Row[] => {
        const category = row.category ?? NO_CATEGORY;
        if (row.category_total === 1) {
          return [{ cells: ['Total general', null, null, null, null, null, row.value], emphasis: 'total' }];
        }
        if (row.product_total === 1) {
          return [{ cells: [`Subtotal de la partida ${category}`, null, null, null, null, null, row.value], emphasis: 'subtotal' }];
        }
        return [{ cells: [String(row.product_id), row.name, row.unit ?? NO_UNIT, category, row.quantity, row.average, row.value] }];
      },
    ),
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
    rows: mapBatches(repo.lowStockRows(snapshot, context.warehouseId), (row): Row[] => {
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

// The PDF's widths (landscape: 720 pt for 744 weights, less 3 pt of padding each side) hold on
// one line a movement number of 7 digits, a date, "Entrada" or "Salida" (the longer types wrap at
// their spaces, "Cancelación" whole), a document such as "Factura K-1000001" or "Salida 123456",
// a person's name, a quantity up to "1,234.567", a price up to "$12,345.678", an amount up to
// "$1,234,567.89" and a balance's value up to "$12,345,678.90"; a supplier's name wraps at its
// spaces (two lines for "Papelería del Centro, S.A. de C.V."). The spreadsheet's «Documento»
// (characters) holds the same document numbers.
const KARDEX_COLUMNS: Column[] = [
  { header: 'Mov.', kind: 'text', weight: 37, xlsxWidth: 8 },
  { header: 'Fecha', kind: 'date', weight: 46, xlsxWidth: 12 },
  { header: 'Tipo', kind: 'text', weight: 50, xlsxWidth: 10 },
  { header: 'Documento', kind: 'text', weight: 74, xlsxWidth: 20 },
  { header: 'Proveedor o área solicitante', kind: 'text', weight: 80, xlsxWidth: 34 },
  { header: 'Cantidad', kind: 'quantity', weight: 44, xlsxWidth: 12 },
  { header: 'Costo unitario', kind: 'price', weight: 50, xlsxWidth: 14 },
  { header: 'Importe', kind: 'money', weight: 57, xlsxWidth: 16 },
  { header: 'Cantidad', kind: 'quantity', weight: 44, xlsxWidth: 12 },
  { header: 'Costo unitario', kind: 'price', weight: 50, xlsxWidth: 14 },
  { header: 'Importe', kind: 'money', weight: 57, xlsxWidth: 16 },
  { header: 'Cantidad', kind: 'quantity', weight: 44, xlsxWidth: 12 },
  { header: 'Costo promedio', kind: 'price', weight: 50, xlsxWidth: 14 },
  { header: 'Valor', kind: 'money', weight: 61, xlsxWidth: 16 },
];

/** A kardex row that carries only a balance: "Saldo inicial", "Saldo anterior", … */
const balanceRow = (label: string, balance: kardex.KardexBalance): Row => ({
  cells: [label, null, null, null, null, null, null, null, null, null, null, balance.quantity, balance.average, balance.value],
  emphasis: 'subtotal',
});

export async function productCard(snapshot: Snapshot, context: ReportContext, productId: number): Promise<ReportDefinition | null> {
  const { warehouseId } = context;
  const product = await kardex.productHeader(snapshot, productId, warehouseId);
  if (!product) return null;
  const range = context.range && (context.range.from || context.range.to) ? context.range : null;
  const zero: kardex.KardexBalance = { quantity: '0', average: '0', value: '0' };
  async function* rows(): AsyncIterable<Row[]> {
    if (range)
      yield [
        balanceRow(
          'Saldo inicial',
          range.from ? await kardex.kardexBalanceAt(snapshot, productId, warehouseId, range.from, 'start') : zero,
        ),
      ];
    yield* mapBatches(kardex.kardexRows(snapshot, productId, warehouseId, range), (m): Row[] => {
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
                : m.transfer_id !== null
                  ? `Traspaso ${m.transfer_id}`
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
    const totals = await kardex.kardexTotals(snapshot, productId, warehouseId, range);
    // The whole card ends with its totals (when it has movements); a range always ends with
    // "Saldo final": the range's entries and exits and the balance at its end, which is the
    // "Saldo inicial" of the range that follows.
    if (!range && Number(totals.movements) === 0) return;
    const final = range?.to
      ? await kardex.kardexBalanceAt(snapshot, productId, warehouseId, range.to, 'end')
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

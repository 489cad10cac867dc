// «Reporte de existencias · Todos los almacenes» (POST /api/reports/stock?warehouseId=all): the
// stock report of the warehouses the caller may consult, read in one snapshot. Per product the
// sum over those warehouses plus what travels between them, its average value ÷ quantity
// (ledger_average: 6 decimals half up); a subtotal per partida; then one line per warehouse (its
// «code · name», products with stock and value), «En tránsito» (the lines of the transfers sent and
// not yet received, rejected or withdrawn, at the cost they left with) and «Total general».
//
// Every amount is rounded to cents once, where it is held (a warehouse's balance, a transfer
// line), and every figure above it is a sum of those rounded amounts: a product's value, a
// warehouse's subtotal (the total of that warehouse's own stock report) and the transit line all
// foot to the same «Total general», which is Σ warehouse subtotals + in transit.
import type { ReportDefinition, Row } from '../../reports/model';
import { inTransitLines } from '../stock/consolidated';
import { base, mapBatches, NO_CATEGORY, NO_UNIT, STOCK_COLUMNS, type ReportContext } from './reports.service';
import type { Snapshot } from './snapshot';

export const ALL_WAREHOUSES = 'Todos los almacenes';

/** $1 is the int[] of the warehouses consolidated. */
const PARTS = `held AS (
       SELECT b.warehouse_id, b.product_id, b.quantity, round(b.value, 2) AS value
         FROM product_balances b WHERE b.warehouse_id = ANY($1::int[])
     ), transit AS (
       SELECT t.transfer_id, t.product_id, t.quantity, round(t.amount, 2) AS value FROM (${inTransitLines('$1::int[]')}) t
     )`;

interface ProductRow {
  product_total: number;
  category: string | null;
  product_id: number | null;
  name: string | null;
  unit: string | null;
  quantity: string;
  average: string;
  value: string;
}

/** Every product (one that holds nothing anywhere reads 0 / 0) by partida, products without one last, a subtotal after each partida. */
function productRows(snapshot: Snapshot, warehouseIds: number[]): AsyncIterable<ProductRow[]> {
  return snapshot.cursor<ProductRow>(
    `WITH ${PARTS}, sums AS (
       SELECT product_id, sum(quantity) AS quantity, sum(value) AS value
         FROM (SELECT product_id, quantity, value FROM held UNION ALL SELECT product_id, quantity, value FROM transit) parts
        GROUP BY product_id
     ), r AS (
       SELECT c.id AS category_id, c.description AS category, p.id AS product_id, p.name, u.description AS unit,
              coalesce(s.quantity, 0) AS quantity, coalesce(s.value, 0) AS value
         FROM products p
         LEFT JOIN product_categories c ON c.id = p.category_id
         LEFT JOIN product_units u ON u.id = p.unit_id
         LEFT JOIN sums s ON s.product_id = p.id
     )
     SELECT 0 AS product_total, category_id, category, product_id, name, unit,
            quantity::text AS quantity, ledger_average(quantity, value)::text AS average, value::text AS value
       FROM r
     UNION ALL
     SELECT 1, category_id, category, NULL, NULL, NULL, '0', '0', sum(value)::text FROM r GROUP BY category_id, category
     ORDER BY category NULLS LAST, category_id NULLS LAST, product_total, name, product_id`,
    [warehouseIds],
  );
}

interface SummaryRow {
  /** 0: a warehouse; 1: in transit; 2: the grand total. */
  part: number;
  code: string | null;
  name: string | null;
  /** A warehouse's products with stock; the transfers in transit. */
  count: string | null;
  quantity: string | null;
  value: string;
}

async function summaryRows(snapshot: Snapshot, warehouseIds: number[]): Promise<SummaryRow[]> {
  return snapshot.query<SummaryRow>(
    `WITH ${PARTS}, parts AS (
       SELECT 0 AS part, w.code, w.name, count(h.product_id) FILTER (WHERE h.quantity > 0) AS count, NULL::numeric AS quantity,
              coalesce(sum(h.value), 0) AS value
         FROM warehouses w LEFT JOIN held h ON h.warehouse_id = w.id
        WHERE w.id = ANY($1::int[])
        GROUP BY w.id, w.code, w.name
       UNION ALL
       SELECT 1, NULL, NULL, count(DISTINCT transfer_id), coalesce(sum(quantity), 0), coalesce(sum(value), 0) FROM transit
     )
     SELECT part, code, name, count::text AS count, quantity::text AS quantity, value::text AS value FROM parts
     UNION ALL
     SELECT 2, NULL, NULL, NULL, NULL, sum(value)::text FROM parts
     ORDER BY part, code`,
    [warehouseIds],
  );
}

const plural = (count: string, one: string, many: string) => `${count} ${count === '1' ? one : many}`;

function summaryRow(row: SummaryRow): Row {
  if (row.part === 0) {
    const products = plural(row.count ?? '0', 'producto con existencia', 'productos con existencia');
    return { cells: [`${row.code} · ${row.name}`, null, products, null, null, null, row.value], emphasis: 'subtotal' };
  }
  if (row.part === 1) {
    const transfers = plural(row.count ?? '0', 'traspaso enviado sin recibir', 'traspasos enviados sin recibir');
    return { cells: ['En tránsito', null, transfers, null, row.quantity, null, row.value], emphasis: 'subtotal' };
  }
  return { cells: ['Total general', null, null, null, null, null, row.value], emphasis: 'total' };
}

export function consolidatedStockReport(snapshot: Snapshot, context: ReportContext, warehouseIds: number[]): ReportDefinition {
  async function* rows(): AsyncIterable<Row[]> {
    yield* mapBatches(productRows(snapshot, warehouseIds), (row): Row[] => {
      const category = row.category ?? NO_CATEGORY;
      if (row.product_total === 1) {
        return [{ cells: [`Subtotal de la partida ${category}`, null, null, null, null, null, row.value], emphasis: 'subtotal' }];
      }
      return [{ cells: [String(row.product_id), row.name, row.unit ?? NO_UNIT, category, row.quantity, row.average, row.value] }];
    });
    const summary = await summaryRows(snapshot, warehouseIds);
    yield [{ cells: ['Subtotales por almacén', null, null, null, null, null, null], emphasis: 'group' }, ...summary.map(summaryRow)];
  }
  return {
    ...base(context),
    title: `Reporte de existencias · ${ALL_WAREHOUSES}`,
    note:
      'Por producto, la suma de sus existencias en los almacenes más lo enviado entre ellos que aún no se recibe; ' +
      'el costo promedio es valor ÷ existencia. El total general es la suma de los subtotales por almacén más lo que está en tránsito.',
    orientation: 'portrait',
    sheetName: 'Existencias',
    fields: [
      { label: 'Almacén', value: ALL_WAREHOUSES },
      { label: 'Método de valuación', value: 'Costo promedio' },
    ],
    columns: STOCK_COLUMNS,
    rows: rows(),
  };
}

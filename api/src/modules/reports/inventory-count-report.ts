// "Acta de inventario físico" (POST /api/reports/inventory-counts/{id}) and "Hoja de conteo"
// (POST /api/reports/inventory-counts/{id}/sheet), PDF or XLSX, read in the report's snapshot like
// the other reports. Differences are those at the count's snapshot, valued as the adjustment posts
// them (DIFFERENCE_COST_SQL) and rounded to cents in SQL; a session not applied prints "BORRADOR".
import { DEFAULT_TIME_ZONE, formatDate, formatDateTime, MISSING_LABELS } from '@almacen/shared/domain';
import type { Column, ReportDefinition, Row } from '../../reports/model';
import { DIFFERENCE_COST_SQL } from '../inventory-counts/inventory-counts.repository';
import type { ReportContext } from './reports.service';
import type { Snapshot } from './snapshot';

const NO_CATEGORY = MISSING_LABELS.categoryShort;
const NO_UNIT = MISSING_LABELS.unitShort;

interface CountHeader {
  id: number;
  cutoff_date: string;
  description: string;
  status: 'ABIERTO' | 'APLICADO' | 'DESCARTADO';
  closed_at: Date | null;
  director: string | null;
  warehouse_keeper: string | null;
  witness: string | null;
  surplus_quantity: string;
  surplus_value: string;
  shortage_quantity: string;
  shortage_value: string;
  surplus_lines: number;
  shortage_lines: number;
  net_value: string;
  uncounted: number;
  lines: number;
}

async function countHeader(snapshot: Snapshot, id: number): Promise<CountHeader | null> {
  const [row] = await snapshot.query<CountHeader>(
    `SELECT c.id, to_char(c.cutoff_date, 'YYYY-MM-DD') AS cutoff_date, c.description, c.status, c.closed_at,
            nullif(concat_ws(' ', ed.name, ed.last_name), '') AS director,
            nullif(concat_ws(' ', ek.name, ek.last_name), '') AS warehouse_keeper,
            nullif(concat_ws(' ', ew.name, ew.last_name), '') AS witness,
            trim_scale(coalesce(sum(l.counted_quantity - l.book_quantity) FILTER (WHERE l.counted_quantity > l.book_quantity), 0))::text AS surplus_quantity,
            coalesce(sum(round((l.counted_quantity - l.book_quantity) * ${DIFFERENCE_COST_SQL}, 2)) FILTER (WHERE l.counted_quantity > l.book_quantity), 0)::text AS surplus_value,
            count(*) FILTER (WHERE l.counted_quantity > l.book_quantity)::int AS surplus_lines,
            count(*) FILTER (WHERE l.counted_quantity < l.book_quantity)::int AS shortage_lines,
            trim_scale(coalesce(sum(l.book_quantity - l.counted_quantity) FILTER (WHERE l.counted_quantity < l.book_quantity), 0))::text AS shortage_quantity,
            coalesce(sum(round((l.book_quantity - l.counted_quantity) * l.book_average, 2)) FILTER (WHERE l.counted_quantity < l.book_quantity), 0)::text AS shortage_value,
            coalesce(sum(round((l.counted_quantity - l.book_quantity) * ${DIFFERENCE_COST_SQL}, 2)), 0)::text AS net_value,
            (count(l.product_id) - count(l.counted_quantity))::int AS uncounted, count(l.product_id)::int AS lines
       FROM inventory_counts c
       LEFT JOIN inventory_count_lines l ON l.count_id = c.id
       LEFT JOIN employees ed ON ed.id = c.director_employee_id
       LEFT JOIN employees ek ON ek.id = c.warehouse_keeper_employee_id
       LEFT JOIN employees ew ON ew.id = c.witness_employee_id
      WHERE c.id = $1
      GROUP BY c.id, ed.id, ek.id, ew.id`,
    [id],
  );
  return row ?? null;
}

interface LineRow {
  product_id: number;
  product: string;
  unit: string | null;
  category: string | null;
  book_quantity: string;
  book_average: string;
  counted_quantity: string | null;
  difference: string | null;
  difference_cost: string | null;
  difference_value: string | null;
  unit_cost: string | null;
  observations: string | null;
}

function countLines(snapshot: Snapshot, id: number): AsyncIterable<LineRow[]> {
  return snapshot.cursor<LineRow>(
    `SELECT l.product_id, p.name AS product, u.description AS unit, k.description AS category,
            l.book_quantity::text, l.book_average::text, l.counted_quantity::text,
            (l.counted_quantity - l.book_quantity)::text AS difference,
            ${DIFFERENCE_COST_SQL}::text AS difference_cost,
            round((l.counted_quantity - l.book_quantity) * ${DIFFERENCE_COST_SQL}, 2)::text AS difference_value,
            l.unit_cost::text, l.observations
       FROM inventory_count_lines l
       JOIN products p ON p.id = l.product_id
       LEFT JOIN product_units u ON u.id = p.unit_id
       LEFT JOIN product_categories k ON k.id = p.category_id
      WHERE l.count_id = $1
      ORDER BY l.product_id`,
    [id],
  );
}

async function* mapBatches<T>(source: AsyncIterable<T[]>, map: (row: T) => Row[]): AsyncIterable<Row[]> {
  for await (const batch of source) yield batch.flatMap(map);
}

const productCount = (n: number) => (n === 1 ? '1 producto' : `${n} productos`);

const STATUS_LABELS = { ABIERTO: 'Abierto', APLICADO: 'Aplicado', DESCARTADO: 'Descartado' } as const;

function stampOf(count: CountHeader, context: ReportContext): ReportDefinition['stamp'] {
  if (count.status === 'ABIERTO')
    return { title: 'BORRADOR', text: 'Conteo sin aplicar: las diferencias aún no se registran en el libro de almacén.' };
  if (count.status === 'DESCARTADO') {
    const when = count.closed_at ? formatDateTime(count.closed_at, context.timeZone ?? DEFAULT_TIME_ZONE) : '';
    return { title: 'DESCARTADO', text: `Conteo descartado el ${when}: no movió el libro de almacén.` };
  }
  return undefined;
}

const ACTA_COLUMNS: Column[] = [
  { header: 'ID', kind: 'text', weight: 26, xlsxWidth: 8 },
  { header: 'Producto', kind: 'text', weight: 120, xlsxWidth: 40 },
  { header: 'Unidad', kind: 'text', weight: 40, xlsxWidth: 12 },
  { header: 'Partida', kind: 'text', weight: 80, xlsxWidth: 28 },
  { header: 'En libros', kind: 'quantity', weight: 44, xlsxWidth: 12 },
  { header: 'Contada', kind: 'quantity', weight: 44, xlsxWidth: 12 },
  { header: 'Diferencia', kind: 'quantity', weight: 44, xlsxWidth: 12 },
  { header: 'Costo unitario', kind: 'price', weight: 56, xlsxWidth: 16 },
  { header: 'Valor de la diferencia', kind: 'money', weight: 60, xlsxWidth: 18 },
  { header: 'Observaciones', kind: 'text', weight: 90, xlsxWidth: 32 },
];

/** "Acta de inventario físico". */
export async function inventoryCountActa(snapshot: Snapshot, context: ReportContext, id: number): Promise<ReportDefinition | null> {
  const count = await countHeader(snapshot, id);
  if (!count) return null;
  return {
    institution: context.institution,
    issued: context.issued,
    title: 'Acta de inventario físico',
    orientation: 'landscape',
    sheetName: 'Acta de inventario',
    stamp: stampOf(count, context),
    fields: [
      { label: 'Conteo número', value: String(count.id) },
      { label: 'Fecha de corte', value: formatDate(count.cutoff_date) },
      { label: 'Descripción', value: count.description },
      { label: 'Estado', value: STATUS_LABELS[count.status] },
    ],
    columns: ACTA_COLUMNS,
    rows: mapBatches(countLines(snapshot, id), (l): Row[] => [
      {
        cells: [
          String(l.product_id),
          l.product,
          l.unit ?? NO_UNIT,
          l.category ?? NO_CATEGORY,
          l.book_quantity,
          l.counted_quantity,
          l.difference,
          l.difference_cost,
          l.difference_value,
          l.counted_quantity === null ? ['Sin contar', l.observations].filter(Boolean).join(' · ') : l.observations,
        ],
      },
    ]),
    emptyText: 'El conteo no tiene productos.',
    closing: () => ({
      totals: [
        { label: `Sobrantes (${productCount(count.surplus_lines)})`, amount: count.surplus_value },
        { label: `Faltantes (${productCount(count.shortage_lines)})`, amount: count.shortage_value },
        { label: 'Diferencia neta', amount: count.net_value },
      ],
      note:
        `Diferencia: cantidad contada menos existencia en libros al abrir el conteo. Un sobrante se valúa a su costo unitario ` +
        `o, sin él, al costo promedio de ese momento; un faltante, a ese costo promedio. ` +
        `${count.uncounted} de ${count.lines} productos sin contar: no se ajustan.`,
      signatures: [
        { role: 'Director del plantel', name: count.director ?? '' },
        { role: 'Almacenista', name: count.warehouse_keeper ?? '' },
        { role: 'Testigo', name: count.witness ?? '' },
      ],
    }),
  };
}

/** "Hoja de conteo": the lines to count on paper or to fill in and upload; `withBook` false = blind count. */
export async function inventoryCountSheet(
  snapshot: Snapshot,
  context: ReportContext,
  id: number,
  withBook: boolean,
): Promise<ReportDefinition | null> {
  const count = await countHeader(snapshot, id);
  if (!count) return null;
  const columns: Column[] = [
    { header: 'ID', kind: 'text', weight: 30, xlsxWidth: 8 },
    { header: 'Producto', kind: 'text', weight: 150, xlsxWidth: 44 },
    { header: 'Unidad', kind: 'text', weight: 50, xlsxWidth: 12 },
    { header: 'Partida', kind: 'text', weight: 90, xlsxWidth: 30 },
    ...(withBook ? [{ header: 'Existencia en libros', kind: 'quantity' as const, weight: 60, xlsxWidth: 14 }] : []),
    { header: 'Cantidad contada', kind: 'quantity', weight: 60, xlsxWidth: 16 },
    { header: 'Costo unitario', kind: 'price', weight: 56, xlsxWidth: 16 },
    { header: 'Observaciones', kind: 'text', weight: 110, xlsxWidth: 36 },
  ];
  return {
    institution: context.institution,
    issued: context.issued,
    title: 'Hoja de conteo',
    orientation: 'landscape',
    sheetName: 'Hoja de conteo',
    fields: [
      { label: 'Conteo número', value: String(count.id) },
      { label: 'Fecha de corte', value: formatDate(count.cutoff_date) },
      { label: 'Descripción', value: count.description },
    ],
    note: withBook ? undefined : 'Conteo a ciegas: la existencia en libros no se muestra.',
    columns,
    rows: mapBatches(countLines(snapshot, id), (l): Row[] => [
      {
        cells: [
          String(l.product_id),
          l.product,
          l.unit ?? NO_UNIT,
          l.category ?? NO_CATEGORY,
          ...(withBook ? [l.book_quantity] : []),
          l.counted_quantity,
          l.unit_cost,
          l.observations,
        ],
      },
    ]),
    emptyText: 'El conteo no tiene productos.',
    // No signature blocks under the table: the filled XLSX goes back through the import, which
    // reads every row under the header.
  };
}

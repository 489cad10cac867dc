// The summary's series as chart points and as the rows of each chart's table (its text
// alternative), with es-MX labels: "nov 2026", "$1,234.50".
import { type StockSummary } from '@almacen/shared';
import { formatCurrency } from '@almacen/shared/domain';

const monthFormat = new Intl.DateTimeFormat('es-MX', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "2026-11" → "nov 2026" */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return monthFormat.format(new Date(Date.UTC(year, m - 1, 1))).replace('.', '');
}

export interface ChartTable {
  /** Column headers. */
  columns: string[];
  rows: string[][];
}

export const CHART_TITLES = {
  byCategory: 'Valor del inventario por partida',
  monthly: 'Entradas y salidas por mes (últimos 12 meses)',
  topProducts: 'Productos con mayor valor',
} as const;

export const SERIES = { entries: 'Entradas', exits: 'Salidas' } as const;

export function categoryTable(summary: StockSummary): ChartTable {
  return { columns: ['Partida', 'Valor'], rows: summary.valueByCategory.map((c) => [c.category, formatCurrency(c.value)]) };
}

export function monthlyTable(summary: StockSummary): ChartTable {
  return {
    columns: ['Mes', SERIES.entries, SERIES.exits],
    rows: summary.monthly.map((m) => [monthLabel(m.month), formatCurrency(m.entries), formatCurrency(m.exits)]),
  };
}

export function topProductsTable(summary: StockSummary): ChartTable {
  return { columns: ['Producto', 'Valor'], rows: summary.topProducts.map((p) => [p.name, formatCurrency(p.value)]) };
}

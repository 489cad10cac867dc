// The table's data work, kept out of the component so it is memoised step by step and testable
// without rendering: search index → filter → sort → page. With 10,000 rows a keystroke re-runs
// only the filter (over precomputed folded strings) and the page slice renders at most 100 rows.
import { compareValues, foldForSearch } from '@almacen/shared';
import type { DataTableColumn, SortState } from './types';

const SEPARATOR = '\u0001';

export function isSearchable<T>(column: DataTableColumn<T>): boolean {
  return Boolean(column.value) && column.searchable !== false;
}

export function isSortable<T>(column: DataTableColumn<T>): boolean {
  return Boolean(column.value) && column.sortable !== false;
}

/** What a column offers a search: its value and, when it shows something else, that text too. */
function searchTexts<T>(column: DataTableColumn<T>, item: T): string[] {
  const value = foldForSearch(column.value!(item));
  return column.text ? [value, foldForSearch(column.text(item))] : [value];
}

/**
 * One folded string per row holding every searchable value and shown text, so a search is one
 * `includes`; the separator keeps a word from matching across two of them.
 */
export function buildSearchIndex<T>(items: readonly T[], columns: DataTableColumn<T>[]): string[] {
  const searchable = columns.filter(isSearchable);
  return items.map((item) => searchable.flatMap((column) => searchTexts(column, item)).join(SEPARATOR));
}

export interface FilterInput<T> {
  items: readonly T[];
  index: string[];
  columns: DataTableColumn<T>[];
  search: string;
  filters: Record<string, unknown>;
}

export function filterRows<T>({ items, index, columns, search, filters }: FilterInput<T>): readonly T[] {
  const words = foldForSearch(search).split(' ').filter(Boolean);
  const active = columns.flatMap((column) => {
    const value = filters[column.id];
    if (value === undefined || value === null || value === '' || column.filter === false) return [];
    if (column.filter) return [(item: T) => column.filter && column.filter.match(item, value)];
    if (!column.value) return [];
    const needle = foldForSearch(value);
    return [(item: T) => searchTexts(column, item).some((text) => text.includes(needle))];
  });
  if (words.length === 0 && active.length === 0) return items;
  const result: T[] = [];
  for (let i = 0; i < items.length; i += 1) {
    const text = index[i];
    // Every word must appear somewhere in the row ("papel carta" finds "Papel bond tamaño carta").
    if (words.length && !words.every((word) => text.includes(word))) continue;
    if (active.length && !active.every((test) => test(items[i]))) continue;
    result.push(items[i]);
  }
  return result;
}

/** Stable sort by one column with Spanish collation; values are read once per row. */
export function sortRows<T>(rows: readonly T[], columns: DataTableColumn<T>[], sort: SortState | null): readonly T[] {
  if (!sort) return rows;
  const column = columns.find((c) => c.id === sort.columnId);
  if (!column || !column.value) return rows;
  const read = column.value;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const decorated = rows.map((item, position) => ({ item, value: read(item), position }));
  decorated.sort((a, b) => {
    const aEmpty = a.value === null || a.value === undefined || a.value === '';
    const bEmpty = b.value === null || b.value === undefined || b.value === '';
    // Empty values stay at the end in both directions.
    if (aEmpty || bEmpty) return aEmpty === bEmpty ? a.position - b.position : aEmpty ? 1 : -1;
    return sign * compareValues(a.value, b.value) || a.position - b.position;
  });
  return decorated.map((entry) => entry.item);
}

export interface Page<T> {
  rows: readonly T[];
  pageIndex: number;
  pageCount: number;
  from: number;
  to: number;
  total: number;
}

export function paginate<T>(rows: readonly T[], pageIndex: number, pageSize: number): Page<T> {
  const total = rows.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const index = Math.min(Math.max(0, pageIndex), pageCount - 1);
  const start = index * pageSize;
  const pageRows = rows.slice(start, start + pageSize);
  return {
    rows: pageRows,
    pageIndex: index,
    pageCount,
    from: total === 0 ? 0 : start + 1,
    to: start + pageRows.length,
    total,
  };
}

/** A column as the fitting sees it: the width it asks for and how narrow it may become. */
export interface ColumnWant {
  id: string;
  /** The width it asks for (its default, or what the person dragged it to). */
  width: number;
  /** Narrower than this the column is not shrunk to fit; the table scrolls sideways instead. */
  floor: number;
  /** A width the person chose: kept as it is while the others share what is left. */
  pinned: boolean;
}

/**
 * The widths (content, without the cells' padding) that make the columns share `available` px —
 * the container's width minus the fixed columns and every cell's padding. Columns wider than
 * their share shrink in proportion, never under their floor; spare room is shared in proportion
 * too, so the table fills its container. When even the floors do not fit, the floors are
 * returned and the table scrolls sideways (its actions column stays in sight, see DataTable).
 * `available` ≤ 0 (not measured yet) leaves the widths as asked.
 */
export function fitColumnWidths(columns: readonly ColumnWant[], available: number): Record<string, number> {
  const widths: Record<string, number> = {};
  for (const column of columns) widths[column.id] = column.width;
  if (available <= 0 || columns.length === 0) return widths;

  let free = columns.filter((column) => !column.pinned);
  let room = available - columns.filter((column) => column.pinned).reduce((sum, column) => sum + column.width, 0);
  // Shrinking can push a column under its floor: fix it there and share again among the rest.
  for (;;) {
    const asked = free.reduce((sum, column) => sum + column.width, 0);
    if (free.length === 0 || asked <= 0) break;
    const scale = Math.max(room, 0) / asked;
    const under = free.filter((column) => column.width * scale < column.floor);
    if (under.length === 0) {
      for (const column of free) widths[column.id] = column.width * scale;
      break;
    }
    for (const column of under) {
      widths[column.id] = Math.min(column.width, column.floor);
      room -= widths[column.id];
    }
    free = free.filter((column) => !under.includes(column));
  }
  // Whole pixels that add up exactly to the room shared (no 1 px scroll from rounding).
  let carry = 0;
  for (const column of columns) {
    const exact = widths[column.id] + carry;
    widths[column.id] = Math.floor(exact);
    carry = exact - widths[column.id];
  }
  return widths;
}

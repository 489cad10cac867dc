import type { ReactNode } from 'react';
import type { Breakpoint } from '@almacen/shared';

/** xs, md and xl map to Fluent's extra-small, small and medium table sizes. */
export type Density = 'xs' | 'md' | 'xl';

export type CellValue = string | number | null | undefined;

export interface ColumnFilterProps<V> {
  /** The filter's current value (undefined: no filter). */
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  /** Accessible name: "Filtrar por {header}". */
  label: string;
}

/** A filter of one column other than the default "contains" text box (e.g. an autocomplete). */
export interface ColumnFilter<T, V = unknown> {
  render: (props: ColumnFilterProps<V>) => ReactNode;
  /** True when the row passes the filter; not called while the value is undefined. */
  match: (item: T, value: V) => boolean;
}

export interface DataTableColumn<T> {
  id: string;
  header: string;
  /** The plain value behind the cell: what sorting, the global search and the text filter use. */
  value?: (item: T) => CellValue;
  /**
   * The cell as a person reads it when that is not the value ("23/11/2026" for "2026-11-23"):
   * shown unless `cell` is given, and found by the global search and the text filter as well as
   * the value — people type what they see.
   */
  text?: (item: T) => string;
  /** What the cell shows; defaults to the text, then the value. */
  cell?: (item: T) => ReactNode;
  /** Defaults to true when the column has a value. */
  sortable?: boolean;
  /** Whether the global search looks at this column; defaults to true when it has a value. */
  searchable?: boolean;
  /** A custom filter, or false for none; by default a text box filters on the value. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  filter?: ColumnFilter<T, any> | false;
  /** Initial width in px (default 180, min 40, max 1000). */
  width?: number;
  /**
   * The narrowest the column gets, dragged or shrunk to fit the container (at least 40); without
   * it a column is shrunk to fit down to 96 px and dragged down to 40.
   */
  minWidth?: number;
  /** Hidden on viewports narrower than this breakpoint. */
  hideBelow?: Exclude<Breakpoint, 'mobile'>;
}

export type SortDirection = 'ascending' | 'descending';

export interface SortState {
  columnId: string;
  direction: SortDirection;
}

export interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  /** undefined while the first load is under way. */
  items: readonly T[] | undefined;
  /** Keep this array stable (useMemo): the search index is rebuilt when it changes. */
  columns: DataTableColumn<T>[];
  getRowId: (item: T) => string | number;
  /** Skeleton rows are shown while loading and there is nothing to show yet. */
  loading?: boolean;
  /** Shows a progress bar above the rows (a create, update or delete is under way). */
  saving?: boolean;
  /** A loading failure, shown in place of the rows. */
  error?: { text: string; onRetry?: () => void };
  searchPlaceholder?: string;
  /** Buttons placed after the search box (e.g. "Añadir producto"). */
  toolbar?: ReactNode;
  /** The menu of one row; rendered in the last column. */
  rowActions?: (item: T) => ReactNode;
  /** Detail shown under an expanded row. */
  renderDetail?: (item: T) => ReactNode;
  /** Message when there are no rows at all. */
  emptyMessage?: string;
  defaultPageSize?: number;
  defaultDensity?: Density;
  defaultSort?: SortState;
  /** Rows from which a page is windowed (only the visible rows are rendered). */
  virtualizeFrom?: number;
  /** The id of a row to show expanded, on its page, once it is loaded (a link to one document). */
  openRowId?: string | number;
  /** Puts this text in the search box, each time a new object comes (a scanned code finds its row). */
  searchRequest?: { text: string };
  /**
   * The grid alone, for a table that is part of a page rather than the page itself (a wizard's
   * summary, a card's few rows, an editable sheet): no toolbar, no pagination — every row is
   * shown, in the order given — no sorting, no dragging of column edges and no windowing. Same
   * columns, widths and messages.
   */
  plain?: boolean;
  /** The row being worked on (a scanned line): highlighted and `aria-current`. */
  currentRowId?: string | number;
}

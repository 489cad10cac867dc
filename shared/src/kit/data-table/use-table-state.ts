// What a DataTable remembers and derives, apart from how it looks: the search and the column
// filters (debounced), the sort, the page, the expanded rows, and the toolbar's switches (search
// and filters shown, density). The rows to show come out of it: filtered (an accent- and
// case-insensitive index), sorted, paginated. A new search or filter starts at the first page;
// hiding the search or the filters clears them, so no invisible filter stays applied.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDebouncedValue } from '@almacen/shared';
import { DEFAULT_PAGE_SIZE, FILTER_DEBOUNCE_MS, SEARCH_DEBOUNCE_MS } from '@almacen/shared/domain';
import { buildSearchIndex, filterRows, paginate, sortRows } from './table-model';
import type { DataTableColumn, Density, SortState } from './types';

export interface TableStateOptions {
  defaultPageSize?: number;
  defaultDensity?: Density;
  defaultSort?: SortState | null;
  /** A row to open once it is loaded: expanded, on the page that holds it (a link to one document). */
  openRow?: { id: string | number; getRowId: (item: never) => string | number };
  /** A search put in from outside the box (a scanned code): applied each time a new object comes. */
  searchRequest?: { text: string };
  /** Every row on one page (a plain table has no pagination). */
  allRows?: boolean;
}

const EMPTY: readonly never[] = [];

export function useTableState<T>(items: readonly T[] | undefined, columns: DataTableColumn<T>[], options: TableStateOptions = {}) {
  const [density, setDensity] = useState<Density>(options.defaultDensity ?? 'xs');
  const [searchShown, setSearchShown] = useState(true);
  const [filtersShown, setFiltersShown] = useState(false);
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [sort, setSort] = useState<SortState | null>(options.defaultSort ?? null);
  const [pageSize, setPageSizeState] = useState(options.defaultPageSize ?? DEFAULT_PAGE_SIZE);
  const [pageIndex, setPageIndex] = useState(0);
  const [expanded, setExpanded] = useState<ReadonlySet<string | number>>(() => new Set());

  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const debouncedFilters = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  useEffect(() => setPageIndex(0), [debouncedSearch, debouncedFilters]);

  const rows = items ?? (EMPTY as readonly T[]);
  const index = useMemo(() => buildSearchIndex(rows, columns), [rows, columns]);
  const filtered = useMemo(
    () => filterRows({ items: rows, index, columns, search: debouncedSearch, filters: debouncedFilters }),
    [rows, index, columns, debouncedSearch, debouncedFilters],
  );
  const sorted = useMemo(() => sortRows(filtered, columns, sort), [filtered, columns, sort]);
  const shownPageSize = options.allRows ? Math.max(1, sorted.length) : pageSize;
  const page = useMemo(() => paginate(sorted, pageIndex, shownPageSize), [sorted, pageIndex, shownPageSize]);

  const opened = useRef<string | number | null>(null);
  const openRow = options.openRow;
  useEffect(() => {
    if (!openRow || opened.current === openRow.id) return;
    const getRowId = openRow.getRowId as (item: T) => string | number;
    const at = sorted.findIndex((item) => String(getRowId(item)) === String(openRow.id));
    if (at < 0) return;
    opened.current = openRow.id;
    const id = getRowId(sorted[at]);
    setExpanded((previous) => new Set(previous).add(id));
    setPageIndex(Math.floor(at / pageSize));
  }, [openRow, sorted, pageSize]);

  const searchRequest = options.searchRequest;
  useEffect(() => {
    if (!searchRequest) return;
    setSearchShown(true);
    setSearch(searchRequest.text);
  }, [searchRequest]);

  const toggleSort = useCallback((columnId: string) => {
    setSort((previous) =>
      previous?.columnId === columnId
        ? { columnId, direction: previous.direction === 'ascending' ? 'descending' : 'ascending' }
        : { columnId, direction: 'ascending' },
    );
  }, []);
  const toggleExpanded = useCallback((id: string | number) => {
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const setFilter = useCallback((columnId: string, value: unknown) => {
    setFilters((previous) => {
      const next = { ...previous };
      if (value === undefined || value === '') delete next[columnId];
      else next[columnId] = value;
      return next;
    });
  }, []);
  const toggleSearch = useCallback(() => {
    if (searchShown) setSearch('');
    setSearchShown(!searchShown);
  }, [searchShown]);
  const toggleFilters = useCallback(() => {
    if (filtersShown) setFilters({});
    setFiltersShown(!filtersShown);
  }, [filtersShown]);
  const setPageSize = useCallback((size: number) => {
    setPageSizeState(size);
    setPageIndex(0);
  }, []);

  return {
    rows,
    page,
    search,
    setSearch,
    debouncedSearch,
    filters,
    setFilter,
    sort,
    toggleSort,
    pageSize: shownPageSize,
    setPageSize,
    setPageIndex,
    expanded,
    toggleExpanded,
    density,
    setDensity,
    searchShown,
    toggleSearch,
    filtersShown,
    toggleFilters,
    /** Rows exist, but none matches the search or the filters. */
    nothingMatches: rows.length > 0 && page.total === 0,
  };
}

export type TableState<T> = ReturnType<typeof useTableState<T>>;

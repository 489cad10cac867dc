// The one table of the portal, on Fluent UI v9's
// Table primitives: search on the left, filters behind a toggle, density xs/md/xl, pages of
// 5–100 rows with previous/next only, skeleton rows while loading, a progress bar while saving,
// expandable detail rows, resizable columns (180 / 40 / 1000 px) and windowed long pages.
// The columns share the width of the container (issue #14): they shrink or grow in proportion,
// a width the person dragged is kept, and only when even the narrowest readable widths do not
// fit does the table scroll sideways — with the actions column stuck to the right edge, so the
// row menu is always in sight. On a phone the less important columns are left out (`hideBelow`,
// the "priority columns" of Fluent's responsive tables).
import {
  Button,
  Input,
  Label,
  Menu,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  ProgressBar,
  SearchBox,
  Select,
  Skeleton,
  SkeletonItem,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Tooltip,
  createTableColumn,
  makeStyles,
  mergeClasses,
  tokens,
  useId,
  useTableColumnSizing_unstable,
  useTableFeatures,
  type MenuProps,
  type TableColumnSizingOptions,
} from '@fluentui/react-components';
import {
  ChevronDownRegular,
  ChevronLeftRegular,
  ChevronRightRegular,
  FilterDismissRegular,
  FilterRegular,
  SearchRegular,
  TextDensityRegular,
} from '@fluentui/react-icons';
import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import {
  COLUMN_SIZE,
  DEFAULT_PAGE_SIZE,
  FILTER_DEBOUNCE_MS,
  MAX_SKELETON_ROWS,
  PAGE_SIZES,
  SEARCH_DEBOUNCE_MS,
} from '../../domain/constants';
import { ERROR_TITLE } from '../../platform/error-text';
import { useNotify } from '../../platform/notify';
import { RefreshFailure } from '../actions/load-failure';
import { isAtLeast, useBreakpoint } from '../hooks/use-breakpoint';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { buildSearchIndex, filterRows, fitColumnWidths, isSortable, paginate, sortRows, type ColumnWant } from './table-model';
import { TABLE_TEXTS } from './texts';
import type { DataTableColumn, DataTableProps, Density, SortState } from './types';
import { ESTIMATED_ROW_HEIGHT, useRowWindow } from './use-row-window';

const FLUENT_SIZE = { xs: 'extra-small', md: 'small', xl: 'medium' } as const;
const EXPAND_COLUMN = '__expand';
const ACTIONS_COLUMN = '__actions';
// Content widths; every cell adds CELL_PADDING. The actions column fits its header "Acciones".
const FIXED_WIDTH = { [EXPAND_COLUMN]: 32, [ACTIONS_COLUMN]: 64 } as const;
/** Fluent's table cells have 8 px of padding on either side. */
const CELL_PADDING = 16;
/** A column without a `minWidth` is not squeezed narrower than this to fit; the table scrolls instead. */
const READABLE_WIDTH = 96;
/** Pages longer than this are windowed. */
const DEFAULT_VIRTUALIZE_FROM = 30;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  // ≥ 1024 px: one line; 720–1023 px: the line wraps; < 720 px: everything stacks.
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'nowrap' },
  toolbarTablet: { flexWrap: 'wrap' },
  toolbarMobile: { flexDirection: 'column', alignItems: 'stretch' },
  search: { width: '320px', maxWidth: '100%' },
  searchMobile: { width: '100%' },
  toolbarSlot: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  toolbarEnd: { display: 'flex', gap: tokens.spacingHorizontalXS, marginLeft: 'auto' },
  toolbarEndMobile: { marginLeft: 0, justifyContent: 'flex-end' },
  progress: { minHeight: '2px' },
  // A size container, so a detail row can be as wide as the visible part of the table (100cqw).
  scroller: { overflowX: 'auto', maxWidth: '100%', containerType: 'inline-size' },
  // The widths below are exact: the table is as wide as its columns, which fit the container.
  table: { tableLayout: 'fixed' },
  cell: { boxSizing: 'content-box', overflowWrap: 'anywhere' },
  // The actions column stays at the right edge while a table too wide for a phone scrolls.
  stickyEnd: {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: `inset 1px 0 0 ${tokens.colorNeutralStroke2}`,
  },
  windowed: { overflowY: 'auto', maxHeight: 'min(70vh, 720px)' },
  header: { position: 'sticky', top: 0, zIndex: 1, backgroundColor: tokens.colorNeutralBackground1 },
  filterCell: {
    paddingTop: tokens.spacingVerticalXXS,
    paddingBottom: tokens.spacingVerticalXXS,
    // Fluent's combobox asks for 250 px; in a filter cell it takes the column's width instead.
    '& .fui-Combobox': { minWidth: 0, width: '100%', boxSizing: 'border-box' },
    '& .fui-Combobox__input': { minWidth: 0, width: '100%' },
  },
  detailCell: { backgroundColor: tokens.colorNeutralBackground2, padding: tokens.spacingHorizontalM },
  // A detail (often a table of its own) spans the visible width and stays in view while a wide
  // table scrolls sideways, so its buttons are never cut off; what does not fit scrolls inside it.
  detailContent: {
    position: 'sticky',
    left: tokens.spacingHorizontalM,
    boxSizing: 'border-box',
    width: `calc(100cqw - 2 * ${tokens.spacingHorizontalM})`,
    overflowX: 'auto',
  },
  messageCell: { textAlign: 'center', padding: tokens.spacingVerticalL, color: tokens.colorNeutralForeground3 },
  footer: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  footerMobile: { justifyContent: 'space-between' },
  pageSize: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  spacer: { border: 'none', padding: 0 },
});

export function DataTable<T>(props: DataTableProps<T>) {
  const {
    label,
    items,
    columns,
    getRowId,
    loading = false,
    saving = false,
    error,
    searchPlaceholder = TABLE_TEXTS.search,
    toolbar,
    rowActions,
    renderDetail,
    emptyMessage = TABLE_TEXTS.empty,
    serverSide,
    defaultPageSize = DEFAULT_PAGE_SIZE,
    defaultDensity = 'xs',
    defaultSort = null,
    virtualizeFrom = DEFAULT_VIRTUALIZE_FROM,
  } = props;
  const styles = useStyles();
  const breakpoint = useBreakpoint();
  const notify = useNotify();

  // One way a load fails, in every table: with nothing on screen yet, the failure is told once in
  // the "¡Oh no!" toast and the table offers "Reintentar" where the rows would be; with rows on
  // screen (a background refresh failed) the rows stay and a notice says they may be out of date.
  const refreshFailed = Boolean(error) && (items?.length ?? 0) > 0;
  const loadFailed = Boolean(error) && !refreshFailed;
  const errorText = loadFailed ? error?.text : undefined;
  useEffect(() => {
    if (errorText) notify.error(ERROR_TITLE, errorText);
  }, [errorText, notify]);

  const [density, setDensity] = useState<Density>(defaultDensity);
  const [searchShown, setSearchShown] = useState(true);
  const [filtersShown, setFiltersShown] = useState(false);
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [sort, setSort] = useState<SortState | null>(defaultSort);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  const [pageIndex, setPageIndex] = useState(0);
  const [expanded, setExpanded] = useState<ReadonlySet<string | number>>(() => new Set());

  const mode = serverSide ? 'server' : 'client';
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS[mode]);
  const debouncedFilters = useDebouncedValue(filters, FILTER_DEBOUNCE_MS[mode]);

  // Server-side filtering: report the query; the rows come back through `items`.
  const onQueryChange = serverSide?.onQueryChange;
  useEffect(() => {
    onQueryChange?.({ search: debouncedSearch, filters: debouncedFilters });
  }, [onQueryChange, debouncedSearch, debouncedFilters]);

  // A new search or filter starts again at the first page.
  useEffect(() => setPageIndex(0), [debouncedSearch, debouncedFilters]);

  const visibleColumns = useMemo(
    () => columns.filter((column) => !column.hideBelow || isAtLeast(breakpoint, column.hideBelow)),
    [columns, breakpoint],
  );

  const rows = items ?? EMPTY;
  const index = useMemo(() => (serverSide ? [] : buildSearchIndex(rows, columns)), [rows, columns, serverSide]);
  const filtered = useMemo(
    () => (serverSide ? rows : filterRows({ items: rows, index, columns, search: debouncedSearch, filters: debouncedFilters })),
    [rows, index, columns, debouncedSearch, debouncedFilters, serverSide],
  );
  const sorted = useMemo(() => sortRows(filtered, columns, sort), [filtered, columns, sort]);
  const page = useMemo(() => paginate(sorted, pageIndex, pageSize), [sorted, pageIndex, pageSize]);

  // Column sizing through Fluent (resizable by mouse, touch and keyboard).
  const fluentColumns = useMemo(
    () => [
      ...(renderDetail ? [createTableColumn<T>({ columnId: EXPAND_COLUMN })] : []),
      ...visibleColumns.map((column) => createTableColumn<T>({ columnId: column.id })),
      ...(rowActions ? [createTableColumn<T>({ columnId: ACTIONS_COLUMN })] : []),
    ],
    [visibleColumns, renderDetail, rowActions],
  );
  const sizingOptions = useMemo<TableColumnSizingOptions>(() => {
    const options: TableColumnSizingOptions = {};
    for (const column of visibleColumns) {
      const minWidth = Math.max(COLUMN_SIZE.min, column.minWidth ?? COLUMN_SIZE.min);
      const width = Math.min(COLUMN_SIZE.max, Math.max(minWidth, column.width ?? COLUMN_SIZE.default));
      options[column.id] = { minWidth, defaultWidth: width, idealWidth: width };
    }
    for (const [id, width] of Object.entries(FIXED_WIDTH)) options[id] = { minWidth: width, defaultWidth: width, idealWidth: width };
    return options;
  }, [visibleColumns]);
  // The widths the person chose by dragging a column's edge (mouse, touch or keyboard); Fluent
  // knows no maximum, so a width is kept at 1000 px at most. Fluent also calls this, without an
  // event, when the table sets a width itself (below): that is not a choice.
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const onColumnResize = useCallback((event: unknown, data: { columnId: string | number; width: number }) => {
    if (!event) return;
    const width = Math.min(COLUMN_SIZE.max, data.width);
    setChosen((previous) => (previous[data.columnId] === width ? previous : { ...previous, [data.columnId]: width }));
  }, []);
  const { columnSizing_unstable: sizing, tableRef } = useTableFeatures<T>({ columns: fluentColumns, items: page.rows as T[] }, [
    useTableColumnSizing_unstable({ columnSizingOptions: sizingOptions, autoFitColumns: false, onColumnResize }),
  ]);

  const showSkeleton = loading && rows.length === 0 && !loadFailed;
  const virtualized = !showSkeleton && page.rows.length > virtualizeFrom && expanded.size === 0;
  const rowWindow = useRowWindow(page.rows.length, virtualized, ESTIMATED_ROW_HEIGHT[density], `${page.pageIndex}:${pageSize}`);

  // The width the columns share: the scroller's, less the fixed columns and every cell's padding.
  const containerWidth = useContainerWidth(rowWindow.containerRef);
  const shownWidths = useMemo(() => {
    const wants: ColumnWant[] = [];
    let fixed = 0;
    for (const column of fluentColumns) {
      const id = String(column.columnId);
      if (id in FIXED_WIDTH) {
        fixed += FIXED_WIDTH[id as keyof typeof FIXED_WIDTH] + CELL_PADDING;
        continue;
      }
      const option = sizingOptions[id];
      const width = chosen[id] ?? option.defaultWidth ?? COLUMN_SIZE.default;
      const asked = visibleColumns.find((candidate) => candidate.id === id)?.minWidth;
      const floor = Math.min(width, Math.max(COLUMN_SIZE.min, asked ?? READABLE_WIDTH));
      wants.push({ id, width, floor, pinned: id in chosen });
    }
    const available = containerWidth > 0 ? containerWidth - fixed - wants.length * CELL_PADDING : 0;
    return { ...fitColumnWidths(wants, available), ...FIXED_WIDTH } as Record<string, number>;
  }, [fluentColumns, visibleColumns, sizingOptions, containerWidth, chosen]);
  // Fluent's own state follows the widths shown, so a drag starts from the edge the person sees
  // and moves it 1:1 (Fluent measures the drag from the width it holds).
  useLayoutEffect(() => {
    for (const column of sizing.getColumnWidths()) {
      const shown = shownWidths[String(column.columnId)];
      if (shown !== undefined && Math.max(column.minWidth, shown) !== column.width) sizing.setColumnWidth(column.columnId, shown);
    }
  });
  const tableWidth = fluentColumns.reduce((sum, column) => sum + shownWidths[String(column.columnId)] + CELL_PADDING, 0);

  // `npm run bench` times first render and search-to-update from this mark: one per commit that
  // changes the shown rows (never on other renders), so it costs nothing measurable.
  const shownRows = showSkeleton || loadFailed ? null : page.rows;
  useLayoutEffect(() => {
    if (shownRows) markTable('datatable:rows-rendered', { label, total: page.total, search: debouncedSearch });
  }, [shownRows, label, page.total, debouncedSearch]);

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

  const onDensityChange: MenuProps['onCheckedValueChange'] = (_event, data) => {
    const value = data.checkedItems[0] as Density | undefined;
    if (value) setDensity(value);
  };

  const columnCount = fluentColumns.length;
  const cellStyle = (columnId: string) => {
    const width = shownWidths[columnId];
    return { width, minWidth: width, maxWidth: width };
  };
  const cellClass = (columnId: string) => mergeClasses(styles.cell, columnId === ACTIONS_COLUMN && styles.stickyEnd);
  const mobile = breakpoint === 'mobile';
  const tablet = breakpoint === 'tablet';
  const nothingMatches = rows.length > 0 && page.total === 0;

  let body: ReactNode;
  if (loadFailed && error) {
    // The failure itself is told once, in the "¡Oh no!" toast; the table only says why it is
    // empty and offers to try again.
    body = (
      <TableRow>
        <TableCell colSpan={columnCount} className={styles.messageCell}>
          {TABLE_TEXTS.loadFailed}{' '}
          {error.onRetry && (
            <Button size="small" onClick={error.onRetry}>
              {TABLE_TEXTS.retry}
            </Button>
          )}
        </TableCell>
      </TableRow>
    );
  } else if (showSkeleton) {
    const count = Math.min(pageSize, MAX_SKELETON_ROWS);
    body = Array.from({ length: count }, (_, i) => (
      <TableRow key={`skeleton-${i}`} data-testid="data-table-skeleton-row" aria-hidden="true">
        {fluentColumns.map((column) => (
          <TableCell key={column.columnId} style={cellStyle(String(column.columnId))} className={cellClass(String(column.columnId))}>
            <Skeleton aria-label={TABLE_TEXTS.loading}>
              <SkeletonItem size={density === 'xs' ? 12 : 16} />
            </Skeleton>
          </TableCell>
        ))}
      </TableRow>
    ));
  } else if (page.total === 0) {
    body = (
      <TableRow>
        <TableCell colSpan={columnCount} className={styles.messageCell}>
          {nothingMatches ? TABLE_TEXTS.noMatches : emptyMessage}
        </TableCell>
      </TableRow>
    );
  } else {
    const windowRows = page.rows.slice(rowWindow.start, rowWindow.end);
    body = (
      <>
        {rowWindow.padTop > 0 && <tr aria-hidden="true" className={styles.spacer} style={{ height: rowWindow.padTop }} />}
        {windowRows.map((item, offset) => {
          const id = getRowId(item);
          const isExpanded = expanded.has(id);
          const rowNumber = page.pageIndex * pageSize + rowWindow.start + offset + 2; // +1 header, 1-based
          return (
            <Fragment key={id}>
              <TableRow aria-rowindex={rowNumber} ref={offset === 0 ? rowWindow.measureRow : undefined}>
                {renderDetail && (
                  <TableCell style={cellStyle(EXPAND_COLUMN)} className={styles.cell}>
                    <Button
                      appearance="subtle"
                      size="small"
                      aria-expanded={isExpanded}
                      aria-label={isExpanded ? TABLE_TEXTS.collapse : TABLE_TEXTS.expand}
                      icon={isExpanded ? <ChevronDownRegular /> : <ChevronRightRegular />}
                      onClick={() => toggleExpanded(id)}
                    />
                  </TableCell>
                )}
                {visibleColumns.map((column) => (
                  <TableCell key={column.id} style={cellStyle(column.id)} className={styles.cell}>
                    {renderCell(column, item)}
                  </TableCell>
                ))}
                {rowActions && (
                  <TableCell style={cellStyle(ACTIONS_COLUMN)} className={cellClass(ACTIONS_COLUMN)}>
                    {rowActions(item)}
                  </TableCell>
                )}
              </TableRow>
              {renderDetail && isExpanded && (
                <TableRow>
                  <TableCell colSpan={columnCount} className={styles.detailCell}>
                    <div className={styles.detailContent}>{renderDetail(item)}</div>
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          );
        })}
        {rowWindow.padBottom > 0 && <tr aria-hidden="true" className={styles.spacer} style={{ height: rowWindow.padBottom }} />}
      </>
    );
  }

  return (
    <div className={styles.root}>
      <div className={mergeClasses(styles.toolbar, tablet && styles.toolbarTablet, mobile && styles.toolbarMobile)}>
        {searchShown && (
          <SearchBox
            className={mergeClasses(styles.search, mobile && styles.searchMobile)}
            aria-label={TABLE_TEXTS.search}
            placeholder={searchPlaceholder}
            value={search}
            onChange={(_event, data) => {
              // Start of the bench's search-to-update time (see datatable:rows-rendered).
              markTable('datatable:search-input', { label, search: data.value });
              setSearch(data.value);
            }}
          />
        )}
        {toolbar && <div className={styles.toolbarSlot}>{toolbar}</div>}
        <div className={mergeClasses(styles.toolbarEnd, mobile && styles.toolbarEndMobile)}>
          <Tooltip content={searchShown ? TABLE_TEXTS.hideSearch : TABLE_TEXTS.showSearch} relationship="label">
            <Button
              appearance="subtle"
              icon={<SearchRegular />}
              aria-pressed={searchShown}
              onClick={() => {
                // Hiding the search also clears it, so no invisible filter stays applied.
                if (searchShown) setSearch('');
                setSearchShown(!searchShown);
              }}
            />
          </Tooltip>
          <Tooltip content={filtersShown ? TABLE_TEXTS.hideFilters : TABLE_TEXTS.showFilters} relationship="label">
            <Button
              appearance="subtle"
              icon={filtersShown ? <FilterDismissRegular /> : <FilterRegular />}
              aria-pressed={filtersShown}
              onClick={() => {
                if (filtersShown) setFilters({});
                setFiltersShown(!filtersShown);
              }}
            />
          </Tooltip>
          <Menu checkedValues={{ density: [density] }} onCheckedValueChange={onDensityChange}>
            <MenuTrigger disableButtonEnhancement>
              <Tooltip content={TABLE_TEXTS.density} relationship="label">
                <Button appearance="subtle" icon={<TextDensityRegular />} />
              </Tooltip>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {(['xs', 'md', 'xl'] as const).map((value) => (
                  <MenuItemRadio key={value} name="density" value={value}>
                    {TABLE_TEXTS.densities[value]}
                  </MenuItemRadio>
                ))}
              </MenuList>
            </MenuPopover>
          </Menu>
        </div>
      </div>

      <div className={styles.progress}>{saving && <ProgressBar aria-label={TABLE_TEXTS.saving} thickness="medium" />}</div>
      {refreshFailed && error && <RefreshFailure onRetry={error.onRetry} />}

      <div
        ref={rowWindow.containerRef}
        className={mergeClasses(styles.scroller, virtualized && styles.windowed)}
        onScroll={virtualized ? rowWindow.onScroll : undefined}
      >
        <Table
          ref={tableRef}
          className={styles.table}
          style={{ width: tableWidth }}
          aria-label={label}
          aria-busy={showSkeleton || saving}
          aria-rowcount={page.total + 1}
          size={FLUENT_SIZE[density]}
          sortable
          data-density={density}
        >
          <TableHeader className={styles.header}>
            <TableRow aria-rowindex={1}>
              {/* Not sortable: in a sortable table Fluent makes every header a button, and this one would be an empty, nameless one. */}
              {renderDetail && (
                <TableHeaderCell
                  style={cellStyle(EXPAND_COLUMN)}
                  className={styles.cell}
                  aria-label={TABLE_TEXTS.expand}
                  sortable={false}
                />
              )}
              {visibleColumns.map((column) => {
                const sortable = isSortable(column);
                // The last column takes the room left (its handle would stick out past the table).
                const last = column.id === fluentColumns[fluentColumns.length - 1].columnId;
                const { aside } = last ? { aside: undefined } : sizing.getTableHeaderCellProps(column.id);
                return (
                  <TableHeaderCell
                    key={column.id}
                    style={cellStyle(column.id)}
                    className={styles.cell}
                    aside={aside}
                    sortable={sortable}
                    sortDirection={sort?.columnId === column.id ? sort.direction : undefined}
                    onClick={sortable ? () => toggleSort(column.id) : undefined}
                  >
                    {column.header}
                  </TableHeaderCell>
                );
              })}
              {rowActions && (
                <TableHeaderCell style={cellStyle(ACTIONS_COLUMN)} className={cellClass(ACTIONS_COLUMN)}>
                  {TABLE_TEXTS.actions}
                </TableHeaderCell>
              )}
            </TableRow>
            {filtersShown && (
              <TableRow>
                {renderDetail && <TableCell style={cellStyle(EXPAND_COLUMN)} className={styles.cell} />}
                {visibleColumns.map((column) => (
                  <TableCell key={column.id} style={cellStyle(column.id)} className={mergeClasses(styles.cell, styles.filterCell)}>
                    {renderFilter(column, filters[column.id], (value) => setFilter(column.id, value))}
                  </TableCell>
                ))}
                {rowActions && <TableCell style={cellStyle(ACTIONS_COLUMN)} className={cellClass(ACTIONS_COLUMN)} />}
              </TableRow>
            )}
          </TableHeader>
          <TableBody>{body}</TableBody>
        </Table>
      </div>

      <Pagination
        total={page.total}
        from={page.from}
        to={page.to}
        pageIndex={page.pageIndex}
        pageCount={page.pageCount}
        pageSize={pageSize}
        mobile={mobile}
        onPageSize={(size) => {
          setPageSize(size);
          setPageIndex(0);
        }}
        onPage={setPageIndex}
      />
    </div>
  );
}

const EMPTY: readonly never[] = [];

/** The element's inner width (without its scrollbar), kept up to date; 0 until it has a layout. */
function useContainerWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** A User Timing mark for the bench; skipped where the environment has none (older test DOMs). */
function markTable(name: string, detail: Record<string, unknown>): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(name, { detail });
}

function renderCell<T>(column: DataTableColumn<T>, item: T): ReactNode {
  if (column.cell) return column.cell(item);
  if (column.text) return column.text(item);
  const value = column.value?.(item);
  return value === null || value === undefined ? '' : String(value);
}

function renderFilter<T>(column: DataTableColumn<T>, value: unknown, onChange: (value: unknown) => void): ReactNode {
  const label = TABLE_TEXTS.filterBy(column.header);
  if (column.filter === false) return null;
  if (column.filter) return column.filter.render({ value, onChange, label });
  if (!column.value) return null;
  return (
    <Input
      size="small"
      aria-label={label}
      placeholder={label}
      value={typeof value === 'string' ? value : ''}
      onChange={(_event, data) => onChange(data.value)}
      style={{ width: '100%', minWidth: 0 }}
    />
  );
}

interface PaginationProps {
  total: number;
  from: number;
  to: number;
  pageIndex: number;
  pageCount: number;
  pageSize: number;
  mobile: boolean;
  onPageSize: (size: number) => void;
  onPage: (index: number) => void;
}

// Previous and next only: the spec wants no first/last page buttons.
function Pagination({ total, from, to, pageIndex, pageCount, pageSize, mobile, onPageSize, onPage }: PaginationProps) {
  const styles = useStyles();
  const selectId = useId('page-size');
  return (
    <div className={mergeClasses(styles.footer, mobile && styles.footerMobile)}>
      <div className={styles.pageSize}>
        <Label htmlFor={selectId} size="small">
          {TABLE_TEXTS.rowsPerPage}
        </Label>
        <Select id={selectId} size="small" value={String(pageSize)} onChange={(_event, data) => onPageSize(Number(data.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
      </div>
      <Text size={200} aria-live="polite">
        {TABLE_TEXTS.range(from, to, total)}
      </Text>
      <div>
        <Button
          appearance="subtle"
          size="small"
          icon={<ChevronLeftRegular />}
          aria-label={TABLE_TEXTS.previousPage}
          title={TABLE_TEXTS.previousPage}
          disabled={pageIndex === 0}
          onClick={() => onPage(pageIndex - 1)}
        />
        <Button
          appearance="subtle"
          size="small"
          icon={<ChevronRightRegular />}
          aria-label={TABLE_TEXTS.nextPage}
          title={TABLE_TEXTS.nextPage}
          disabled={pageIndex >= pageCount - 1}
          onClick={() => onPage(pageIndex + 1)}
        />
      </div>
    </div>
  );
}

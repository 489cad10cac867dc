// The one table of the portal, on Fluent UI v9's
// Table primitives: search on the left, filters behind a toggle, density xs/md/xl, pages of
// 5–100 rows with previous/next only, skeleton rows while loading, a progress bar while saving,
// expandable detail rows, resizable columns (180 / 40 / 1000 px) and windowed long pages.
// The columns share the width of the container: they shrink or grow in proportion,
// a width the person dragged is kept, and only when even the narrowest readable widths do not
// fit does the table scroll sideways — with the actions column stuck to the right edge, so the
// row menu is always in sight. On a phone the less important columns are left out (`hideBelow`,
// the "priority columns" of Fluent's responsive tables).
//
// A small composition, each part testable alone: `useTableState` (search, filters, sort, page,
// expanded rows, the toolbar's switches, and the rows they leave), `TableToolbar`, `TableGrid`
// (the header and the body) and `TablePagination`.
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { ERROR_TITLE } from '@almacen/shared';
import { useNotify } from '@almacen/shared';
import { RefreshFailure } from '@almacen/shared';
import { isAtLeast, useBreakpoint } from '@almacen/shared';
import { ProgressBar } from '@almacen/shared/fluent-pages';
import { markTable, TABLE_MARKS } from './marks';
import { DEFAULT_VIRTUALIZE_FROM, useTableStyles } from './styles';
import { TableGrid } from './table-grid';
import { TablePagination } from './table-pagination';
import { TableToolbar } from './table-toolbar';
import { TABLE_TEXTS } from './texts';
import type { DataTableProps } from './types';
import { useTableState } from './use-table-state';

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
    defaultPageSize,
    defaultDensity,
    defaultSort = null,
    virtualizeFrom = DEFAULT_VIRTUALIZE_FROM,
    openRowId,
    searchRequest,
    plain = false,
    currentRowId,
  } = props;
  const styles = useTableStyles();
  const breakpoint = useBreakpoint();
  const notify = useNotify();
  const openRow = useMemo(
    () => (openRowId === undefined ? undefined : { id: openRowId, getRowId: getRowId as (item: never) => string | number }),
    [openRowId, getRowId],
  );
  const state = useTableState(items, columns, {
    defaultPageSize,
    defaultDensity,
    defaultSort: plain ? null : defaultSort,
    openRow,
    searchRequest,
    allRows: plain,
  });
  const { page, rows, debouncedSearch } = state;

  // One way a load fails, in every table: with nothing on screen yet, the failure is told once in
  // the "¡Oh no!" toast and the table offers "Reintentar" where the rows would be; with rows on
  // screen (a background refresh failed) the rows stay and a notice says they may be out of date.
  const refreshFailed = Boolean(error) && rows.length > 0;
  const loadFailed = Boolean(error) && !refreshFailed;
  const errorText = loadFailed ? error?.text : undefined;
  useEffect(() => {
    if (errorText) notify.error(ERROR_TITLE, errorText);
  }, [errorText, notify]);

  const visibleColumns = useMemo(
    () => columns.filter((column) => !column.hideBelow || isAtLeast(breakpoint, column.hideBelow)),
    [columns, breakpoint],
  );
  const showSkeleton = loading && rows.length === 0 && !loadFailed;

  // `npm run bench` times first render and search-to-update from this mark: one per commit that
  // changes the shown rows (never on other renders), so it costs nothing measurable.
  const shownRows = showSkeleton || loadFailed ? null : page.rows;
  useLayoutEffect(() => {
    if (shownRows) markTable(TABLE_MARKS.rowsRendered, { label, total: page.total, search: debouncedSearch });
  }, [shownRows, label, page.total, debouncedSearch]);

  return (
    <div className={styles.root}>
      {!plain && (
        <TableToolbar label={label} searchPlaceholder={searchPlaceholder} breakpoint={breakpoint} state={state}>
          {toolbar}
        </TableToolbar>
      )}
      <div className={styles.progress}>{saving && <ProgressBar aria-label={TABLE_TEXTS.saving} thickness="medium" />}</div>
      {refreshFailed && error && <RefreshFailure onRetry={error.onRetry} />}
      <TableGrid<T>
        label={label}
        state={state}
        visibleColumns={visibleColumns}
        getRowId={getRowId}
        rowActions={rowActions}
        renderDetail={renderDetail}
        emptyMessage={emptyMessage}
        showSkeleton={showSkeleton}
        failure={loadFailed ? { onRetry: error?.onRetry } : undefined}
        busy={showSkeleton || saving}
        virtualizeFrom={plain ? Infinity : virtualizeFrom}
        plain={plain}
        currentRowId={currentRowId}
      />
      {!plain && (
        <TablePagination
          total={page.total}
          from={page.from}
          to={page.to}
          pageIndex={page.pageIndex}
          pageCount={page.pageCount}
          pageSize={state.pageSize}
          mobile={breakpoint === 'mobile'}
          onPageSize={state.setPageSize}
          onPage={state.setPageIndex}
        />
      )}
    </div>
  );
}

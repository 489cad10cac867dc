// The table itself, inside its horizontal scroller: the header (sortable, resizable columns and,
// when shown, a row of column filters) and the body — the failure row, skeleton rows while the
// first page loads, the empty message, or the page's rows (windowed on long pages) with their
// actions and expandable details. The columns share the container's width: they
// shrink or grow in proportion, a width the person dragged is kept, and only when even the
// narrowest readable widths do not fit does the table scroll sideways, the actions column stuck
// to the right edge.
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { Fragment, useCallback, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { COLUMN_SIZE, MAX_SKELETON_ROWS } from '@almacen/shared/domain';
import {
  Button,
  mergeClasses,
  Skeleton,
  SkeletonItem,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  type TableColumnSizingOptions,
} from '@almacen/shared/fluent';
import { createTableColumn, Input, useTableColumnSizing_unstable, useTableFeatures } from '@almacen/shared/fluent-pages';
import { ACTIONS_COLUMN, CELL_PADDING, EXPAND_COLUMN, FIXED_WIDTH, FLUENT_SIZE, READABLE_WIDTH, useTableStyles } from './styles';
import { fitColumnWidths, isSortable, type ColumnWant } from './table-model';
import { TABLE_TEXTS } from './texts';
import type { DataTableColumn } from './types';
import { ESTIMATED_ROW_HEIGHT, useRowWindow } from './use-row-window';
import type { TableState } from './use-table-state';

export interface TableGridProps<T> {
  label: string;
  state: TableState<T>;
  /** The columns shown at this width (`hideBelow` already applied). */
  visibleColumns: DataTableColumn<T>[];
  getRowId: (item: T) => string | number;
  rowActions?: (item: T) => ReactNode;
  renderDetail?: (item: T) => ReactNode;
  emptyMessage: string;
  /** Skeleton rows instead of the page (the first load is on its way). */
  showSkeleton: boolean;
  /** The first load failed: one row saying so, with "Reintentar" when given. */
  failure?: { onRetry?: () => void };
  busy: boolean;
  virtualizeFrom: number;
  /** A plain table: the rows keep the order given and the columns their widths (no sorting, no dragging). */
  plain?: boolean;
  /** The row being worked on: highlighted and `aria-current`. */
  currentRowId?: string | number;
}

export function TableGrid<T>({
  label,
  state,
  visibleColumns,
  getRowId,
  rowActions,
  renderDetail,
  emptyMessage,
  showSkeleton,
  failure,
  busy,
  virtualizeFrom,
  plain = false,
  currentRowId,
}: TableGridProps<T>) {
  const styles = useTableStyles();
  const sortableTable = !plain;
  const { page, pageSize, density, expanded, toggleExpanded, sort, toggleSort, filters, setFilter, filtersShown } = state;
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
  // A table wider than its frame scrolls sideways, and a line under it says so: the frame is then
  // a named group a keyboard can reach and scroll, also when no cell holds anything focusable (a
  // summary's figures). A group, not a region: a table's card is often a region of that name.
  const scrolls = containerWidth > 0 && tableWidth > containerWidth + 1;

  const columnCount = fluentColumns.length;
  const cellStyle = (columnId: string) => {
    const width = shownWidths[columnId];
    return { width, minWidth: width, maxWidth: width };
  };
  const cellClass = (columnId: string) => mergeClasses(styles.cell, columnId === ACTIONS_COLUMN && styles.stickyEnd);

  let body: ReactNode;
  if (failure) {
    // The failure itself is told once, in the "¡Oh no!" toast; the table only says why it is
    // empty and offers to try again.
    body = (
      <TableRow>
        <TableCell colSpan={columnCount} className={styles.messageCell}>
          {TABLE_TEXTS.loadFailed}{' '}
          {failure.onRetry && (
            <Button size="small" onClick={failure.onRetry}>
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
          {state.nothingMatches ? TABLE_TEXTS.noMatches : emptyMessage}
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
          const current = currentRowId !== undefined && id === currentRowId;
          const rowNumber = page.pageIndex * pageSize + rowWindow.start + offset + 2; // +1 header, 1-based
          return (
            <Fragment key={id}>
              <TableRow
                aria-rowindex={rowNumber}
                ref={offset === 0 ? rowWindow.measureRow : undefined}
                className={current ? styles.currentRow : undefined}
                aria-current={current ? 'true' : undefined}
              >
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
    <>
      <div
        ref={rowWindow.containerRef}
        className={mergeClasses(styles.scroller, virtualized && styles.windowed)}
        onScroll={virtualized ? rowWindow.onScroll : undefined}
        {...(scrolls ? { role: 'group', 'aria-label': label, tabIndex: 0 } : {})}
      >
        <Table
          ref={tableRef}
          className={styles.table}
          style={{ width: tableWidth }}
          aria-label={label}
          aria-busy={busy}
          aria-rowcount={page.total + 1}
          size={FLUENT_SIZE[density]}
          sortable={sortableTable}
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
                const sortable = sortableTable && isSortable(column);
                // The last column takes the room left (its handle would stick out past the table); a
                // plain table's columns are not dragged.
                const last = column.id === fluentColumns[fluentColumns.length - 1].columnId;
                const { aside } = last || plain ? { aside: undefined } : sizing.getTableHeaderCellProps(column.id);
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
      {scrolls && <span className={styles.hint}>{TABLE_TEXTS.scrolls}</span>}
    </>
  );
}

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

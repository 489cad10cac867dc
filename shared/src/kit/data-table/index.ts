export { DataTable } from './data-table';
export { TableGrid } from './table-grid';
export { TablePagination } from './table-pagination';
export { TableToolbar } from './table-toolbar';
export { useTableState } from './use-table-state';
export { productCategoryColumn, productUnitColumn } from './product-columns';
export { RowActionsMenu, editDeleteActions } from './row-actions-menu';
export { SELECTION_TEXTS, useRowSelection } from './selection-column';
export type { RowSelection } from './selection-column';
export type { RowAction, RowActionsMenuProps } from './row-actions-menu';
export { TABLE_TEXTS } from './texts';
export { buildSearchIndex, filterRows, paginate, sortRows } from './table-model';
export type {
  CellValue,
  ColumnFilter,
  ColumnFilterProps,
  DataTableColumn,
  DataTableProps,
  Density,
  SortDirection,
  SortState,
} from './types';

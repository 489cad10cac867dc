// Row selection for a DataTable, as one more column: a checkbox per row, named after the row
// ("Elegir el producto 12"). The column stays the same object while rows are ticked (the table's
// search index is built from the columns), so the checkboxes read the selection from a small
// store of their own instead of from the column. The selection survives search, sorting and
// paging; the screen that owns it reads `selectedIds` and may clear it.
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { Checkbox } from '@almacen/shared/fluent-pages';
import type { DataTableColumn } from './types';

export const SELECTION_TEXTS = { header: 'Elegir' } as const;

type RowId = string | number;

class SelectionStore {
  ids: ReadonlySet<RowId> = new Set();
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(ids: ReadonlySet<RowId>) {
    this.ids = ids;
    for (const listener of this.listeners) listener();
  }

  toggle(id: RowId, on: boolean) {
    const next = new Set(this.ids);
    if (on) next.add(id);
    else next.delete(id);
    this.set(next);
  }
}

function SelectCell({ store, id, label }: { store: SelectionStore; id: RowId; label: string }) {
  const checked = useSyncExternalStore(store.subscribe, () => store.ids.has(id));
  return <Checkbox aria-label={label} checked={checked} onChange={(_event, data) => store.toggle(id, data.checked === true)} />;
}

export interface RowSelection<T> {
  /** Put it first among the table's columns. */
  column: DataTableColumn<T>;
  selectedIds: ReadonlySet<RowId>;
  clear: () => void;
}

/** Pass stable functions (module-level or memoized): the column is rebuilt when they change. */
export function useRowSelection<T>(getRowId: (item: T) => RowId, rowLabel: (item: T) => string): RowSelection<T> {
  const [store] = useState(() => new SelectionStore());
  const selectedIds = useSyncExternalStore(store.subscribe, () => store.ids);
  const column = useMemo<DataTableColumn<T>>(
    () => ({
      id: 'select',
      header: SELECTION_TEXTS.header,
      cell: (item) => <SelectCell store={store} id={getRowId(item)} label={rowLabel(item)} />,
      sortable: false,
      searchable: false,
      filter: false,
      width: 64,
      minWidth: 56,
    }),
    [store, getRowId, rowLabel],
  );
  const clear = useCallback(() => store.set(new Set()), [store]);
  return { column, selectedIds, clear };
}

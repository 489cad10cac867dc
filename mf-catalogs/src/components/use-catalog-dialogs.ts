// Which modal of a catalogue screen is open: the create form, the edit form of one row, or the
// delete confirmation of one row. One at a time.
import { useCallback, useState } from 'react';

type DialogState<T> = { kind: 'closed' } | { kind: 'create' } | { kind: 'edit'; item: T } | { kind: 'delete'; item: T };

export interface CatalogDialogs<T> {
  creating: boolean;
  editing: T | undefined;
  deleting: T | undefined;
  openCreate: () => void;
  openEdit: (item: T) => void;
  openDelete: (item: T) => void;
  close: () => void;
}

export function useCatalogDialogs<T>(): CatalogDialogs<T> {
  const [state, setState] = useState<DialogState<T>>({ kind: 'closed' });
  const close = useCallback(() => setState({ kind: 'closed' }), []);
  return {
    creating: state.kind === 'create',
    editing: state.kind === 'edit' ? state.item : undefined,
    deleting: state.kind === 'delete' ? state.item : undefined,
    openCreate: useCallback(() => setState({ kind: 'create' }), []),
    openEdit: useCallback((item: T) => setState({ kind: 'edit', item }), []),
    openDelete: useCallback((item: T) => setState({ kind: 'delete', item }), []),
    close,
  };
}

// The table and the delete confirmation every catalogue screen has:
// the list with its search, "Añadir …" button, a row menu with edit and delete, the "¡Oh no!"
// load failure with a retry, the progress bar while a change is saved; and the confirmation
// that runs the delete. Each screen brings its texts, columns and form dialogs. Without
// catalogs.write the list, its search and its detail stay, and "Añadir …" and the row
// menu are not there: nothing is offered that the API would refuse.
import { AddRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { tableLoadError, useCan } from '@almacen/shared';
import { Button } from '@almacen/shared/fluent';
import { ConfirmDialog, DataTable, type DataTableColumn, editDeleteActions, type RowAction, RowActionsMenu } from '@almacen/shared/kit';
import type { CatalogDialogs } from './use-catalog-dialogs';

export interface CatalogTableTexts<T> {
  /** The table's accessible name ("Productos"). */
  label: string;
  /** Spec §8: "obtener los productos." */
  loadError: string;
  searchPlaceholder?: string;
  emptyMessage: string;
  addButton: string;
  editAction: string;
  deleteAction: string;
  /** The row menu's accessible name ("Acciones del producto 12"). */
  rowActions: (item: T) => string;
}

export interface CatalogTableProps<T extends { id: number }> {
  texts: CatalogTableTexts<T>;
  list: { data?: T[]; error?: unknown; isLoading: boolean; mutate: () => unknown };
  columns: DataTableColumn<T>[];
  dialogs: CatalogDialogs<T>;
  /** A create, update or delete is being saved. */
  saving: boolean;
  renderDetail?: (item: T) => ReactNode;
  /** Row actions of this catalogue after «Editar» and «Eliminar». */
  moreActions?: (item: T) => RowAction[];
  /** Buttons before «Añadir …», for everyone who sees the list (they read, they change nothing). */
  toolbarActions?: ReactNode;
  /** Puts a text in the table's search (a scanned code), each time a new object comes. */
  searchRequest?: { text: string };
}

export function CatalogTable<T extends { id: number }>({
  texts,
  list,
  columns,
  dialogs,
  saving,
  renderDetail,
  moreActions,
  toolbarActions,
  searchRequest,
}: CatalogTableProps<T>) {
  const canWrite = useCan('catalogs.write');
  return (
    <DataTable<T>
      label={texts.label}
      items={list.data}
      columns={columns}
      getRowId={(item) => item.id}
      loading={list.isLoading}
      saving={saving}
      error={tableLoadError(list, texts.loadError)}
      searchPlaceholder={texts.searchPlaceholder}
      emptyMessage={texts.emptyMessage}
      renderDetail={renderDetail}
      searchRequest={searchRequest}
      toolbar={
        (toolbarActions || canWrite) && (
          <>
            {toolbarActions}
            {canWrite && (
              <Button appearance="primary" icon={<AddRegular />} onClick={dialogs.openCreate}>
                {texts.addButton}
              </Button>
            )}
          </>
        )
      }
      rowActions={
        canWrite
          ? (item) => (
              <RowActionsMenu
                label={texts.rowActions(item)}
                actions={[
                  ...editDeleteActions({
                    editLabel: texts.editAction,
                    deleteLabel: texts.deleteAction,
                    onEdit: () => dialogs.openEdit(item),
                    onDelete: () => dialogs.openDelete(item),
                  }),
                  ...(moreActions?.(item) ?? []),
                ]}
              />
            )
          : undefined
      }
    />
  );
}

/** The delete confirmation ("Estas a punto de eliminar …"): closes, then deletes the row. */
export function DeleteConfirmation<T extends { id: number }>({
  dialogs,
  text,
  onDelete,
}: {
  dialogs: CatalogDialogs<T>;
  text: (item: T) => string;
  onDelete: (id: number) => unknown;
}) {
  return (
    <ConfirmDialog
      open={Boolean(dialogs.deleting)}
      text={dialogs.deleting ? text(dialogs.deleting) : ''}
      onCancel={dialogs.close}
      onConfirm={() => {
        const item = dialogs.deleting;
        dialogs.close();
        if (item) void onDelete(item.id);
      }}
    />
  );
}

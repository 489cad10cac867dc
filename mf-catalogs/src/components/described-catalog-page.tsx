// Partidas, unidades de medida and roles are the same kind of catalogue — an id and a
// description — and differ only in their words and their endpoint. Each feature passes its own.
import { Button } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import {
  ConfirmDialog,
  DataTable,
  FormDialog,
  IdField,
  RowActionsMenu,
  TextField,
  editDeleteActions,
  validateSchema,
  type Action,
  type DataTableColumn,
} from '@almacen/shared';
import type { Described } from '@almacen/shared/domain';
import { useMemo } from 'react';
import type { Struct } from 'superstruct';
import type { SWRResponse } from 'swr';
import { CatalogPage } from './catalog-page';
import { tableLoadError } from './load-error';
import { useCatalogDialogs } from './use-catalog-dialogs';

export interface DescribedTexts {
  title: string;
  tableLabel: string;
  column: string;
  addButton: string;
  createTitle: string;
  editTitle: string;
  editAction: string;
  deleteAction: string;
  fieldLabel: string;
  placeholder: string;
  searchPlaceholder?: string;
  emptyMessage: string;
  deleteText: (item: Described) => string;
  /** "obtener las partidas" */
  loadError: string;
}

export interface DescribedCatalogPageProps {
  texts: DescribedTexts;
  list: SWRResponse<Described[]>;
  create: Action<[{ description: string }], unknown>;
  update: Action<[Described], unknown>;
  remove: Action<[number], unknown>;
  createSchema: Struct<{ description: string }, unknown>;
  updateSchema: Struct<{ id: number; description: string }, unknown>;
}

export function DescribedCatalogPage({ texts, list, create, update, remove, createSchema, updateSchema }: DescribedCatalogPageProps) {
  const dialogs = useCatalogDialogs<Described>();
  const columns = useMemo<DataTableColumn<Described>[]>(
    () => [
      { id: 'id', header: 'ID', value: (item) => item.id, width: 90 },
      { id: 'description', header: texts.column, value: (item) => item.description, width: 420 },
    ],
    [texts.column],
  );
  const validateCreate = useMemo(() => validateSchema(createSchema), [createSchema]);
  const validateUpdate = useMemo(() => validateSchema(updateSchema), [updateSchema]);
  const editValues = useMemo(() => dialogs.editing && { ...dialogs.editing }, [dialogs.editing]);

  return (
    <CatalogPage title={texts.title}>
      <DataTable<Described>
        label={texts.tableLabel}
        items={list.data}
        columns={columns}
        getRowId={(item) => item.id}
        loading={list.isLoading}
        saving={create.running || update.running || remove.running}
        error={tableLoadError(list.error, Boolean(list.data), texts.loadError, () => list.mutate())}
        searchPlaceholder={texts.searchPlaceholder}
        emptyMessage={texts.emptyMessage}
        toolbar={
          <Button appearance="primary" icon={<AddRegular />} onClick={dialogs.openCreate}>
            {texts.addButton}
          </Button>
        }
        rowActions={(item) => (
          <RowActionsMenu
            label={`Acciones de ${item.description}`}
            actions={editDeleteActions({
              editLabel: texts.editAction,
              deleteLabel: texts.deleteAction,
              onEdit: () => dialogs.openEdit(item),
              onDelete: () => dialogs.openDelete(item),
            })}
          />
        )}
      />

      <FormDialog<{ description: string }>
        open={dialogs.creating}
        title={texts.createTitle}
        validate={validateCreate}
        onClose={dialogs.close}
        onSubmit={(values) => create.run({ description: values.description.trim() })}
      >
        <TextField name="description" label={texts.fieldLabel} placeholder={texts.placeholder} required autoFocus />
      </FormDialog>

      <FormDialog<Described>
        open={Boolean(dialogs.editing)}
        title={texts.editTitle}
        initialValues={editValues}
        validate={validateUpdate}
        onClose={dialogs.close}
        onSubmit={(values) => update.run({ id: values.id, description: values.description.trim() })}
      >
        <IdField name="id" />
        <TextField name="description" label={texts.fieldLabel} placeholder={texts.placeholder} required autoFocus />
      </FormDialog>

      <ConfirmDialog
        open={Boolean(dialogs.deleting)}
        text={dialogs.deleting ? texts.deleteText(dialogs.deleting) : ''}
        onCancel={dialogs.close}
        onConfirm={() => {
          const item = dialogs.deleting;
          dialogs.close();
          if (item) void remove.run(item.id);
        }}
      />
    </CatalogPage>
  );
}

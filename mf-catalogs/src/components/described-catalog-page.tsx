// Partidas, unidades de medida and roles are the same kind of catalogue — an id and a
// description — and differ only in their words and their endpoint. Each feature passes its own.
import { useMemo } from 'react';
import type { Struct } from 'superstruct';
import type { SWRResponse } from 'swr';
import { type Action } from '@almacen/shared';
import type { Described } from '@almacen/shared/domain';
import { FormDialog, IdField, TextField, validateSchema, type DataTableColumn } from '@almacen/shared/kit';
import type { ImportCatalog } from './catalog-import';
import { CatalogPage } from './catalog-page';
import { CatalogTable, DeleteConfirmation, type CatalogTableTexts } from './catalog-table';
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
  /** The catalogue "Importar" reads (partidas, units). */
  importCatalog?: ImportCatalog;
}

export function DescribedCatalogPage({
  texts,
  list,
  create,
  update,
  remove,
  createSchema,
  updateSchema,
  importCatalog,
}: DescribedCatalogPageProps) {
  const dialogs = useCatalogDialogs<Described>();
  const columns = useMemo<DataTableColumn<Described>[]>(
    () => [
      { id: 'id', header: 'ID', value: (item) => item.id, width: 90, minWidth: 48 },
      { id: 'description', header: texts.column, value: (item) => item.description, width: 420 },
    ],
    [texts.column],
  );
  const validateCreate = useMemo(() => validateSchema(createSchema), [createSchema]);
  const validateUpdate = useMemo(() => validateSchema(updateSchema), [updateSchema]);
  const editValues = useMemo(() => dialogs.editing && { ...dialogs.editing }, [dialogs.editing]);
  const tableTexts = useMemo<CatalogTableTexts<Described>>(
    () => ({
      label: texts.tableLabel,
      loadError: texts.loadError,
      searchPlaceholder: texts.searchPlaceholder,
      emptyMessage: texts.emptyMessage,
      addButton: texts.addButton,
      editAction: texts.editAction,
      deleteAction: texts.deleteAction,
      rowActions: (item) => `Acciones de ${item.description}`,
    }),
    [texts],
  );

  return (
    <CatalogPage title={texts.title} importCatalog={importCatalog}>
      <CatalogTable<Described>
        texts={tableTexts}
        list={list}
        columns={columns}
        dialogs={dialogs}
        saving={create.running || update.running || remove.running}
      />

      <FormDialog<{ description: string }>
        open={dialogs.creating}
        title={texts.createTitle}
        validate={validateCreate}
        onClose={dialogs.close}
        onSave={(values) => create.save({ description: values.description.trim() })}
      >
        <TextField name="description" label={texts.fieldLabel} placeholder={texts.placeholder} required autoFocus />
      </FormDialog>

      <FormDialog<Described>
        open={Boolean(dialogs.editing)}
        title={texts.editTitle}
        initialValues={editValues}
        validate={validateUpdate}
        onClose={dialogs.close}
        onSave={(values) => update.save({ id: values.id, description: values.description.trim() })}
      >
        <IdField name="id" />
        <TextField name="description" label={texts.fieldLabel} placeholder={texts.placeholder} required autoFocus />
      </FormDialog>

      <DeleteConfirmation<Described> dialogs={dialogs} text={texts.deleteText} onDelete={remove.run} />
    </CatalogPage>
  );
}

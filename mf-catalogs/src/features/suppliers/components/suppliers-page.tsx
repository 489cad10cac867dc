import { useMemo } from 'react';
import {
  type SaveOutcome,
  useCreateSupplier,
  useDeleteSupplier,
  useLoadErrorToast,
  useSupplier,
  useSuppliers,
  useUpdateSupplier,
} from '@almacen/shared';
import { type Supplier } from '@almacen/shared/domain';
import { type DataTableColumn, FormDialog, IdField, TextField, validateSchema } from '@almacen/shared/kit';
import { createSupplierSchema, updateSupplierSchema, type CreateSupplier } from '@almacen/shared/schemas';
import { CatalogPage } from '../../../components/catalog-page';
import { CatalogTable, DeleteConfirmation, type CatalogTableTexts } from '../../../components/catalog-table';
import { useCatalogDialogs } from '../../../components/use-catalog-dialogs';

const validateCreate = validateSchema(createSupplierSchema);
const validateUpdate = validateSchema(updateSupplierSchema);

const TABLE_TEXTS: CatalogTableTexts<Supplier> = {
  label: 'Proveedores',
  loadError: 'obtener los proveedores.',
  searchPlaceholder: 'Buscar un proveedor',
  emptyMessage: 'No hay proveedores registrados.',
  addButton: 'Añadir proveedor',
  editAction: 'Editar proveedor',
  deleteAction: 'Eliminar proveedor',
  rowActions: (item) => `Acciones de ${item.name}`,
};

const clean = (values: CreateSupplier) => ({ name: values.name.trim(), rfc: values.rfc.trim().toUpperCase() });

function SupplierFields() {
  return (
    <>
      <TextField name="name" label="Nombre del proveedor" placeholder="Papelería La Escolar, S.A. de C.V." required autoFocus />
      <TextField name="rfc" label="RFC del proveedor" placeholder="PES010203AB1" required uppercase maxLength={13} />
    </>
  );
}

interface EditSupplierDialogProps {
  supplier: Supplier;
  onClose: () => void;
  onSave: (values: Supplier) => Promise<SaveOutcome<unknown>>;
}

/** Starts from the table's row and takes the server's fresher copy when it arrives. */
function EditSupplierDialog({ supplier: row, onClose, onSave }: EditSupplierDialogProps) {
  const fresh = useSupplier(row.id);
  useLoadErrorToast(fresh.error, 'obtener el proveedor solicitado.');
  const supplier = fresh.data ?? row;
  const initialValues = useMemo(() => ({ id: supplier.id, name: supplier.name, rfc: supplier.rfc }), [supplier]);
  return (
    <FormDialog<Supplier>
      open
      title="Editar proveedor"
      initialValues={initialValues}
      validate={validateUpdate}
      onClose={onClose}
      onSave={onSave}
    >
      <IdField name="id" />
      <SupplierFields />
    </FormDialog>
  );
}

export function SuppliersPage() {
  const suppliers = useSuppliers();
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const remove = useDeleteSupplier();
  const dialogs = useCatalogDialogs<Supplier>();
  const columns = useMemo<DataTableColumn<Supplier>[]>(
    () => [
      { id: 'id', header: 'ID', value: (item) => item.id, width: 90, minWidth: 48 },
      { id: 'name', header: 'Nombre', value: (item) => item.name, width: 380 },
      { id: 'rfc', header: 'RFC', value: (item) => item.rfc, width: 180 },
    ],
    [],
  );

  return (
    <CatalogPage title="Proveedores" importCatalog="suppliers">
      <CatalogTable<Supplier>
        texts={TABLE_TEXTS}
        list={suppliers}
        columns={columns}
        dialogs={dialogs}
        saving={create.running || update.running || remove.running}
      />

      <FormDialog<CreateSupplier>
        open={dialogs.creating}
        title="Nuevo proveedor"
        validate={validateCreate}
        onClose={dialogs.close}
        onSave={(values) => create.save(clean(values))}
      >
        <SupplierFields />
      </FormDialog>

      {dialogs.editing && (
        <EditSupplierDialog
          supplier={dialogs.editing}
          onClose={dialogs.close}
          onSave={(values) => update.save({ id: values.id, ...clean(values) })}
        />
      )}

      <DeleteConfirmation<Supplier>
        dialogs={dialogs}
        text={(item) => `Estas a punto de eliminar al proveedor ${item.name}`}
        onDelete={remove.run}
      />
    </CatalogPage>
  );
}

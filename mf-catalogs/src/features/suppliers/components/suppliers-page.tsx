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
  useLoadErrorToast,
  validateSchema,
  type DataTableColumn,
} from '@almacen/shared';
import { createSupplierSchema, updateSupplierSchema, type CreateSupplier, type Supplier } from '@almacen/shared/domain';
import { useMemo } from 'react';
import { CatalogPage } from '../../../components/catalog-page';
import { tableLoadError } from '../../../components/load-error';
import { useCatalogDialogs } from '../../../components/use-catalog-dialogs';
import { useCreateSupplier } from '../api/create-supplier';
import { useDeleteSupplier } from '../api/delete-supplier';
import { useSupplier } from '../api/get-supplier';
import { useSuppliers } from '../api/get-suppliers';
import { useUpdateSupplier } from '../api/update-supplier';

const validateCreate = validateSchema(createSupplierSchema);
const validateUpdate = validateSchema(updateSupplierSchema);

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
  onSubmit: (values: Supplier) => unknown;
}

/** Starts from the table's row and takes the server's fresher copy when it arrives. */
function EditSupplierDialog({ supplier: row, onClose, onSubmit }: EditSupplierDialogProps) {
  const fresh = useSupplier(row.id);
  useLoadErrorToast(fresh.error, 'obtener el proveedor solicitado.');
  const supplier = fresh.data ?? row;
  const initialValues = useMemo(() => ({ id: supplier.id, name: supplier.name, rfc: supplier.rfc }), [supplier]);
  return (
    <FormDialog<Supplier> open title="Editar proveedor" initialValues={initialValues} validate={validateUpdate} onClose={onClose} onSubmit={onSubmit}>
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
      { id: 'id', header: 'ID', value: (item) => item.id, width: 90 },
      { id: 'name', header: 'Nombre', value: (item) => item.name, width: 380 },
      { id: 'rfc', header: 'RFC', value: (item) => item.rfc, width: 180 },
    ],
    [],
  );

  return (
    <CatalogPage title="Proveedores">
      <DataTable<Supplier>
        label="Proveedores"
        items={suppliers.data}
        columns={columns}
        getRowId={(item) => item.id}
        loading={suppliers.isLoading}
        saving={create.running || update.running || remove.running}
        error={tableLoadError(suppliers.error, Boolean(suppliers.data), 'obtener los proveedores.', () => suppliers.mutate())}
        searchPlaceholder="Buscar un proveedor"
        emptyMessage="No hay proveedores registrados."
        toolbar={
          <Button appearance="primary" icon={<AddRegular />} onClick={dialogs.openCreate}>
            Añadir proveedor
          </Button>
        }
        rowActions={(item) => (
          <RowActionsMenu
            label={`Acciones de ${item.name}`}
            actions={editDeleteActions({
              editLabel: 'Editar proveedor',
              deleteLabel: 'Eliminar proveedor',
              onEdit: () => dialogs.openEdit(item),
              onDelete: () => dialogs.openDelete(item),
            })}
          />
        )}
      />

      <FormDialog<CreateSupplier>
        open={dialogs.creating}
        title="Nuevo proveedor"
        validate={validateCreate}
        onClose={dialogs.close}
        onSubmit={(values) => create.run(clean(values))}
      >
        <SupplierFields />
      </FormDialog>

      {dialogs.editing && (
        <EditSupplierDialog
          supplier={dialogs.editing}
          onClose={dialogs.close}
          onSubmit={(values) => update.run({ id: values.id, ...clean(values) })}
        />
      )}

      <ConfirmDialog
        open={Boolean(dialogs.deleting)}
        text={dialogs.deleting ? `Estas a punto de eliminar al proveedor ${dialogs.deleting.name}` : ''}
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

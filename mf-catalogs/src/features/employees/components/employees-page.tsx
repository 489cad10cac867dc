import { useMemo } from 'react';
import { useCreateEmployee, useDeleteEmployee, useEmployees, useUpdateEmployee } from '@almacen/shared';
import { type Employee } from '@almacen/shared/domain';
import { employeeName } from '@almacen/shared/domain';
import { type DataTableColumn, FormDialog, IdField, TextField, validateSchema } from '@almacen/shared/kit';
import { createEmployeeSchema, updateEmployeeSchema, type CreateEmployee } from '@almacen/shared/schemas';
import { CatalogPage } from '../../../components/catalog-page';
import { CatalogTable, DeleteConfirmation, type CatalogTableTexts } from '../../../components/catalog-table';
import { useCatalogDialogs } from '../../../components/use-catalog-dialogs';
import { EmployeeRoles } from './employee-roles';

const validateCreate = validateSchema(createEmployeeSchema);
const validateUpdate = validateSchema(updateEmployeeSchema);

const TABLE_TEXTS: CatalogTableTexts<Employee> = {
  label: 'Empleados',
  loadError: 'obtener los empleados.',
  searchPlaceholder: 'Buscar un empleado',
  emptyMessage: 'No hay empleados registrados.',
  addButton: 'Añadir empleado',
  editAction: 'Editar empleado',
  deleteAction: 'Eliminar empleado',
  rowActions: (item) => `Acciones de ${employeeName(item)}`,
};

const clean = (values: CreateEmployee) => ({
  name: values.name.trim(),
  lastName: values.lastName.trim(),
  email: values.email?.trim() || null,
});

function EmployeeFields() {
  return (
    <>
      <TextField name="name" label="Nombre del empleado" placeholder="María Fernanda" required autoFocus />
      <TextField name="lastName" label="Apellido del empleado" placeholder="Hernández López" required />
      <TextField
        name="email"
        type="email"
        label="Correo electrónico"
        placeholder="maria.hernandez@escuela.edu.mx"
        hint="El correo con que la persona inicia sesión: su cuenta queda vinculada con este empleado."
      />
    </>
  );
}

export function EmployeesPage() {
  const employees = useEmployees();
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const remove = useDeleteEmployee();
  const dialogs = useCatalogDialogs<Employee>();
  const columns = useMemo<DataTableColumn<Employee>[]>(
    () => [
      { id: 'id', header: 'ID', value: (item) => item.id, width: 90, minWidth: 48 },
      { id: 'name', header: 'Nombre', value: (item) => item.name, width: 260 },
      { id: 'lastName', header: 'Apellido', value: (item) => item.lastName, width: 260 },
    ],
    [],
  );
  const editValues = useMemo(() => dialogs.editing && { ...dialogs.editing }, [dialogs.editing]);

  return (
    <CatalogPage title="Empleados" importCatalog="employees">
      <CatalogTable<Employee>
        texts={TABLE_TEXTS}
        list={employees}
        columns={columns}
        dialogs={dialogs}
        saving={create.running || update.running || remove.running}
        renderDetail={(item) => <EmployeeRoles employee={item} />}
      />

      <FormDialog<CreateEmployee>
        open={dialogs.creating}
        title="Nuevo empleado"
        validate={validateCreate}
        onClose={dialogs.close}
        onSave={(values) => create.save(clean(values))}
      >
        <EmployeeFields />
      </FormDialog>

      <FormDialog<Employee>
        open={Boolean(dialogs.editing)}
        title="Editar empleado"
        initialValues={editValues}
        validate={validateUpdate}
        onClose={dialogs.close}
        onSave={(values) => update.save({ id: values.id, ...clean(values) })}
      >
        <IdField name="id" />
        <EmployeeFields />
      </FormDialog>

      <DeleteConfirmation<Employee>
        dialogs={dialogs}
        text={(item) => `Estas a punto de eliminar al empleado ${employeeName(item)}`}
        onDelete={remove.run}
      />
    </CatalogPage>
  );
}

// The detail of an expanded employee: their roles (ID, Rol), "Asignar rol" and, per role,
// "Eliminar asignación" (those two only with catalogs.write).
import { PersonAddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { tableLoadError, useAssignRole, useCan, useEmployeeRoles, useLoadErrorToast, useRemoveRole, useRoles } from '@almacen/shared';
import { type Employee, type Role } from '@almacen/shared/domain';
import { employeeName } from '@almacen/shared/domain';
import { Button } from '@almacen/shared/fluent';
import {
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  FormDialog,
  IdField,
  RowActionsMenu,
  SelectField,
  type SelectOption,
  validateSchema,
} from '@almacen/shared/kit';
import { assignRoleSchema, type AssignRole } from '@almacen/shared/schemas';

const validateAssign = validateSchema(assignRoleSchema);

const columns: DataTableColumn<Role>[] = [
  { id: 'id', header: 'ID', value: (role) => role.id, width: 90, minWidth: 48 },
  { id: 'description', header: 'Rol', value: (role) => role.description, width: 320 },
];

export function EmployeeRoles({ employee }: { employee: Employee }) {
  const roles = useEmployeeRoles(employee.id);
  const assign = useAssignRole();
  const remove = useRemoveRole();
  const [assigning, setAssigning] = useState(false);
  const [removing, setRemoving] = useState<Role | null>(null);
  const name = employeeName(employee);
  const canWrite = useCan('catalogs.write');

  return (
    <>
      <DataTable<Role>
        label={`Roles de ${name}`}
        items={roles.data}
        columns={columns}
        getRowId={(role) => role.id}
        loading={roles.isLoading}
        saving={assign.running || remove.running}
        error={tableLoadError(roles, 'obtener los roles del empleado solicitado.')}
        searchPlaceholder="Buscar un rol"
        emptyMessage="El empleado no tiene roles asignados."
        defaultPageSize={5}
        toolbar={
          canWrite && (
            <Button icon={<PersonAddRegular />} onClick={() => setAssigning(true)}>
              Asignar rol
            </Button>
          )
        }
        rowActions={
          canWrite
            ? (role) => (
                <RowActionsMenu
                  label={`Acciones del rol ${role.description}`}
                  actions={[{ label: 'Eliminar asignación', icon: <DeleteRegular />, onClick: () => setRemoving(role) }]}
                />
              )
            : undefined
        }
      />
      {assigning && (
        <AssignRoleDialog
          employee={employee}
          assigned={roles.data ?? []}
          onClose={() => setAssigning(false)}
          onSubmit={(values) => assign.run({ employeeId: employee.id, roleId: values.roleId })}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        text={removing ? `Estas a punto de eliminar la asignación del rol ${removing.description} al empleado ${name}` : ''}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const role = removing;
          setRemoving(null);
          if (role) void remove.run({ employeeId: employee.id, roleId: role.id });
        }}
      />
    </>
  );
}

interface AssignRoleDialogProps {
  employee: Employee;
  assigned: Role[];
  onClose: () => void;
  onSubmit: (values: AssignRole) => unknown;
}

/**
 * "Asignar rol": the employee's id shown disabled, with their name under it, and a searchable
 * select of the roles not yet assigned.
 */
function AssignRoleDialog({ employee, assigned, onClose, onSubmit }: AssignRoleDialogProps) {
  const roles = useRoles();
  useLoadErrorToast(roles.error, 'obtener los roles.');
  const options = useMemo<SelectOption<number>[]>(() => {
    const taken = new Set(assigned.map((role) => role.id));
    return (roles.data ?? []).filter((role) => !taken.has(role.id)).map((role) => ({ value: role.id, label: role.description }));
  }, [roles.data, assigned]);
  const initialValues = useMemo(() => ({ employeeId: employee.id, roleId: null as unknown as number }), [employee.id]);
  return (
    <FormDialog<AssignRole>
      open
      title="Asignar rol"
      initialValues={initialValues}
      validate={validateAssign}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <IdField name="employeeId" label="ID del empleado" mode="disabled" hint={employeeName(employee)} />
      <SelectField<number> name="roleId" label="Rol" placeholder="Selecciona un rol" options={options} required />
    </FormDialog>
  );
}

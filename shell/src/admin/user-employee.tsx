// Which employee of the catalogue a person who signs in is: «Empleado» in «Usuarios». Linked here by
// an administrator, or by the API when exactly one employee has the person's e-mail; one user per
// employee (the API's 409 names who holds it).
import { useMemo } from 'react';
import { useEmployees, useLoadErrorToast } from '@almacen/shared';
import { employeeName, type UserSummary } from '@almacen/shared/domain';
import { FormDialog, SelectField, type SelectOption } from '@almacen/shared/kit';
import type { useLinkEmployee } from './users-api';

export const EMPLOYEE_TEXTS = {
  column: 'Empleado',
  none: 'Sin vincular',
  action: 'Empleado…',
  title: (name: string) => `Empleado de ${name}`,
  hint: 'La persona del catálogo de empleados que es este usuario. Vacío: sin vincular.',
  placeholder: 'Busca un empleado',
} as const;

/** The employees by id, for the column; loading failures are told once. */
export function useEmployeeNames(): Map<number, string> {
  const { data, error } = useEmployees();
  useLoadErrorToast(error, 'obtener los empleados.');
  return useMemo(() => new Map((data ?? []).map((employee) => [employee.id, employeeName(employee)])), [data]);
}

export function employeeText(user: UserSummary, names: Map<number, string>): string {
  if (user.employeeId === null) return EMPLOYEE_TEXTS.none;
  return names.get(user.employeeId) ?? `#${user.employeeId}`;
}

export interface UserEmployeeDialogProps {
  user: UserSummary | undefined;
  link: ReturnType<typeof useLinkEmployee>;
  onClose(): void;
}

export function UserEmployeeDialog({ user, link, onClose }: UserEmployeeDialogProps) {
  const { data } = useEmployees();
  const options = useMemo<SelectOption<number>[]>(
    () => (data ?? []).map((employee) => ({ value: employee.id, label: employeeName(employee) })),
    [data],
  );
  const initialValues = useMemo(() => user && { employeeId: user.employeeId }, [user]);
  return (
    <FormDialog<{ employeeId: number | null }>
      open={user !== undefined}
      title={user ? EMPLOYEE_TEXTS.title(user.name) : EMPLOYEE_TEXTS.column}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={(values) => user && link.run(user, values.employeeId ?? null)}
    >
      <SelectField<number>
        name="employeeId"
        label={EMPLOYEE_TEXTS.column}
        options={options}
        placeholder={EMPLOYEE_TEXTS.placeholder}
        clearable
        hint={EMPLOYEE_TEXTS.hint}
      />
    </FormDialog>
  );
}

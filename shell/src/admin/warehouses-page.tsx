// «Almacenes» (Administración): the institution's warehouses — the central one and each plantel's
// storeroom — with their code, name, address, responsible employee and whether they take new
// documents. The dialogs validate with the API's own schema (warehouseSchema) and show the API's
// answers under their fields: a code already taken, a responsible employee who no longer exists.
import { AddRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useField } from 'react-final-form';
import { tableLoadError, useEmployees, usePageTitle } from '@almacen/shared';
import { employeeName } from '@almacen/shared/domain';
import { Button, Caption1, Title2, makeStyles, tokens } from '@almacen/shared/fluent';
import { Checkbox } from '@almacen/shared/fluent-pages';
import {
  DataTable,
  type DataTableColumn,
  FormDialog,
  RowActionsMenu,
  SelectField,
  type SelectOption,
  TextField,
  validateSchema,
} from '@almacen/shared/kit';
import { warehouseSchema, type WarehouseInput } from '@almacen/shared/schemas';
import { toWarehouseBody, useCreateWarehouse, useUpdateWarehouse, useWarehouses, type Warehouse } from './warehouses-api';

export const WAREHOUSES_TEXTS = {
  title: 'Almacenes',
  create: 'Nuevo almacén',
  edit: 'Editar almacén',
  editAction: 'Editar',
  code: 'Clave',
  codeHint: 'Letras mayúsculas, números o guiones (p. ej. P012).',
  name: 'Nombre',
  address: 'Dirección',
  responsible: 'Responsable',
  responsiblePlaceholder: 'Busca un empleado',
  noResponsible: 'Sin responsable',
  active: 'Activo',
  activeHint: 'Un almacén inactivo conserva su historial y no recibe documentos nuevos.',
  yes: 'Sí',
  no: 'No',
  search: 'Buscar un almacén',
  empty: 'No hay almacenes registrados.',
} as const;
const T = WAREHOUSES_TEXTS;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
});

const validate = validateSchema(warehouseSchema);

function ActiveField() {
  const { input } = useField<boolean>('active', { type: 'checkbox' });
  return (
    <Checkbox
      label={T.active}
      checked={input.checked ?? false}
      onChange={(_event, data) => input.onChange(data.checked === true)}
      aria-describedby="warehouse-active-hint"
    />
  );
}

function WarehouseFields({ employees }: { employees: SelectOption<number>[] }) {
  return (
    <>
      <TextField name="code" label={T.code} placeholder="P012" required autoFocus hint={T.codeHint} />
      <TextField name="name" label={T.name} placeholder="Plantel Norte" required />
      <TextField name="address" label={T.address} placeholder="Av. Reforma 100, Col. Centro" />
      <SelectField<number>
        name="responsibleEmployeeId"
        label={T.responsible}
        options={employees}
        placeholder={T.responsiblePlaceholder}
        clearable
      />
      <ActiveField />
      <Caption1 id="warehouse-active-hint">{T.activeHint}</Caption1>
    </>
  );
}

const NEW_WAREHOUSE: Partial<WarehouseInput> = { active: true };

export function WarehousesPage() {
  usePageTitle(T.title);
  const styles = useStyles();
  const warehouses = useWarehouses();
  const employees = useEmployees();
  const create = useCreateWarehouse();
  const update = useUpdateWarehouse();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Warehouse | null>(null);

  const employeeOptions = useMemo<SelectOption<number>[]>(
    () => (employees.data ?? []).map((employee) => ({ value: employee.id, label: employeeName(employee) })),
    [employees.data],
  );
  const editValues = useMemo<Partial<WarehouseInput> | undefined>(
    () =>
      editing
        ? {
            code: editing.code,
            name: editing.name,
            address: editing.address ?? '',
            responsibleEmployeeId: editing.responsibleEmployeeId,
            active: editing.active,
          }
        : undefined,
    [editing],
  );

  const columns = useMemo<DataTableColumn<Warehouse>[]>(
    () => [
      { id: 'code', header: T.code, value: (w) => w.code, width: 80 },
      { id: 'name', header: T.name, value: (w) => w.name, width: 180 },
      { id: 'address', header: T.address, value: (w) => w.address ?? '', width: 220, hideBelow: 'tablet' },
      { id: 'responsible', header: T.responsible, value: (w) => w.responsibleEmployeeName ?? T.noResponsible, width: 160 },
      { id: 'active', header: T.active, value: (w) => (w.active ? T.yes : T.no), width: 72 },
    ],
    [],
  );

  return (
    <section className={styles.page} aria-label={T.title}>
      <Title2 as="h1">{T.title}</Title2>
      <DataTable<Warehouse>
        label={T.title}
        items={warehouses.data}
        columns={columns}
        getRowId={(w) => w.id}
        loading={warehouses.isLoading}
        saving={create.running || update.running}
        error={tableLoadError(warehouses, 'obtener los almacenes')}
        searchPlaceholder={T.search}
        emptyMessage={T.empty}
        defaultSort={{ columnId: 'code', direction: 'ascending' }}
        toolbar={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)}>
            {T.create}
          </Button>
        }
        rowActions={(w) => (
          <RowActionsMenu actions={[{ label: T.editAction, onClick: () => setEditing(w) }]} label={`Acciones de ${w.code}`} />
        )}
      />

      <FormDialog<WarehouseInput>
        open={creating}
        title={T.create}
        initialValues={NEW_WAREHOUSE}
        validate={validate}
        onClose={() => setCreating(false)}
        onSave={(values) => create.save(toWarehouseBody(values))}
        submitLabel="Crear"
      >
        <WarehouseFields employees={employeeOptions} />
      </FormDialog>

      <FormDialog<WarehouseInput>
        open={editing !== null}
        title={T.edit}
        initialValues={editValues}
        validate={validate}
        onClose={() => setEditing(null)}
        onSave={(values) => update.save(editing!.id, toWarehouseBody(values))}
      >
        <WarehouseFields employees={employeeOptions} />
      </FormDialog>
    </section>
  );
}

// "Usuarios" (Administración): who can sign in and with which access roles, called
// "Permisos" on screen (the spec's "Roles" are the employees' job catalogue). Those granted in
// Almacén are edited in "Permisos…"; those the identity provider or ADMIN_USERS grant show apart and
// cannot be removed here. Where the deployment has several warehouses each role is granted for
// «Todos los almacenes» or for one (a role in two warehouses is two entries, «Almacenista (P012)»);
// with one, the roles are the four checkboxes as always. With the embedded provider an
// administrator also creates accounts, resets passwords (the one-time password shows once) and
// deactivates or reactivates accounts.
import { LockClosedRegular, PersonAddRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { tableLoadError, usePageTitle, useRuntimeConfig } from '@almacen/shared';
import { ACCESS_ROLES, formatDateTime, type RoleAssignment, type RoleGrant, type UserSummary } from '@almacen/shared/domain';
import { Button, Title2, makeStyles, tokens } from '@almacen/shared/fluent';
import { Badge, Tooltip } from '@almacen/shared/fluent-pages';
import {
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  FormDialog,
  type RowAction,
  RowActionsMenu,
  TextField,
  validateSchema,
} from '@almacen/shared/kit';
import { newUserSchema } from '@almacen/shared/schemas';
import { PasswordDialog, type OneTimePassword } from './password-dialog';
import { roleText, rolesText } from './role-text';
import { GRANTED_BY, RolesField } from './roles-field';
import { EMPLOYEE_TEXTS, employeeText, UserEmployeeDialog, useEmployeeNames } from './user-employee';
import { useCreateUser, useLinkEmployee, useResetPassword, useSetActive, useSetRoles, useUsers } from './users-api';
import { useWarehouses } from './warehouses-api';

const TITLE = 'Usuarios';

export const ORIGIN_LABELS: Record<UserSummary['origin'], string> = { almacen: 'Almacén', proveedor: 'Proveedor' };

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  // A badge is one line of fixed height: its name never wraps inside it (it would be clipped);
  // badges that do not fit go to the next line instead.
  badge: { whiteSpace: 'nowrap', flexShrink: 0 },
  name: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** Each warehouse's code by id where the deployment has several; null with one (the page as always). */
type Codes = ReadonlyMap<number, string> | null;

function RoleBadge({ grant, codes }: { grant: RoleGrant; codes: Codes }) {
  const styles = useStyles();
  const label = roleText(grant, codes);
  if (grant.source === 'almacen') {
    return (
      <Badge appearance="filled" color="brand" shape="rounded" className={styles.badge}>
        {label}
      </Badge>
    );
  }
  // Focusable, so the tooltip also reaches keyboard users.
  return (
    <Tooltip content={GRANTED_BY[grant.source]} relationship="description" withArrow>
      <Badge appearance="outline" color="informative" shape="rounded" tabIndex={0} icon={<LockClosedRegular />} className={styles.badge}>
        {label}
      </Badge>
    </Tooltip>
  );
}

/** A role once per (role, warehouse), in ACCESS_ROLES' order, «Todos los almacenes» before each warehouse. */
function orderedGrants(grants: readonly RoleAssignment[]): RoleAssignment[] {
  const seen = new Set<string>();
  return grants
    .filter((grant) => {
      const key = `${grant.role} ${grant.warehouseId}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => ACCESS_ROLES.indexOf(a.role) - ACCESS_ROLES.indexOf(b.role) || (a.warehouseId ?? 0) - (b.warehouseId ?? 0));
}

/** The roles granted in Almacén, as the dialogs edit them (the body sends them as `roles`). */
interface GrantsForm {
  grants?: RoleAssignment[];
}

interface NewUserForm extends GrantsForm {
  username: string;
  name: string;
  email?: string;
}

const validateNewUser = validateSchema(newUserSchema);

type Dialog =
  | { kind: 'closed' }
  | { kind: 'roles'; user: UserSummary }
  | { kind: 'employee'; user: UserSummary }
  | { kind: 'create' }
  | { kind: 'reset'; user: UserSummary }
  | { kind: 'deactivate'; user: UserSummary }
  | { kind: 'reactivate'; user: UserSummary };

export function UsersPage() {
  usePageTitle(TITLE);
  const styles = useStyles();
  const config = useRuntimeConfig();
  const embedded = config.identityProvider === 'embedded';
  const users = useUsers();
  const { data, isLoading } = users;
  const setRoles = useSetRoles();
  const createUser = useCreateUser();
  const resetPassword = useResetPassword();
  const setActive = useSetActive();
  const linkEmployee = useLinkEmployee();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });
  const [password, setPassword] = useState<OneTimePassword | null>(null);
  const employeeNames = useEmployeeNames();
  // With several warehouses (the inactive too: a grant may name one) each role says where it holds.
  const warehouseList = useWarehouses().data;
  const warehouses = warehouseList && warehouseList.filter((w) => w.active).length > 1 ? warehouseList : null;
  const codes = useMemo<Codes>(() => (warehouses ? new Map(warehouses.map((w) => [w.id, w.code])) : null), [warehouses]);
  const close = () => setDialog({ kind: 'closed' });
  const editing = dialog.kind === 'roles' ? dialog.user : undefined;
  const rolesValues = useMemo<GrantsForm | undefined>(
    () =>
      editing && {
        grants: editing.roles.filter((grant) => grant.source === 'almacen').map(({ role, warehouseId }) => ({ role, warehouseId })),
      },
    [editing],
  );

  const columns = useMemo<DataTableColumn<UserSummary>[]>(
    () => [
      { id: 'id', header: 'ID', value: (u) => u.id, width: 56, hideBelow: 'tablet' },
      {
        id: 'name',
        header: 'Nombre',
        value: (u) => u.name,
        text: (u) => (u.active ? u.name : `${u.name} (desactivado)`),
        cell: (u) => (
          <span className={styles.name}>
            {u.name}
            {!u.active && (
              <Badge appearance="tint" color="danger" shape="rounded">
                Desactivado
              </Badge>
            )}
          </span>
        ),
        width: 160,
      },
      {
        id: 'roles',
        header: 'Permisos',
        value: (u) => rolesText(u.roles, codes),
        cell: (u) =>
          u.roles.length ? (
            <span className={styles.badges}>
              {u.roles.map((grant) => (
                <RoleBadge key={`${grant.role} ${grant.warehouseId} ${grant.source}`} grant={grant} codes={codes} />
              ))}
            </span>
          ) : (
            'Sin permisos'
          ),
        width: 170,
      },
      // After the permissions, which a phone then shows beside the name without scrolling.
      { id: 'email', header: 'Correo', value: (u) => u.email ?? '', width: 180 },
      { id: 'employee', header: EMPLOYEE_TEXTS.column, value: (u) => employeeText(u, employeeNames), width: 160, hideBelow: 'tablet' },
      {
        id: 'lastSeenAt',
        header: 'Último acceso',
        value: (u) => u.lastSeenAt,
        text: (u) => formatDateTime(u.lastSeenAt, config.timeZone),
        width: 124,
        hideBelow: 'tablet',
      },
      { id: 'origin', header: 'Origen', value: (u) => ORIGIN_LABELS[u.origin], width: 80, hideBelow: 'tablet' },
    ],
    [config.timeZone, styles, employeeNames, codes],
  );

  const rowActions = (user: UserSummary) => {
    const actions: RowAction[] = [
      { label: 'Permisos…', onClick: () => setDialog({ kind: 'roles', user }) },
      { label: EMPLOYEE_TEXTS.action, onClick: () => setDialog({ kind: 'employee', user }) },
    ];
    // Only accounts of the embedded provider have a password or a state Almacén can change.
    if (embedded && user.origin === 'almacen') {
      actions.push({ label: 'Restablecer contraseña', onClick: () => setDialog({ kind: 'reset', user }) });
      actions.push(
        user.active
          ? { label: 'Desactivar', onClick: () => setDialog({ kind: 'deactivate', user }) }
          : { label: 'Reactivar', onClick: () => setDialog({ kind: 'reactivate', user }) },
      );
    }
    return <RowActionsMenu actions={actions} label={`Acciones de ${user.name}`} />;
  };

  const target = dialog.kind === 'reset' || dialog.kind === 'deactivate' || dialog.kind === 'reactivate' ? dialog.user : undefined;

  return (
    <section className={styles.page} aria-label={TITLE}>
      <Title2 as="h1">{TITLE}</Title2>
      <DataTable<UserSummary>
        label={TITLE}
        items={data}
        columns={columns}
        getRowId={(u) => u.id}
        loading={isLoading}
        saving={setRoles.running || createUser.running || resetPassword.running || setActive.running || linkEmployee.running}
        error={tableLoadError(users, 'obtener los usuarios')}
        searchPlaceholder="Buscar un usuario"
        emptyMessage="No hay usuarios registrados."
        defaultSort={{ columnId: 'id', direction: 'ascending' }}
        toolbar={
          embedded ? (
            <Button appearance="primary" icon={<PersonAddRegular />} onClick={() => setDialog({ kind: 'create' })}>
              Nuevo usuario
            </Button>
          ) : undefined
        }
        rowActions={rowActions}
      />

      <FormDialog<GrantsForm>
        open={dialog.kind === 'roles'}
        title={editing ? `Permisos de ${editing.name}` : 'Permisos'}
        initialValues={rolesValues}
        onClose={close}
        onSubmit={(values) => editing && setRoles.run(editing, orderedGrants(values.grants ?? []))}
      >
        <RolesField fixed={editing?.roles ?? []} warehouses={warehouses} />
      </FormDialog>

      <FormDialog<NewUserForm>
        open={dialog.kind === 'create'}
        title="Nuevo usuario"
        validate={validateNewUser}
        onClose={close}
        submitLabel="Crear"
        onSubmit={async (values) => {
          const username = values.username.trim();
          const result = await createUser.run({
            username,
            name: values.name.trim(),
            email: values.email?.trim() || null,
            roles: orderedGrants(values.grants ?? []),
          });
          if (result) setPassword({ title: 'Usuario creado', username: result.user.username ?? username, password: result.password });
        }}
      >
        <TextField
          name="username"
          label="Usuario"
          placeholder="ana.lopez"
          required
          autoFocus
          hint="Con él inicia sesión: minúsculas, números, punto, guion o @."
        />
        <TextField name="name" label="Nombre" placeholder="Ana López" required />
        <TextField name="email" label="Correo" placeholder="ana.lopez@escuela.edu.mx" type="email" />
        <RolesField fixed={[]} warehouses={warehouses} />
      </FormDialog>

      <ConfirmDialog
        open={dialog.kind === 'reset'}
        title="¿Restablecer la contraseña?"
        text={target ? `La contraseña actual de ${target.name} dejará de servir y se generará una nueva de un solo uso.` : ''}
        confirmLabel="Sí, restablecer"
        onCancel={close}
        onConfirm={async () => {
          const user = target!;
          close();
          const result = await resetPassword.run(user);
          if (result) setPassword({ title: 'Contraseña restablecida', username: user.username ?? user.name, password: result.password });
        }}
      />

      <ConfirmDialog
        open={dialog.kind === 'deactivate'}
        title="¿Desactivar la cuenta?"
        text={
          target
            ? `${target.name} ya no podrá usar Almacén: su sesión deja de funcionar en su siguiente acción. Podrás reactivarla después.`
            : ''
        }
        confirmLabel="Sí, desactivar"
        onCancel={close}
        onConfirm={() => {
          const user = target!;
          close();
          void setActive.run(user, false);
        }}
      />

      <ConfirmDialog
        open={dialog.kind === 'reactivate'}
        title="¿Reactivar la cuenta?"
        text={target ? `${target.name} podrá volver a usar Almacén con los permisos que tenga.` : ''}
        confirmLabel="Sí, reactivar"
        onCancel={close}
        onConfirm={() => {
          const user = target!;
          close();
          void setActive.run(user, true);
        }}
      />

      <UserEmployeeDialog user={dialog.kind === 'employee' ? dialog.user : undefined} link={linkEmployee} onClose={close} />

      <PasswordDialog shown={password} onClose={() => setPassword(null)} />
    </section>
  );
}

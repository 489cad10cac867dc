// The field «Permisos» of the users' dialogs: the roles granted in Almacén (the form's `grants`).
// With one warehouse, the four roles as checkboxes; with several, one entry per grant — its role
// and «Todos los almacenes» or one warehouse. Roles the identity provider or ADMIN_USERS grant show
// locked, apart.
import { AddRegular, DeleteRegular, LockClosedRegular } from '@fluentui/react-icons';
import { useId } from 'react';
import { useField } from 'react-final-form';
import {
  ACCESS_ROLES,
  ACCESS_ROLE_LABELS,
  ADMIN_SCOPE_MESSAGE,
  type AccessRole,
  type RoleAssignment,
  type RoleGrant,
  type RoleSource,
} from '@almacen/shared/domain';
import { Button, Caption1, makeStyles, tokens } from '@almacen/shared/fluent';
import { Checkbox, Label, Select } from '@almacen/shared/fluent-pages';
import { ALL_WAREHOUSES, roleText } from './role-text';
import type { Warehouse } from './warehouses-api';

/** Why a role cannot be removed in Almacén. */
export const GRANTED_BY: Record<Exclude<RoleSource, 'almacen'>, string> = {
  proveedor: 'Otorgado por el proveedor de identidad',
  configuracion: 'Otorgado por la configuración (ADMIN_USERS)',
};

const useStyles = makeStyles({
  checks: { display: 'flex', flexDirection: 'column' },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  // One grant per line: its role, where it holds, and «Quitar»; on a phone the selects wrap.
  entry: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  role: { flexGrow: 1, flexBasis: '140px', minWidth: 0 },
  // The warehouse's «code · name» takes the room: on a phone it goes under the role, with «Quitar».
  warehouse: { flexGrow: 2, flexBasis: '200px', minWidth: 0 },
  fixed: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  add: { alignSelf: 'flex-start' },
});

const fixedLabel = (grant: RoleGrant) => GRANTED_BY[grant.source as Exclude<RoleSource, 'almacen'>];

/** The field of the roles granted in Almacén, `grants` of the form: the checkboxes, or the entries per warehouse. */
export function RolesField({ fixed, warehouses }: { fixed: RoleGrant[]; warehouses: Warehouse[] | null }) {
  const id = useId();
  const styles = useStyles();
  // A group, not a Fluent Field: a Field names only its first control.
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`} className={styles.group}>
      <Label id={`${id}-label`}>Permisos</Label>
      {warehouses ? <WarehouseGrants fixed={fixed} warehouses={warehouses} /> : <RoleChecks fixed={fixed} />}
      <Caption1 id={`${id}-hint`}>
        Administrador incluye todos los permisos; Autorizador incluye los de Almacenista, y este, los de Consulta.
        {warehouses && ` ${ADMIN_SCOPE_MESSAGE}`}
      </Caption1>
    </div>
  );
}

/**
 * One warehouse: the four roles as checkboxes; roles granted outside Almacén are checked and
 * cannot be cleared. A checked role keeps the grants it had (a role some provider map scoped).
 */
function RoleChecks({ fixed }: { fixed: RoleGrant[] }) {
  const styles = useStyles();
  const { input } = useField<RoleAssignment[]>('grants');
  const chosen = input.value || [];
  return (
    <div className={styles.checks}>
      {ACCESS_ROLES.map((role) => {
        const grant = fixed.find((g) => g.role === role && g.source !== 'almacen');
        const label = grant ? `${ACCESS_ROLE_LABELS[role]} (${fixedLabel(grant)})` : ACCESS_ROLE_LABELS[role];
        const others = chosen.filter((g) => g.role !== role);
        return (
          <Checkbox
            key={role}
            label={label}
            checked={Boolean(grant) || chosen.some((g) => g.role === role)}
            disabled={Boolean(grant)}
            onChange={(_, data) => input.onChange(data.checked ? [...others, { role, warehouseId: null }] : others)}
          />
        );
      })}
    </div>
  );
}

/**
 * Several warehouses: one entry per grant — its role and «Todos los almacenes» or one warehouse —
 * with «Quitar», and «Agregar permiso». Administrador holds for the whole institution only. The
 * grants of the provider or ADMIN_USERS are listed apart, locked.
 */
function WarehouseGrants({ fixed, warehouses }: { fixed: RoleGrant[]; warehouses: Warehouse[] }) {
  const styles = useStyles();
  const { input } = useField<RoleAssignment[]>('grants');
  const chosen = input.value || [];
  const codes = new Map(warehouses.map((w) => [w.id, w.code]));
  const change = (index: number, grant: RoleAssignment) =>
    input.onChange(
      chosen.map((g, i) => (i === index ? { ...grant, warehouseId: grant.role === 'ADMINISTRADOR' ? null : grant.warehouseId } : g)),
    );
  return (
    <>
      {fixed
        .filter((grant) => grant.source !== 'almacen')
        .map((grant) => (
          <span key={`${grant.role} ${grant.warehouseId} ${grant.source}`} className={styles.fixed}>
            <LockClosedRegular aria-hidden="true" />
            {`${roleText(grant, codes)}: ${fixedLabel(grant)}`}
          </span>
        ))}
      {chosen.map((grant, index) => {
        const n = index + 1;
        return (
          <div key={index} className={styles.entry}>
            <Select
              className={styles.role}
              aria-label={`Permiso ${n}`}
              value={grant.role}
              onChange={(_, data) => change(index, { ...grant, role: data.value as AccessRole })}
            >
              {ACCESS_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ACCESS_ROLE_LABELS[role]}
                </option>
              ))}
            </Select>
            <Select
              className={styles.warehouse}
              aria-label={`Almacén del permiso ${n}`}
              value={grant.warehouseId === null ? '' : String(grant.warehouseId)}
              disabled={grant.role === 'ADMINISTRADOR'}
              onChange={(_, data) => change(index, { ...grant, warehouseId: data.value === '' ? null : Number(data.value) })}
            >
              <option value="">{ALL_WAREHOUSES}</option>
              {warehouses.map((w) => (
                <option key={w.id} value={String(w.id)}>
                  {`${w.code} · ${w.name}${w.active ? '' : ' (inactivo)'}`}
                </option>
              ))}
            </Select>
            <Button
              appearance="subtle"
              icon={<DeleteRegular />}
              aria-label={`Quitar permiso ${n}`}
              onClick={() => input.onChange(chosen.filter((_, i) => i !== index))}
            >
              Quitar
            </Button>
          </div>
        );
      })}
      <Button
        className={styles.add}
        icon={<AddRegular />}
        onClick={() => input.onChange([...chosen, { role: 'CONSULTA', warehouseId: null }])}
      >
        Agregar permiso
      </Button>
    </>
  );
}

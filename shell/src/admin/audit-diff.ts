// The "Cambios" of a Bitácora row, readable: for a change, each field that changed as
// "campo: antes → después"; for a record created, cancelled or deleted, its fields as they were.
import { ACCESS_ROLE_LABELS, isAccessRole, type AuditActionName, type AuditLogEntry } from '@almacen/shared/domain';

export const AUDIT_ACTION_LABELS: Record<AuditActionName, string> = {
  create: 'Crear',
  update: 'Modificar',
  delete: 'Eliminar',
  cancel: 'Cancelar',
};

/** What each audited table is called on screen; an unknown one shows as stored. */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  products: 'Productos',
  suppliers: 'Proveedores',
  employees: 'Empleados',
  employee_roles: 'Roles de empleados',
  product_categories: 'Partidas',
  product_units: 'Unidades de medida',
  roles: 'Roles (catálogo)',
  invoices: 'Entradas',
  dispatches: 'Salidas',
  users: 'Usuarios',
  app_users: 'Usuarios',
};

export const entityLabel = (entity: string): string => AUDIT_ENTITY_LABELS[entity] ?? entity;
export const actionLabel = (action: string): string => AUDIT_ACTION_LABELS[action as AuditActionName] ?? action;

export const EMPTY_VALUE = '—';

/** A stored value as text: null or an empty list → "—", a role by its name, a list of plain values joined with commas, anything else as compact JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'string') return isAccessRole(value) ? ACCESS_ROLE_LABELS[value] : value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (Array.isArray(value) && value.every((item) => ['string', 'number'].includes(typeof item))) {
    return value.length === 0 ? EMPTY_VALUE : value.map(valueText).join(', ');
  }
  return JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** One line per field. */
export function changeLines(entry: Pick<AuditLogEntry, 'before' | 'after'>): string[] {
  const { before, after } = entry;
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys
      .filter((key) => !same(before[key], after[key]))
      .map((key) => `${key}: ${valueText(before[key])} → ${valueText(after[key])}`);
  }
  const record = isRecord(after) ? after : isRecord(before) ? before : undefined;
  if (record) return Object.entries(record).map(([key, value]) => `${key}: ${valueText(value)}`);
  if (before === null || before === undefined) return after === null || after === undefined ? [] : [valueText(after)];
  return [`${valueText(before)} → ${valueText(after)}`];
}

// Each stored value of a "Bitácora" row written as the screens write it (dates DD/MM/YYYY, times
// on the institution's clock, money to the cent, prices with at most 3 decimals, names beside ids
// where the record holds them), for the screen and the XLSX alike. A list of records (a document's
// lines, a count's lines, its movements) becomes a small table.
import {
  ACCESS_ROLE_LABELS,
  type AccessRole,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatPrice,
  formatQuantity,
  INVOICE_TYPE_LABELS,
  type InvoiceType,
  isAccessRole,
  isCalendarDate,
  MOVEMENT_TYPE_LABELS,
  type MovementType,
} from '@almacen/shared/domain';
import { auditFieldLabel } from './audit-labels';

const STATUS_LABELS: Record<string, string> = {
  REGISTRADA: 'Vigente',
  CANCELADA: 'Cancelada',
  ABIERTO: 'Abierto',
  APLICADO: 'Aplicado',
  DESCARTADO: 'Descartado',
  CERRADO: 'Cerrado',
  REABIERTO: 'Reabierto',
  FECHA: 'Por fecha del documento',
};

export const EMPTY_VALUE = '—';

const MONEY = new Set([
  'amount',
  'value',
  'total',
  'subtotal',
  'iva',
  'vat',
  'vatAmount',
  'ieps',
  'iepsAmount',
  'totalValue',
  'bookValue',
  'differenceValue',
  'surplusValue',
  'shortageValue',
  'balanceValue',
  'cfdiTotal',
  'cfdiWithheld',
]);
const PRICES = new Set([
  'price',
  'unitCost',
  'averageCost',
  'averagePrice',
  'bookAverage',
  'balanceAverage',
  'purchasePrice',
  'exitPrice',
  'shownExitPrice',
]);
const QUANTITIES = new Set([
  'quantity',
  'minimumStock',
  'maximumStock',
  'bookQuantity',
  'countedQuantity',
  'difference',
  'surplusQuantity',
  'shortageQuantity',
  'balanceQuantity',
]);
const TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumeric = (value: unknown): value is string | number =>
  (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value));

/** A nested record by what names it: "Caja (ID 3)", "Ana López". */
function recordText(record: Record<string, unknown>): string | undefined {
  if (isGrant(record)) return grantText(record);
  const named = record.name ?? record.description ?? record.productName;
  if (typeof named !== 'string') return undefined;
  const full = typeof record.lastName === 'string' ? `${named} ${record.lastName}` : named;
  return record.id === undefined || record.id === null ? full : `${full} (ID ${String(record.id)})`;
}

/**
 * A role granted to a person as the log keeps it: `{ role, warehouseId }` (null: every warehouse)
 * with, for one warehouse, its code then (`warehouse`).
 */
const isGrant = (record: Record<string, unknown>) => isAccessRole(record.role) && 'warehouseId' in record;

/** «Consulta» for every warehouse (as a one-warehouse portal always read it), «Almacenista (P012)» for one. */
function grantText(record: Record<string, unknown>): string {
  const label = ACCESS_ROLE_LABELS[record.role as AccessRole];
  if (record.warehouseId === null || record.warehouseId === undefined) return label;
  const where = typeof record.warehouse === 'string' ? record.warehouse : `almacén ${String(record.warehouseId)}`;
  return `${label} (${where})`;
}

/** One stored value as the screens write it. */
export function auditValueText(field: string, value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (MONEY.has(field) && isNumeric(value)) return formatCurrency(value);
  if (PRICES.has(field) && isNumeric(value)) return formatPrice(value);
  if (QUANTITIES.has(field) && isNumeric(value)) return formatQuantity(value);
  if (typeof value === 'string') {
    if (field === 'invoiceType' && value in INVOICE_TYPE_LABELS) return INVOICE_TYPE_LABELS[value as InvoiceType];
    if (field === 'movementType' && value in MOVEMENT_TYPE_LABELS) return MOVEMENT_TYPE_LABELS[value as MovementType];
    if ((field === 'status' || field === 'rule') && value in STATUS_LABELS) return STATUS_LABELS[value];
    if (isAccessRole(value)) return ACCESS_ROLE_LABELS[value];
    if (isCalendarDate(value)) return formatDate(value);
    if (TIMESTAMP_RE.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value, timeZone);
    return value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return EMPTY_VALUE;
    return value
      .map((item) => (isRecord(item) ? (recordText(item) ?? JSON.stringify(item)) : auditValueText(field, item, timeZone)))
      .join(', ');
  }
  if (isRecord(value)) {
    const named = recordText(value);
    if (named) return named;
    return Object.entries(value)
      .map(([key, inner]) => `${auditFieldLabel('', key)}: ${auditValueText(key, inner, timeZone)}`)
      .join('; ');
  }
  return String(value);
}

/** A list of records shown as a table: the fields it has, labelled, and each record's values. */
export interface AuditTable {
  columns: string[];
  rows: string[][];
}

const TABLE_HIDDEN = new Set(['id', 'movementId', 'documentId']);

/** A field's value shown as a table when it is a list of records (lines, movements). */
export function auditTableOf(entity: string, value: unknown, timeZone: string): AuditTable | null {
  if (!Array.isArray(value) || value.length === 0 || !value.every(isRecord) || value.every(isGrant)) return null;
  const records = value as Array<Record<string, unknown>>;
  // The rows' own ids say nothing to a person, and a column empty in every row only takes room.
  const fields = [...new Set(records.flatMap((record) => Object.keys(record)))].filter(
    (field) =>
      !TABLE_HIDDEN.has(field) &&
      !hiddenBeside(field, records[0]) &&
      records.some((record) => auditValueText(field, record[field], timeZone) !== EMPTY_VALUE),
  );
  return {
    columns: fields.map((field) => auditFieldLabel(entity, field)),
    rows: records.map((record) => fields.map((field) => fieldText(field, record, timeZone))),
  };
}

/**
 * Fields shown in another one's place: "productName" in "productId"'s cell, "createdByName" in
 * "createdBy"'s, and "supplierId" when the record holds the supplier itself.
 */
function hiddenBeside(field: string, record: Record<string, unknown>): boolean {
  if (field.endsWith('Name')) {
    const base = field.slice(0, -4);
    return `${base}Id` in record || base in record;
  }
  if (field.endsWith('Id')) {
    const whole = record[field.slice(0, -2)];
    return isRecord(whole) && recordText(whole) !== undefined;
  }
  return false;
}

/** A field of a record, with the name the record holds beside its id ("5 · Caja de clips"). */
function fieldText(field: string, record: Record<string, unknown>, timeZone: string): string {
  const text = auditValueText(field, record[field], timeZone);
  const name = record[`${field.replace(/Id$/, '')}Name`];
  if (typeof name !== 'string' || !name || text === EMPTY_VALUE) return text;
  return field.endsWith('Id') ? `${text} · ${name}` : name;
}

/** One field of a Bitácora row: its label, and its value before and after (text, or a table). */
export interface AuditChange {
  field: string;
  label: string;
  before?: string;
  after?: string;
  beforeTable?: AuditTable | null;
  afterTable?: AuditTable | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a row says: for a change, each field that changed; for a record created, cancelled or
 * deleted, its fields as they were. `before`/`after` are absent for the side a row does not have.
 */
export function auditChanges(
  entry: { entity: string; entityId?: string; before: unknown; after: unknown },
  timeZone: string,
): AuditChange[] {
  const { entity, before, after } = entry;
  // The record's own id is the row's «ID» already.
  const shown = (record: Record<string, unknown>) => (field: string) =>
    !hiddenBeside(field, record) && !(field === 'id' && entry.entityId !== undefined && String(record.id) === entry.entityId);
  const change = (field: string, from: Record<string, unknown> | null, to: Record<string, unknown> | null): AuditChange => ({
    field,
    label: auditFieldLabel(entity, field),
    ...(from ? { before: fieldText(field, from, timeZone), beforeTable: auditTableOf(entity, from[field], timeZone) } : {}),
    ...(to ? { after: fieldText(field, to, timeZone), afterTable: auditTableOf(entity, to[field], timeZone) } : {}),
  });
  if (isRecord(before) && isRecord(after)) {
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    const changed = fields
      .filter((field) => !same(before[field], after[field]) && !hiddenBeside(field, { ...before, ...after }))
      .map((field) => change(field, before, after));
    // A write that left every field as it was still says what the record holds.
    if (changed.length) return changed;
    return Object.keys(after)
      .filter(shown(after))
      .map((field) => change(field, null, after));
  }
  const record = isRecord(after) ? after : isRecord(before) ? before : null;
  if (!record) return [];
  return Object.keys(record)
    .filter(shown(record))
    .map((field) => change(field, record === before ? record : null, record === after ? record : null));
}

/** A table as lines of text: "Producto: 5 · Caja; Cantidad: 2" per record. */
export function auditTableText(table: AuditTable): string {
  return table.rows.map((row) => row.map((cell, index) => `${table.columns[index]}: ${cell}`).join('; ')).join('\n');
}

/** A change as one line of text ("Nombre: Caja → Caja chica"), tables written out record by record. */
export function auditChangeText(change: AuditChange): string {
  const side = (text: string | undefined, table: AuditTable | null | undefined) =>
    table ? `\n${auditTableText(table)}` : (text ?? EMPTY_VALUE);
  if (change.before !== undefined && change.after !== undefined) {
    return `${change.label}: ${side(change.before, change.beforeTable)} → ${side(change.after, change.afterTable)}`;
  }
  return `${change.label}: ${side(change.before ?? change.after, change.beforeTable ?? change.afterTable)}`;
}

/** What a row without any field says. */
export const AUDIT_NO_FIELDS = 'Sin datos registrados';

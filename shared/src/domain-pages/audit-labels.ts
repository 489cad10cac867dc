// The words of the "Bitácora", for the screen and the XLSX alike: what each audited table and
// field is called, and each stored value written as the screens write it (dates DD/MM/YYYY, times
// on the institution's clock, money to the cent, prices with at most 3 decimals, names beside
// ids where the record holds them). A list of records (a document's lines, a count's lines, its
// movements) becomes a small table. Every entity and field the API writes must have a label here:
// api/test/modules/audit/audit-labels.test.ts goes through them.
import {
  ACCESS_ROLE_LABELS,
  type AuditActionName,
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

export const AUDIT_ACTION_LABELS: Record<AuditActionName, string> = {
  create: 'Crear',
  update: 'Modificar',
  delete: 'Eliminar',
  cancel: 'Cancelar',
};

/** What each audited table is called. */
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
  app_users: 'Usuarios',
  inventory_counts: 'Conteos de inventario',
  period_closings: 'Cierres de periodo',
};

/** Field names shared by every entity; AUDIT_ENTITY_FIELD_LABELS overrides one entity's. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  id: 'ID',
  name: 'Nombre',
  lastName: 'Apellido',
  description: 'Descripción',
  rfc: 'RFC',
  email: 'Correo',
  username: 'Usuario',
  active: 'Activo',
  passwordReset: 'Contraseña restablecida',
  passwordChanged: 'Contraseña cambiada por su dueño',
  providerRoles: 'Permisos del proveedor',
  roles: 'Roles',
  role: 'Rol',
  roleId: 'Rol',
  employee: 'Empleado',
  employeeId: 'Empleado',
  unit: 'Unidad de medida',
  unitId: 'Unidad de medida',
  category: 'Partida',
  categoryId: 'Partida',
  categoryIds: 'Partidas',
  minimumStock: 'Existencia mínima',
  barcode: 'Código de barras',
  maximumStock: 'Existencia máxima',
  import: 'Por importación',
  invoiceNumber: 'Número de factura',
  invoiceType: 'Tipo de entrada',
  invoiceDate: 'Fecha de la factura',
  dispatchDate: 'Fecha de salida',
  supplier: 'Proveedor',
  supplierId: 'Proveedor',
  status: 'Estado',
  cancellation: 'Cancelación',
  reason: 'Motivo',
  cancelledAt: 'Cancelado el',
  cancelledBy: 'Cancelado por',
  documentId: 'Documento',
  cfdiUuid: 'UUID del CFDI',
  subtotal: 'Subtotal',
  iva: 'IVA',
  vat: 'IVA',
  vatAmount: 'IVA',
  ieps: 'IEPS',
  iepsAmount: 'IEPS',
  iepsRate: 'Tasa de IEPS',
  total: 'Total',
  addVat: 'Agregar IVA',
  director: 'Director del plantel',
  directorEmployeeId: 'Director del plantel',
  directorEmployeeName: 'Director del plantel',
  elaborator: 'Elaborador',
  elaboratorEmployeeId: 'Elaborador',
  warehouseKeeper: 'Almacenista',
  warehouseKeeperEmployeeId: 'Almacenista',
  warehouseKeeperEmployeeName: 'Almacenista',
  witness: 'Testigo',
  witnessEmployeeId: 'Testigo',
  receiver: 'Recibe',
  receiverEmployeeId: 'Recibe',
  area: 'Área',
  lines: 'Renglones',
  products: 'Productos',
  movements: 'Movimientos',
  movementId: 'Movimiento',
  movementType: 'Tipo de movimiento',
  product: 'Producto',
  productId: 'Producto',
  productName: 'Producto',
  price: 'Precio',
  quantity: 'Cantidad',
  amount: 'Importe',
  value: 'Valor',
  observations: 'Observaciones',
  createdAt: 'Creado el',
  createdBy: 'Creado por',
  registeredAt: 'Registrado el',
  registeredBy: 'Registrado por',
  closedAt: 'Cerrado el',
  closedBy: 'Cerrado por',
  cutoffDate: 'Fecha de corte',
  bookQuantity: 'Existencia en libros',
  bookAverage: 'Costo promedio en libros',
  bookValue: 'Valor en libros',
  countedQuantity: 'Cantidad contada',
  difference: 'Diferencia',
  differenceValue: 'Valor de la diferencia',
  unitCost: 'Costo unitario',
  averageCost: 'Costo promedio',
  averagePrice: 'Costo promedio',
  balanceQuantity: 'Existencia resultante',
  balanceValue: 'Valor resultante',
  balanceAverage: 'Costo promedio resultante',
  createdByName: 'Registrado por',
  dated: 'Fecha',
  documentDate: 'Fecha del documento',
  exitPrice: 'Precio de salida',
  shownExitPrice: 'Precio de salida mostrado',
  lineNo: 'Renglón',
  personInChargeOfTheRequestingAreaEmployeeId: 'Responsable del área solicitante',
  personInChargeOfTheRequestingAreaEmployeeName: 'Responsable del área solicitante',
  petitionerEmployeeId: 'Solicitante',
  petitionerEmployeeName: 'Solicitante',
  enteredByEmployeeId: 'Elaborador',
  enteredByEmployeeName: 'Elaborador',
  recordedAt: 'Registrado el',
  sub: 'Identificador',
  applyExciseTax: 'Aplicar IEPS',
  applyValueAddedTaxToPurchasePrice: 'Agregar IVA',
  cfdiConcept: 'Concepto del CFDI',
  cfdiTotal: 'Total del CFDI',
  cfdiWithheld: 'Retenciones del CFDI',
  exciseTaxRate: 'Tasa de IEPS',
  purchasePrice: 'Precio de compra',
  lineCount: 'Renglones',
  countedLines: 'Renglones contados',
  uncountedLines: 'Renglones sin contar',
  differences: 'Renglones con diferencia',
  surplusQuantity: 'Cantidad sobrante',
  surplusValue: 'Valor sobrante',
  surplusLines: 'Renglones con sobrante',
  shortageLines: 'Renglones con faltante',
  shortageQuantity: 'Cantidad faltante',
  shortageValue: 'Valor faltante',
  until: 'Cerrado hasta',
  totalValue: 'Valor total',
  rule: 'Regla',
  reopening: 'Reapertura',
  reopenedAt: 'Reabierto el',
  reopenedBy: 'Reabierto por',
  dateRuleDifference: 'Diferencia por la regla de fechas',
  lastMovementId: 'Último movimiento',
};

/** Where a field means something else in one entity. */
export const AUDIT_ENTITY_FIELD_LABELS: Record<string, Record<string, string>> = {
  app_users: { roles: 'Permisos' },
  product_categories: { description: 'Partida' },
  product_units: { description: 'Unidad de medida' },
  roles: { description: 'Rol' },
  period_closings: { products: 'Productos con existencia' },
};

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

export const auditEntityLabel = (entity: string): string => AUDIT_ENTITY_LABELS[entity] ?? entity;
export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action as AuditActionName] ?? action;

/** The label of a field, or undefined when it has none (the labels test lists those). */
export function auditFieldLabelOf(entity: string, field: string): string | undefined {
  return AUDIT_ENTITY_FIELD_LABELS[entity]?.[field] ?? AUDIT_FIELD_LABELS[field];
}
export const auditFieldLabel = (entity: string, field: string): string => auditFieldLabelOf(entity, field) ?? field;

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
  const named = record.name ?? record.description ?? record.productName;
  if (typeof named !== 'string') return undefined;
  const full = typeof record.lastName === 'string' ? `${named} ${record.lastName}` : named;
  return record.id === undefined || record.id === null ? full : `${full} (ID ${String(record.id)})`;
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
  if (!Array.isArray(value) || value.length === 0 || !value.every(isRecord)) return null;
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

// Catalogue rows and document payloads for the ledger tests, created through the API like a
// clerk would. Dates default to "today" in the app's time zone.
import type { LightMyRequestResponse } from 'fastify';
import { todayIn } from '@almacen/shared/domain';
import type { Client } from '../../helpers/http';
import type { TestApp } from '../../helpers/test-app';

export interface Catalog {
  supplierId: number;
  employeeIds: [number, number, number];
}

let rfcCounter = 0;
export async function createCatalog(c: Client): Promise<Catalog> {
  rfcCounter++;
  const rfc = `PAC${String(10101 + rfcCounter)
    .padStart(6, '0')
    .slice(0, 2)}0101AB${rfcCounter % 10}`;
  const supplier = await c.post('/api/catalog/suppliers', { name: `Papelería del Centro ${rfcCounter}`, rfc });
  if (supplier.statusCode !== 201) throw new Error(`proveedor: ${supplier.body}`);
  const ids: number[] = [];
  for (const [name, lastName] of [
    ['María', 'López'],
    ['Jorge', 'Ramírez'],
    ['Lucía', 'Hernández'],
  ]) {
    const r = await c.post('/api/catalog/employees', { name, lastName });
    if (r.statusCode !== 201) throw new Error(`empleado: ${r.body}`);
    ids.push(r.json().data.id);
  }
  return { supplierId: supplier.json().data.id, employeeIds: ids as [number, number, number] };
}

export async function createProduct(c: Client, name: string): Promise<number> {
  const r = await c.post('/api/catalog/products', { name });
  if (r.statusCode !== 201) throw new Error(`producto: ${r.body}`);
  return r.json().data.id;
}

export const today = (t: TestApp) => todayIn(t.config.timeZone);

export interface EntryInput {
  productId: number;
  quantity: string | number;
  purchasePrice: string | number;
  observations?: string;
  applyExciseTax?: boolean;
  applyValueAddedTaxToPurchasePrice?: boolean;
  exciseTaxRate?: string | number;
}

let invoiceCounter = 0;
export function invoiceBody(t: TestApp, catalog: Catalog, lines: EntryInput[], extra: Record<string, unknown> = {}) {
  invoiceCounter++;
  return {
    supplierId: catalog.supplierId,
    invoiceNumber: `F-${process.pid}-${invoiceCounter}`,
    invoiceDate: today(t),
    invoiceType: 'COMPRA_DIRECTA',
    directorEmployeeId: catalog.employeeIds[0],
    enteredByEmployeeId: catalog.employeeIds[1],
    warehouseKeeperEmployeeId: catalog.employeeIds[2],
    products: lines.map((l) => ({
      observations: '',
      applyExciseTax: false,
      applyValueAddedTaxToPurchasePrice: false,
      exciseTaxRate: 0,
      ...l,
    })),
    ...extra,
  };
}

export interface ExitInput {
  productId: number;
  quantity: string | number;
  exitPrice?: string | number;
  observations?: string;
}

export function dispatchBody(t: TestApp, catalog: Catalog, lines: ExitInput[], extra: Record<string, unknown> = {}) {
  return {
    dispatchDate: today(t),
    personInChargeOfTheRequestingAreaEmployeeId: catalog.employeeIds[0],
    petitionerEmployeeId: catalog.employeeIds[1],
    warehouseKeeperEmployeeId: catalog.employeeIds[2],
    products: lines.map((l) => ({ exitPrice: '1', observations: '', ...l })),
    ...extra,
  };
}

/** POST with optional extra headers (Idempotency-Key). */
export async function postWith(
  t: TestApp,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  claims?: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${await t.token(claims)}`, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
}

export async function stockOf(c: Client, productId: number): Promise<{ availableQuantity: string; averagePrice: string; value: string }> {
  const r = await c.get(`/api/stock/${productId}`);
  if (r.statusCode !== 200) throw new Error(`stock: ${r.body}`);
  return r.json().data;
}

export const LEDGER_TABLES = [
  'invoices',
  'invoice_lines',
  'dispatches',
  'dispatch_lines',
  'movements',
  'product_balances',
  'audit_log',
  'idempotency_keys',
  'document_cancellations',
];

// Catalogue rows and document bodies for the crash and load tests, created through the API as a
// clerk would. Quantities and prices are decimal TEXT with up to 3 decimals, never floats.
import { randomInt } from 'node:crypto';
import { todayIn } from '@almacen/shared/domain';
import type { HttpClient } from './http';

export interface Catalog {
  supplierId: number;
  employeeIds: [number, number, number];
  productIds: number[];
}

async function created(answer: Promise<{ status: number; body: string }>, what: string): Promise<number> {
  const r = await answer;
  if (r.status !== 201) throw new Error(`No se pudo crear ${what}: ${r.status} ${r.body}`);
  return (JSON.parse(r.body) as { data: { id: number } }).data.id;
}

export async function createCatalog(api: HttpClient, products: number, tag: string): Promise<Catalog> {
  const supplierId = await created(
    api.post('/api/catalog/suppliers', { name: `Papelería del Centro ${tag}`, rfc: 'PCE850101AB1' }),
    'el proveedor',
  );
  const employeeIds: number[] = [];
  for (const [name, lastName] of [
    ['María', 'López'],
    ['Jorge', 'Ramírez'],
    ['Lucía', 'Hernández'],
  ]) {
    employeeIds.push(await created(api.post('/api/catalog/employees', { name, lastName }), 'un empleado'));
  }
  const productIds: number[] = [];
  for (let i = 1; i <= products; i++)
    productIds.push(await created(api.post('/api/catalog/products', { name: `Producto ${tag} ${i}` }), 'un producto'));
  return { supplierId, employeeIds: employeeIds as Catalog['employeeIds'], productIds };
}

/** A decimal text between min and max (inclusive) with `decimals` decimals, e.g. "12.375". */
export function decimalText(min: number, max: number, decimals = 3): string {
  const scale = 10 ** decimals;
  const units = randomInt(Math.round(min * scale), Math.round(max * scale) + 1);
  const whole = Math.floor(units / scale);
  const frac = String(units % scale)
    .padStart(decimals, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

export interface SentLine {
  productId: number;
  quantity: string;
}

function pickProducts(catalog: Catalog, count: number): number[] {
  const pool = [...catalog.productIds];
  const picked: number[] = [];
  while (picked.length < count && pool.length) picked.push(pool.splice(randomInt(pool.length), 1)[0]);
  return picked;
}

export function invoiceBody(catalog: Catalog, invoiceNumber: string, lines: number, timeZone = 'America/Mexico_City') {
  const products = pickProducts(catalog, lines).map((productId) => ({
    productId,
    quantity: decimalText(1, 40),
    purchasePrice: decimalText(1, 250),
    observations: '',
    applyValueAddedTaxToPurchasePrice: false,
    applyExciseTax: false,
    exciseTaxRate: 0,
  }));
  return {
    supplierId: catalog.supplierId,
    invoiceNumber,
    invoiceDate: todayIn(timeZone),
    invoiceType: 'COMPRA_DIRECTA',
    directorEmployeeId: catalog.employeeIds[0],
    enteredByEmployeeId: catalog.employeeIds[1],
    warehouseKeeperEmployeeId: catalog.employeeIds[2],
    products,
  };
}

export function dispatchBody(catalog: Catalog, lines: number, timeZone = 'America/Mexico_City') {
  const products = pickProducts(catalog, lines).map((productId) => ({
    productId,
    quantity: decimalText(0.001, 6),
    exitPrice: '1',
    observations: '',
  }));
  return {
    dispatchDate: todayIn(timeZone),
    personInChargeOfTheRequestingAreaEmployeeId: catalog.employeeIds[0],
    petitionerEmployeeId: catalog.employeeIds[1],
    warehouseKeeperEmployeeId: catalog.employeeIds[2],
    products,
  };
}

export const sentLines = (body: { products: Array<{ productId: number; quantity: string }> }): SentLine[] =>
  body.products.map((p) => ({ productId: p.productId, quantity: p.quantity }));

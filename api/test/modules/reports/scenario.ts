// The worksheet scenario of the report tests, registered through the API like a clerk would:
// two partidas and a product without one, decimal quantities and prices, IVA and IEPS, exits
// that empty a product, a product that never moved and one with a very long name. Also used by
// api/test/reports/check-files.ts to produce every report for the independent readers of CI.
import type { LightMyRequestResponse } from 'fastify';
import { todayIn } from '@almacen/shared/domain';
import type { Client } from '../../helpers/http';

export const INSTITUTION = 'Centro de Capacitación para el Trabajo Industrial No. 42 «Ñandú»';

export const names = {
  office: '2111 Materiales, útiles y equipos menores de oficina',
  cleaning: '2161 Material de limpieza',
  paper: 'Papel bond tamaño carta',
  soap: 'Jabón líquido para manos',
  tape: 'Cinta adhesiva',
  idle: 'Engrapadora (sin movimientos)',
  long:
    'Cartucho de tóner compatible para impresora láser monocromática, rendimiento aproximado de 2,300 páginas, ' +
    'color negro, con chip de identificación — uso exclusivo del área de Dirección',
  supplier: 'Papelería y Limpieza del Centro, S.A. de C.V.',
  rfc: 'PLC850101AB1',
  employees: [
    ['María José', 'Núñez Ávila'],
    ['Íñigo', 'Peña Gómez'],
    ['Lucía', 'Hernández Ruiz'],
  ],
};
export const fullName = (i: number) => names.employees[i].join(' ');

async function created(response: LightMyRequestResponse | Promise<LightMyRequestResponse>): Promise<number> {
  const r = await response;
  if (r.statusCode !== 201) throw new Error(`${r.statusCode}: ${r.body}`);
  return r.json().data.id;
}

export interface ScenarioIds {
  categories: Record<'office' | 'cleaning', number>;
  products: Record<'paper' | 'soap' | 'tape' | 'idle' | 'long', number>;
  employees: number[];
  supplier: number;
  /** in this order. */
  invoices: number[];
  dispatches: number[];
}

const emptyIds = (): ScenarioIds => ({
  categories: {} as ScenarioIds['categories'],
  products: {} as ScenarioIds['products'],
  employees: [],
  supplier: 0,
  invoices: [],
  dispatches: [],
});

/** Registers the scenario; documents are dated today in `timeZone`. */
export async function seedScenario(c: Client, timeZone: string): Promise<ScenarioIds> {
  const today = todayIn(timeZone);
  const ids = emptyIds();

  ids.categories.office = await created(c.post('/api/catalog/product-categories', { description: names.office }));
  ids.categories.cleaning = await created(c.post('/api/catalog/product-categories', { description: names.cleaning }));
  const box = await created(c.post('/api/catalog/product-units', { description: 'Caja' }));
  const piece = await created(c.post('/api/catalog/product-units', { description: 'Pieza' }));
  const product = async (name: string, categoryId: number | null, unitId: number | null) => {
    const id = await created(c.post('/api/catalog/products', { name }));
    const r = await c.put('/api/catalog/products', { id, name, categoryId, unitId });
    if (r.statusCode !== 200) throw new Error(r.body);
    return id;
  };
  ids.products.paper = await product(names.paper, ids.categories.office, box);
  ids.products.soap = await product(names.soap, ids.categories.cleaning, piece);
  ids.products.tape = await product(names.tape, ids.categories.office, piece);
  ids.products.idle = await product(names.idle, null, null);
  ids.products.long = await product(names.long, ids.categories.office, piece);
  for (const [name, lastName] of names.employees) ids.employees.push(await created(c.post('/api/catalog/employees', { name, lastName })));
  ids.supplier = await created(c.post('/api/catalog/suppliers', { name: names.supplier, rfc: names.rfc }));

  const [director, enteredBy, keeper] = ids.employees;
  const line = (productId: number, quantity: string, purchasePrice: string, taxes: { vat?: boolean; ieps?: string } = {}) => ({
    productId,
    quantity,
    purchasePrice,
    observations: '',
    applyValueAddedTaxToPurchasePrice: Boolean(taxes.vat),
    applyExciseTax: taxes.ieps !== undefined,
    exciseTaxRate: taxes.ieps ?? '0',
  });
  const invoice = (invoiceNumber: string, invoiceType: string, products: unknown[]) =>
    created(
      c.post('/api/invoices', {
        supplierId: ids.supplier,
        invoiceNumber,
        invoiceDate: today,
        invoiceType,
        directorEmployeeId: director,
        enteredByEmployeeId: enteredBy,
        warehouseKeeperEmployeeId: keeper,
        products,
      }),
    );
  const dispatch = (products: Array<{ productId: number; quantity: string; observations?: string }>) =>
    created(
      c.post('/api/dispatches', {
        dispatchDate: today,
        personInChargeOfTheRequestingAreaEmployeeId: director,
        petitionerEmployeeId: enteredBy,
        warehouseKeeperEmployeeId: keeper,
        products: products.map((p) => ({ exitPrice: '1', observations: '', ...p })),
      }),
    );

  const { paper, soap, tape, long } = ids.products;
  ids.invoices.push(
    await invoice('A-101', 'COMPRA_DIRECTA', [
      line(paper, '3', '33.333'),
      line(soap, '12.5', '45.678', { vat: true }),
      line(tape, '7', '19.99', { vat: true, ieps: '8' }),
      line(long, '2', '1234.567'),
    ]),
  );
  ids.invoices.push(await invoice('A-102', 'DONATIVO', [line(paper, '1.5', '100.5')]));
  ids.dispatches.push(
    await dispatch([
      { productId: paper, quantity: '2.25', observations: 'Para la oficina de Dirección' },
      { productId: soap, quantity: '4.125', observations: 'Sanitarios del edificio B, planta baja' },
    ]),
  );
  ids.invoices.push(await invoice('A-103', 'ENTRADA_DE_ALMACEN', [line(soap, '10', '50.125', { vat: true })]));
  ids.dispatches.push(
    await dispatch([
      { productId: soap, quantity: '0.5' },
      { productId: tape, quantity: '7' },
    ]),
  );
  return ids;
}

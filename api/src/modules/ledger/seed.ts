// Demo documents for `npm run seed` ("Demo data"): a few invoices and dispatches over the
// last two months, registered through the same validation and services as the API — so the
// demo ledger obeys every rule (moving average, no negative stock, audit rows). It uses the
// catalogue already in the database (suppliers, employees, products); employees whose roles
// say "Director" or "Almacenista" sign as such. Never runs by itself: the seed CLI calls it.
import { multiplyDecimal, todayIn, VAT_FACTOR, type InvoiceType } from '@almacen/shared/domain';
import { makeDispatchSchemas, makeInvoiceSchemas, validateWith, type CreateDispatch, type CreateInvoice } from '@almacen/shared/schemas';
import type { Db } from '../../db/pool';
import type { AuthUser } from '../../plugins/auth';
import { registerDispatch } from '../dispatches/dispatches.service';
import { registerInvoice } from '../invoices/invoices.service';

export const SEED_ACTOR: AuthUser = { sub: 'seed', name: 'Carga de datos de demostración' };

export interface SeedLedgerOptions {
  timeZone: string;
  actor?: AuthUser;
  log?: (message: string) => void;
}

export interface SeedLedgerResult {
  invoices: number;
  dispatches: number;
  skipped: boolean;
}

interface People {
  director: number;
  keeper: number;
  clerk: number;
  areaHead: number;
  petitioner: number;
}

const MIN_PRODUCTS = 9; // one per DEMO_PRODUCTS entry

function shiftDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function pickPeople(db: Db): Promise<People> {
  const { rows } = await db.query<{ id: number; roles: string }>(
    `SELECT e.id, coalesce(string_agg(lower(r.description), ' '), '') AS roles
       FROM employees e
       LEFT JOIN employee_roles er ON er.employee_id = e.id
       LEFT JOIN roles r ON r.id = er.role_id
      GROUP BY e.id ORDER BY e.id`,
  );
  if (rows.length < 3) throw new Error('La carga de documentos de demostración necesita al menos 3 empleados en el catálogo.');
  const withRole = (word: string) => rows.find((r) => r.roles.includes(word))?.id;
  const director = withRole('director') ?? rows[0].id;
  const keeper = withRole('almacen') ?? rows.find((r) => r.id !== director)!.id;
  const others = rows.filter((r) => r.id !== director && r.id !== keeper).map((r) => r.id);
  const clerk = others[0] ?? keeper;
  return { director, keeper, clerk, areaHead: others[1] ?? director, petitioner: others[2] ?? clerk };
}

/**
 * The products the demo documents use, looked up by name in the seed catalogue (any other
 * catalogue falls back to its first products), each with a plausible net unit price in MXN.
 */
const DEMO_PRODUCTS: Array<{ name: RegExp; price: string }> = [
  { name: /papel bond.*carta/i, price: '92.5' }, // resma
  { name: /t[óo]ner negro/i, price: '1450' },
  { name: /bol[íi]grafo.*azul/i, price: '38.9' }, // caja de 12
  { name: /cloro/i, price: '12.75' }, // litro
  { name: /disco duro/i, price: '1189' },
  { name: /detergente/i, price: '42.3' }, // kilogramo
  { name: /folder/i, price: '86' }, // paquete de 100
  { name: /calculadora/i, price: '289' },
  { name: /limpiador multiusos/i, price: '64.8' }, // galón
];

function pickProducts(catalogue: Array<{ id: number; name: string }>): number[] {
  const used = new Set<number>();
  const take = (id: number) => (used.add(id), id);
  const byName = DEMO_PRODUCTS.map(({ name }) => catalogue.find((p) => name.test(p.name) && !used.has(p.id) && take(p.id))?.id);
  return byName.map((id) => id ?? take(catalogue.find((p) => !used.has(p.id))!.id));
}

const withVat = (price: string) => multiplyDecimal(price, VAT_FACTOR, 3);

export async function seedLedger(
  db: Db,
  { timeZone, actor = SEED_ACTOR, log = () => undefined }: SeedLedgerOptions,
): Promise<SeedLedgerResult> {
  const existing = await db.query<{ n: number }>('SELECT (SELECT count(*) FROM invoices) + (SELECT count(*) FROM dispatches) AS n');
  if (Number(existing.rows[0].n) > 0) {
    log('Ya hay entradas o salidas registradas: no se cargan documentos de demostración.');
    return { invoices: 0, dispatches: 0, skipped: true };
  }
  const suppliers = (await db.query<{ id: number }>('SELECT id FROM suppliers ORDER BY id')).rows.map((r) => r.id);
  const catalogue = (await db.query<{ id: number; name: string }>('SELECT id, name FROM products ORDER BY id')).rows;
  if (suppliers.length === 0) throw new Error('La carga de documentos de demostración necesita al menos un proveedor en el catálogo.');
  if (catalogue.length < MIN_PRODUCTS)
    throw new Error(`La carga de documentos de demostración necesita al menos ${MIN_PRODUCTS} productos en el catálogo.`);
  const people = await pickPeople(db);
  const today = todayIn(timeZone);
  const { invoice: invoiceSchema } = makeInvoiceSchemas({ today: () => today });
  const { dispatch: dispatchSchema } = makeDispatchSchemas({ today: () => today });
  const products = pickProducts(catalogue);
  const p = (i: number) => products[i];
  const basePrice = (i: number) => DEMO_PRODUCTS[i].price;
  const supplier = (i: number) => suppliers[i % suppliers.length];

  type Line = { product: number; quantity: string; price?: string; vat?: boolean; iepsRate?: string; observations?: string };
  const invoice = (day: number, folio: string, type: InvoiceType, supplierIndex: number, lines: Line[]): CreateInvoice => ({
    supplierId: supplier(supplierIndex),
    invoiceNumber: folio,
    invoiceDate: shiftDays(today, day),
    invoiceType: type,
    directorEmployeeId: people.director,
    enteredByEmployeeId: people.clerk,
    warehouseKeeperEmployeeId: people.keeper,
    products: lines.map((l) => {
      // The form's adjustments: "Agregar IVA" × 1.16, "Agregar IEPS" × (1 + rate/100).
      let price = l.price ?? basePrice(l.product);
      if (l.iepsRate) price = multiplyDecimal(price, iepsFactor(l.iepsRate), 3);
      if (l.vat) price = withVat(price);
      return {
        productId: p(l.product),
        quantity: l.quantity,
        purchasePrice: price,
        observations: l.observations ?? null,
        applyValueAddedTaxToPurchasePrice: Boolean(l.vat),
        applyExciseTax: Boolean(l.iepsRate),
        exciseTaxRate: l.iepsRate ?? '0',
      };
    }),
  });
  const dispatch = (day: number, lines: Array<{ product: number; quantity: string; observations?: string }>): CreateDispatch => ({
    dispatchDate: shiftDays(today, day),
    personInChargeOfTheRequestingAreaEmployeeId: people.areaHead,
    petitionerEmployeeId: people.petitioner,
    warehouseKeeperEmployeeId: people.keeper,
    products: lines.map((l) => ({
      productId: p(l.product),
      quantity: l.quantity,
      exitPrice: basePrice(l.product),
      observations: l.observations ?? null,
    })),
  });

  // In date order, as a warehouse would register them.
  const documents: Array<{ kind: 'invoice'; body: CreateInvoice } | { kind: 'dispatch'; body: CreateDispatch }> = [
    {
      kind: 'invoice',
      body: invoice(-60, 'A-10234', 'COMPRA_DIRECTA', 0, [
        { product: 0, quantity: '50', vat: true },
        { product: 1, quantity: '6', vat: true },
        { product: 2, quantity: '24' },
        { product: 3, quantity: '100', vat: true },
        { product: 4, quantity: '5', observations: 'Entrega parcial; resto en la siguiente factura' },
      ]),
    },
    {
      kind: 'invoice',
      body: invoice(-45, 'EA-0031', 'ENTRADA_DE_ALMACEN', 1, [
        { product: 0, quantity: '20', price: '101.2' },
        { product: 5, quantity: '12.5' },
        { product: 6, quantity: '20' },
      ]),
    },
    {
      kind: 'dispatch',
      body: dispatch(-40, [
        { product: 0, quantity: '15', observations: 'Dirección académica' },
        { product: 1, quantity: '2' },
        { product: 3, quantity: '30' },
      ]),
    },
    {
      kind: 'invoice',
      body: invoice(-30, 'DON-2026-004', 'DONATIVO', 2, [
        { product: 2, quantity: '10', price: '35' },
        { product: 7, quantity: '3' },
      ]),
    },
    {
      kind: 'dispatch',
      body: dispatch(-20, [
        { product: 0, quantity: '10' },
        { product: 2, quantity: '4.5' },
        { product: 5, quantity: '2.25', observations: 'Laboratorio de química' },
      ]),
    },
    {
      kind: 'invoice',
      body: invoice(-10, 'A-10391', 'COMPRA_DIRECTA', 0, [
        { product: 0, quantity: '40', price: '99.9', vat: true },
        { product: 8, quantity: '48', iepsRate: '8' },
      ]),
    },
    {
      kind: 'dispatch',
      body: dispatch(-3, [
        { product: 0, quantity: '20' },
        { product: 4, quantity: '1' },
        { product: 6, quantity: '8', observations: 'Servicios generales' },
        { product: 8, quantity: '12' },
      ]),
    },
    { kind: 'dispatch', body: dispatch(0, [{ product: 1, quantity: '1', observations: 'Centro de cómputo' }]) },
  ];

  const result: SeedLedgerResult = { invoices: 0, dispatches: 0, skipped: false };
  for (const document of documents) {
    if (document.kind === 'invoice') {
      const checked = validateWith(invoiceSchema, document.body);
      if (!checked.ok) throw new Error(`Factura de demostración inválida: ${checked.message}`);
      const { data } = await registerInvoice(db, actor, checked.value);
      result.invoices++;
      log(`Entrada ${data.id}: factura ${data.invoiceNumber} (${productCount(data.products.length)})`);
    } else {
      const checked = validateWith(dispatchSchema, document.body);
      if (!checked.ok) throw new Error(`Salida de demostración inválida: ${checked.message}`);
      const { data } = await registerDispatch(db, actor, checked.value);
      result.dispatches++;
      log(`Salida ${data.id} (${productCount(data.products.length)})`);
    }
  }
  return result;
}

const productCount = (n: number) => `${n} ${n === 1 ? 'producto' : 'productos'}`;

/** 1 + rate/100 as exact decimal text ("8" → "1.08", "26.5" → "1.265"). */
function iepsFactor(rate: string): string {
  const [int, frac = ''] = rate.split('.');
  const scaled = BigInt(int + frac.padEnd(5, '0')) + 100n * 100000n; // (100 + rate) × 10^5
  const text = scaled.toString().padStart(8, '0');
  return `${text.slice(0, -7)}.${text.slice(-7)}`;
}

// The demo catalogue: realistic, well-formed (every RFC passes the supplier form's rule, every
// product has unit and partida), loaded once, and enough for the ledger's demo documents.
import { createSupplierSchema, RFC_RE, validateWith } from '@almacen/shared/schemas';
import { EMPLOYEES, PARTIDAS, PRODUCTS, seedCatalog, SUPPLIERS } from '../../src/cli/seed';
import { seedLedger } from '../../src/modules/ledger/seed';
import { client } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('the demo data is well formed before it touches a database', () => {
  expect(PRODUCTS.length).toBeGreaterThanOrEqual(45);
  for (const [name, rfc] of SUPPLIERS) {
    expect(RFC_RE.test(rfc)).toBe(true);
    expect(validateWith(createSupplierSchema, { name, rfc }).ok).toBe(true);
  }
  for (const code of ['2111', '2141', '2161', '2171', '2461', '2911']) {
    expect(Object.values(PARTIDAS).some((p) => p.startsWith(`${code} `))).toBe(true);
  }
});

test('loads the catalogue through the same tables the API serves, with audit rows, and only once', async () => {
  expect(await seedCatalog(t.db)).toEqual({ skipped: false, products: PRODUCTS.length });

  const api = client(t);
  const products = (await api.get('/api/catalog/products')).json().data as Array<{
    unit: unknown;
    category: { description: string } | null;
  }>;
  expect(products).toHaveLength(PRODUCTS.length);
  expect(products.every((p) => p.unit && p.category)).toBe(true);
  expect(products[0]).toMatchObject({
    name: 'Papel bond tamaño carta 75 g',
    unit: { description: 'Resma' },
    category: { description: PARTIDAS.oficina },
  });

  const employees = (await api.get('/api/catalog/employees')).json().data as Array<{ id: number }>;
  expect(employees).toHaveLength(EMPLOYEES.length);
  const roles = (await api.get(`/api/catalog/employee-roles/${employees[0].id}`)).json().data.roles;
  expect(roles.map((r: { description: string }) => r.description)).toEqual(['Director del plantel']);

  const audit = await t.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE actor_sub = 'seed' AND entity = 'products'`);
  expect(audit.rows[0].n).toBe(PRODUCTS.length);

  expect(await seedCatalog(t.db)).toEqual({ skipped: true, products: 0 });
  expect((await api.get('/api/catalog/products')).json().data).toHaveLength(PRODUCTS.length);
});

test("the ledger's demo documents register on top of it", async () => {
  const result = await seedLedger(t.db, { timeZone: 'America/Mexico_City' });
  expect(result.skipped).toBe(false);
  expect(result.invoices).toBeGreaterThan(0);
  expect(result.dispatches).toBeGreaterThan(0);
});

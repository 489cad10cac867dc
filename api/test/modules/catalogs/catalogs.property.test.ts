// Property: whatever body or id a client throws at a catalogue write, the API never answers
// 5xx, and a refused request changes nothing (every catalogue table and the audit log hash
// the same before and after).
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../../helpers/test-app';

jest.setTimeout(180_000);

let t: TestApp;
let authorization: string;
beforeAll(async () => {
  t = await createTestApp();
  authorization = `Bearer ${await t.token({}, { expiresIn: 3600 })}`;
  const send = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { authorization, 'content-type': 'application/json' }, payload });
  // A few real rows, so generated ids sometimes hit existing ones.
  for (let i = 1; i <= 3; i++) {
    await send('/api/catalog/product-categories', { description: `Partida ${i}` });
    await send('/api/catalog/product-units', { description: `Unidad ${i}` });
    await send('/api/catalog/roles', { description: `Rol ${i}` });
    await send('/api/catalog/employees', { name: `Nombre ${i}`, lastName: `Apellido ${i}` });
    await send('/api/catalog/suppliers', { name: `Proveedor ${i}`, rfc: `ABC01020${i}XY9` });
    await send('/api/catalog/products', { name: `Producto ${i}` });
  }
  await send('/api/catalog/employee-roles', { employeeId: 1, roleId: 1 });
});
afterAll(() => t.close());

const TABLES = ['product_categories', 'product_units', 'roles', 'employees', 'employee_roles', 'suppliers', 'products', 'audit_log'];

async function snapshot(): Promise<string> {
  const parts = await Promise.all(
    TABLES.map(
      async (table) =>
        (await t.db.query(`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${table} x`)).rows[0].h as string,
    ),
  );
  return parts.join(',');
}

const id = fc.oneof(
  fc.integer({ min: 1, max: 6 }),
  fc.integer({ min: -5, max: 0 }),
  fc.constantFrom(2147483647, 2147483648, Number.MAX_SAFE_INTEGER, 1.5),
  fc.constantFrom('1', 'uno', '', null, true, '9007199254740993'),
);
// Texts PostgreSQL or the validation treat specially get extra weight.
const hostile = fc.constantFrom(
  '',
  '   ',
  'a\u0000b',
  '\u0000',
  '\ud800x',
  'ñandú',
  'x'.repeat(201),
  ' x '.repeat(70),
  'ABC010203XY9',
  'abc010203xy9',
  'XEXX010101000',
  "'; DROP TABLE products; --",
);
const text = fc.oneof(
  { arbitrary: hostile, weight: 4 },
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
);
const field = fc.oneof(text, id, fc.anything({ maxDepth: 2 }));

/** Bodies shaped like the real ones (any key may be missing or of the wrong type) or anything at all. */
const body = (keys: string[]) =>
  fc.oneof(
    fc.record(
      Object.fromEntries(keys.map((key) => [key, key.endsWith('Id') || key === 'id' ? fc.oneof(id, field) : fc.oneof(text, field)])),
      { requiredKeys: [] },
    ),
    fc.anything({ maxDepth: 3 }),
  );

const WRITES: Array<{ method: 'POST' | 'PUT'; url: string; keys: string[] }> = [
  { method: 'POST', url: '/api/catalog/products', keys: ['name'] },
  { method: 'PUT', url: '/api/catalog/products', keys: ['id', 'name', 'categoryId', 'unitId'] },
  { method: 'POST', url: '/api/catalog/product-categories', keys: ['description'] },
  { method: 'PUT', url: '/api/catalog/product-categories', keys: ['id', 'description'] },
  { method: 'POST', url: '/api/catalog/product-units', keys: ['description'] },
  { method: 'PUT', url: '/api/catalog/product-units', keys: ['id', 'description'] },
  { method: 'POST', url: '/api/catalog/roles', keys: ['description'] },
  { method: 'PUT', url: '/api/catalog/roles', keys: ['id', 'description'] },
  { method: 'POST', url: '/api/catalog/employee-roles', keys: ['employeeId', 'roleId'] },
  { method: 'POST', url: '/api/catalog/employees', keys: ['name', 'lastName'] },
  { method: 'PUT', url: '/api/catalog/employees', keys: ['id', 'name', 'lastName'] },
  { method: 'POST', url: '/api/catalog/suppliers', keys: ['name', 'rfc'] },
  { method: 'PUT', url: '/api/catalog/suppliers', keys: ['id', 'name', 'rfc'] },
];

const DELETES = [
  '/api/catalog/products/{id}',
  '/api/catalog/product-categories/{id}',
  '/api/catalog/product-units/{id}',
  '/api/catalog/roles/{id}',
  '/api/catalog/employees/{id}',
  '/api/catalog/suppliers/{id}',
  '/api/catalog/employee-roles/{id}/{id}',
];
const pathId = fc.oneof(
  fc.integer({ min: 1, max: 6 }).map(String),
  fc.constantFrom('0', '-1', 'abc', '1.5', '%20', '99999999999', '2147483648', '1e3', '%00'),
  fc.string({ maxLength: 8 }).map(encodeURIComponent),
);

async function expectSafe(method: string, url: string, payload: string | undefined): Promise<void> {
  const before = await snapshot();
  const response = await t.app.inject({
    method: method as 'POST',
    url,
    headers: { authorization, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload,
  });
  if (response.statusCode >= 500) throw new Error(`${method} ${url} ${payload?.slice(0, 200)} → ${response.statusCode} ${response.body}`);
  const answer = response.json() as { message?: unknown };
  if (response.statusCode >= 400) {
    expect(typeof answer.message).toBe('string');
    expect(await snapshot()).toBe(before);
  }
}

test.each(WRITES)('$method $url: generated bodies never cause a 5xx and refused ones change nothing', async ({ method, url, keys }) => {
  await fc.assert(
    fc.asyncProperty(body(keys), async (generated) => {
      await expectSafe(method, url, JSON.stringify(generated) ?? 'null');
    }),
    { numRuns: 60 },
  );
});

test('raw, possibly malformed JSON text never causes a 5xx', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...WRITES),
      fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.json().map((j) => j.slice(0, -1)),
      ),
      async (write, raw) => {
        await expectSafe(write.method, write.url, raw);
      },
    ),
    { numRuns: 80 },
  );
});

test('DELETE with generated ids never causes a 5xx and refused ones change nothing', async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...DELETES), pathId, pathId, async (template, a, b) => {
      let n = 0;
      const url = template.replace(/\{id\}/g, () => (n++ === 0 ? a : b));
      await expectSafe('DELETE', url, undefined);
    }),
    { numRuns: 120 },
  );
});

// 0064: movement_sign and ledger_average are inlined by PostgreSQL (no call per row in the sums
// by date) and answer what their STRICT definitions of 0057 answered, for every input, NULL
// included: the old bodies are evaluated beside them here, NULL in, NULL out.
import { migrate } from '../../src/db/migrate';
import { createPool, type Db } from '../../src/db/pool';
import { createTestDatabase } from '../helpers/test-app';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createPool(database.url, { max: 2 });
  await migrate(db);
});
afterAll(async () => {
  await db?.end();
  await database?.drop();
});

test('movement_sign: the same sign for every type, NULL for NULL', async () => {
  const { rows } = await db.query<{ same: boolean }>(
    `SELECT movement_sign(t) IS NOT DISTINCT FROM
            CASE WHEN t IS NULL THEN NULL
                 ELSE CASE WHEN t IN ('INVOICE', 'DISPATCH_CANCELLATION', 'ADJUSTMENT_IN') THEN 1 ELSE -1 END END AS same
       FROM unnest(ARRAY['INVOICE', 'DISPATCH', 'INVOICE_CANCELLATION', 'DISPATCH_CANCELLATION', 'ADJUSTMENT_IN', 'ADJUSTMENT_OUT', 'OTRO', NULL]) t`,
  );
  expect(rows.map((r) => r.same)).toEqual(rows.map(() => true));
});

test('ledger_average: the same figure, to the last digit and scale, for quantities and values of every size, NULL for a NULL', async () => {
  const { rows } = await db.query<{ q: string | null; v: string | null; got: string | null; expected: string | null }>(
    `SELECT q::text, v::text, ledger_average(q, v)::text AS got,
            (CASE WHEN q IS NULL OR v IS NULL THEN NULL
                  WHEN q = 0 THEN 0::numeric(18, 6)
                  ELSE (div(v * 2000000 + q, 2 * q) * 0.000001)::numeric(18, 6) END)::text AS expected
       FROM unnest(ARRAY[NULL, 0, 0.001, 1, 3, 7.5, 12.345, 999999.999]::numeric[]) q,
            unnest(ARRAY[NULL, 0, 0.01, 1, 10, 33.333333333, 1234567.89, 0.000000001]::numeric[]) v`,
  );
  expect(rows).toHaveLength(64);
  for (const row of rows) expect(row.got).toBe(row.expected);
  expect(rows.find((r) => r.q === '3' && r.v === '10')?.got).toBe('3.333333');
  expect(rows.find((r) => r.q === '0' && r.v === null)?.got).toBeNull();
});

test('both are inlined into the statement that calls them (no function call per row)', async () => {
  const { rows } = await db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (VERBOSE) SELECT movement_sign(m.movement_type) * m.quantity, ledger_average(m.balance_quantity, m.balance_value) FROM movements m`,
  );
  const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
  expect(plan).not.toMatch(/movement_sign|ledger_average/);
  expect(plan).toMatch(/div\(/);
});

// Property (the fuzz suite for the new routes): whatever body, id or query a client
// throws at "Usuarios", "Bitácora" or its report, the API never answers 5xx, and a refused
// request changes nothing (users' roles and state and the audit log hash the same).
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../../helpers/test-app';

jest.setTimeout(180_000);

let t: TestApp;
let authorization: string;
beforeAll(async () => {
  t = await createTestApp();
  authorization = `Bearer ${await t.token({ sub: 'root', name: 'Raíz' }, { expiresIn: 3600 })}`;
  await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization } });
  // A few more people, so generated ids sometimes hit real ones.
  for (const sub of ['ana', 'beto', 'cris']) {
    await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${await t.token({ sub, name: sub, almacen_roles: [] })}` },
    });
  }
});
afterAll(() => t.close());

async function snapshot(): Promise<string> {
  const { rows } = await t.db.query(
    `SELECT md5(coalesce((SELECT string_agg(concat_ws(',', id, provider_roles, active, name, email), '|' ORDER BY id) FROM app_users), '')) ||
            md5(coalesce((SELECT string_agg(concat_ws(',', user_id, role, warehouse_id), '|' ORDER BY user_id, role, warehouse_id) FROM app_user_roles), '')) ||
            md5(coalesce((SELECT string_agg(x::text, '|' ORDER BY id) FROM audit_log x), '')) AS h`,
  );
  return rows[0].h as string;
}

async function expectSafe(method: string, url: string, payload: string | undefined): Promise<void> {
  const before = await snapshot();
  const response = await t.app.inject({
    method: method as 'POST',
    url,
    headers: { authorization, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload,
  });
  if (response.statusCode >= 500) throw new Error(`${method} ${url} ${payload?.slice(0, 200)} → ${response.statusCode} ${response.body}`);
  if (response.statusCode >= 400) {
    expect(typeof (response.json() as { message?: unknown }).message).toBe('string');
    expect(await snapshot()).toBe(before);
  }
}

const pathId = fc.oneof(
  fc.integer({ min: 1, max: 5 }).map(String),
  fc.constantFrom('0', '-1', 'abc', '1.5', '%20', '99999999999', '2147483648', '1e3', '%00', '0x1'),
  fc.string({ maxLength: 8 }).map(encodeURIComponent),
);
const role = fc.oneof(
  fc.constantFrom('CONSULTA', 'ALMACENISTA', 'AUTORIZADOR', 'ADMINISTRADOR', 'consulta', '', 'ROOT'),
  fc.anything({ maxDepth: 1 }),
);
const rolesBody = fc.oneof(
  fc.record({ roles: fc.oneof(fc.array(role, { maxLength: 6 }), fc.anything({ maxDepth: 2 })) }, { requiredKeys: [] }),
  fc.anything({ maxDepth: 3 }),
);
const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('', 'a\u0000b', 'x'.repeat(400), '2026-02-30', '2026-03-01', 'create', 'cancel', '1', '0', '-5', '201', '1e2'),
);
const query = fc.record(
  {
    actor: fc.oneof(text, fc.array(text, { maxLength: 2 })),
    entity: text,
    action: text,
    from: text,
    to: text,
    cursor: text,
    limit: text,
    format: fc.constantFrom('xlsx', 'pdf', '', 'XLSX', 'csv'),
  },
  { requiredKeys: [] },
);
const queryString = (q: Record<string, unknown>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  return params.toString();
};

test('PUT /api/users/:id/roles: generated ids and bodies never cause a 5xx and refused ones change nothing', async () => {
  await fc.assert(
    fc.asyncProperty(pathId, rolesBody, async (id, body) => {
      await expectSafe('PUT', `/api/users/${id}/roles`, JSON.stringify(body) ?? 'null');
    }),
    { numRuns: 120 },
  );
});

test('POST /api/users and the deactivation and password-reset routes: generated ids and bodies never cause a 5xx', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(
        'POST /api/users/{id}/deactivation',
        'DELETE /api/users/{id}/deactivation',
        'POST /api/users/{id}/password-reset',
        'POST /api/users',
      ),
      pathId,
      fc.anything({ maxDepth: 2 }),
      async (route, id, body) => {
        const [method, template] = route.split(' ');
        await expectSafe(method, template.replace('{id}', id), method === 'DELETE' ? undefined : (JSON.stringify(body) ?? 'null'));
      },
    ),
    { numRuns: 120 },
  );
});

test('GET /api/audit and POST /api/reports/audit: generated filters never cause a 5xx', async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom('GET /api/audit', 'POST /api/reports/audit', 'GET /api/audit/filters'), query, async (route, q) => {
      const [method, path] = route.split(' ');
      await expectSafe(method, `${path}?${queryString(q)}`, undefined);
    }),
    { numRuns: 150 },
  );
});

// A person who signs in is an employee of the catalogue: linked by e-mail when exactly one
// employee has the person's e-mail (at sign-in, or when the employee's e-mail is saved), or by an
// administrator with PUT /api/users/{id}/employee. One person per employee; a link is audited.
import type { JWTPayload } from 'jose';
import type { UserSummary } from '@almacen/shared/domain';
import { countRows } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';

jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ADMIN = { sub: 'admin-link', name: 'Administradora' };
const person = (sub: string, email: string): JWTPayload => ({ sub, name: `Persona ${sub}`, email, almacen_roles: [] });

async function as(claims: JWTPayload, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await t.token(claims)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}
const newEmployee = async (name: string, email?: string | null) => {
  const response = await as(ADMIN, 'POST', '/api/catalog/employees', {
    name,
    lastName: 'Pérez',
    ...(email === undefined ? {} : { email }),
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; email: string | null };
};
const userOf = async (sub: string): Promise<UserSummary> => {
  const users = (await as(ADMIN, 'GET', '/api/users')).json().data as Array<UserSummary & { name: string }>;
  return users.find((u) => u.name === `Persona ${sub}`)!;
};
const signIn = async (claims: JWTPayload) => expect((await as(claims, 'GET', '/api/me')).statusCode).toBe(200);

test('an employee’s e-mail is kept trimmed and in lower case; one that is not an e-mail is refused and nothing is saved', async () => {
  const saved = await newEmployee('Lucía', '  Lucia.Perez@Escuela.EDU.mx ');
  expect(saved.email).toBe('lucia.perez@escuela.edu.mx');
  expect((await newEmployee('Sin correo')).email).toBeNull();
  const before = await countRows(t, ['employees']);
  for (const email of ['lucia', 'lucia@escuela', 'lu cia@escuela.mx', 42]) {
    const refused = await as(ADMIN, 'POST', '/api/catalog/employees', { name: 'Otra', lastName: 'Persona', email });
    expect([refused.statusCode, refused.json().errors?.email]).toEqual([
      400,
      'El correo electrónico no es válido; escríbelo como nombre@dominio.mx.',
    ]);
  }
  expect(await countRows(t, ['employees'])).toEqual(before);
  // An edit without `email` keeps it; null clears it.
  const kept = await as(ADMIN, 'PUT', '/api/catalog/employees', { id: saved.id, name: 'Lucía', lastName: 'Pérez López' });
  expect(kept.json().data.email).toBe('lucia.perez@escuela.edu.mx');
  const cleared = await as(ADMIN, 'PUT', '/api/catalog/employees', { id: saved.id, name: 'Lucía', lastName: 'Pérez López', email: null });
  expect(cleared.json().data.email).toBeNull();
});

test('signing in links the person to the one employee with their e-mail (any case); two employees with it link no one', async () => {
  const only = await newEmployee('Marta', 'marta@escuela.mx');
  await signIn(person('marta', 'MARTA@escuela.mx'));
  expect((await userOf('marta')).employeeId).toBe(only.id);
  // GET /api/me says who the person is on a request or an exit.
  expect((await as(person('marta', 'MARTA@escuela.mx'), 'GET', '/api/me')).json().data.employeeId).toBe(only.id);

  await newEmployee('Buzón A', 'compras@escuela.mx');
  await newEmployee('Buzón B', 'compras@escuela.mx');
  await signIn(person('compras', 'compras@escuela.mx'));
  expect((await userOf('compras')).employeeId).toBeNull();
});

test('an employee given the e-mail of a person who already signed in links that person when saved', async () => {
  await signIn(person('raul', 'raul@escuela.mx'));
  expect((await userOf('raul')).employeeId).toBeNull();
  const raul = await newEmployee('Raúl');
  await as(ADMIN, 'PUT', '/api/catalog/employees', { id: raul.id, name: 'Raúl', lastName: 'Pérez', email: 'raul@escuela.mx' });
  expect((await userOf('raul')).employeeId).toBe(raul.id);
});

test('«Usuarios» links by hand: one person per employee (409 naming who has it), null unlinks, each change audited', async () => {
  await signIn(person('ana', 'ana@otra.mx'));
  await signIn(person('beto', 'beto@otra.mx'));
  const employee = await newEmployee('Ana');
  const ana = await userOf('ana');
  const beto = await userOf('beto');
  const audits = (await countRows(t, ['audit_log'])).audit_log;

  const linked = await as(ADMIN, 'PUT', `/api/users/${ana.id}/employee`, { employeeId: employee.id });
  expect([linked.statusCode, linked.json().data.employeeId]).toEqual([200, employee.id]);
  const taken = await as(ADMIN, 'PUT', `/api/users/${beto.id}/employee`, { employeeId: employee.id });
  expect([taken.statusCode, taken.json().message]).toEqual([
    409,
    `El empleado «Ana Pérez» ya está vinculado con el usuario «Persona ana»; quita ese vínculo primero.`,
  ]);
  expect((await userOf('beto')).employeeId).toBeNull();

  const unlinked = await as(ADMIN, 'PUT', `/api/users/${ana.id}/employee`, { employeeId: null });
  expect([unlinked.statusCode, unlinked.json().data.employeeId]).toEqual([200, null]);
  expect((await as(ADMIN, 'PUT', `/api/users/${beto.id}/employee`, { employeeId: employee.id })).json().data.employeeId).toBe(employee.id);
  expect((await countRows(t, ['audit_log'])).audit_log).toBe(audits + 3);
  const { rows } = await t.db.query<{ before: { employeeId: number | null }; after: { employeeId: number | null } }>(
    `SELECT before, after FROM audit_log WHERE entity = 'app_users' AND entity_id = $1 ORDER BY id`,
    [String(ana.id)],
  );
  expect(rows.map((r) => [r.before.employeeId, r.after.employeeId])).toEqual([
    [null, employee.id],
    [employee.id, null],
  ]);
});

test('bad links are refused in Spanish and change nothing: unknown employee, bad id, unknown user, no permission', async () => {
  await signIn(person('carla', 'carla@otra.mx'));
  const carla = await userOf('carla');
  const unknown = await as(ADMIN, 'PUT', `/api/users/${carla.id}/employee`, { employeeId: 999_999 });
  expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'El empleado elegido no existe.']);
  const bad = await as(ADMIN, 'PUT', `/api/users/${carla.id}/employee`, { employeeId: 'uno' });
  expect([bad.statusCode, bad.json().errors?.employeeId]).toEqual([400, 'El id del empleado es inválido.']);
  expect((await as(ADMIN, 'PUT', '/api/users/999999/employee', { employeeId: null })).statusCode).toBe(404);
  const employee = await newEmployee('Carla');
  const consulta = await as({ sub: 'consulta', almacen_roles: ['CONSULTA'] }, 'PUT', `/api/users/${carla.id}/employee`, {
    employeeId: employee.id,
  });
  expect(consulta.statusCode).toBe(403);
  expect((await userOf('carla')).employeeId).toBeNull();
});

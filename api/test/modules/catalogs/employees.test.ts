// Employees and their roles (GET answers data.roles; 404 for an unknown employee).
import { CATALOG_MESSAGES } from '@almacen/shared/schemas';
import { auditRows, client, countRows, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let api: Client;
beforeAll(async () => {
  t = await createTestApp();
  api = client(t, { sub: 'user-ana', name: 'Ana Pérez' });
});
afterAll(() => t.close());

const E = '/api/catalog/employees';
const ER = '/api/catalog/employee-roles';

async function employee(name: string, lastName: string) {
  return (await api.post(E, { name, lastName })).json().data as { id: number; name: string; lastName: string };
}
async function role(description: string) {
  return (await api.post('/api/catalog/roles', { description })).json().data as { id: number; description: string };
}

test('employee create, list, edit, delete answer the saved row', async () => {
  const created = await api.post(E, { name: ' María ', lastName: ' López Hernández ' });
  expect(created.statusCode).toBe(201);
  const row = created.json().data;
  expect(row).toEqual({ id: expect.any(Number), name: 'María', lastName: 'López Hernández', email: null });
  expect((await api.get(E)).json().data).toContainEqual(row);

  const edited = await api.put(E, { id: row.id, name: 'María José', lastName: 'López Hernández' });
  expect(edited.json()).toEqual({ data: { id: row.id, name: 'María José', lastName: 'López Hernández', email: null } });
  expect((await api.del(`${E}/${row.id}`)).json().data.id).toBe(row.id);
  expect((await api.get(E)).json().data.map((e: { id: number }) => e.id)).not.toContain(row.id);
  expect((await api.put(E, { id: row.id, name: 'X', lastName: 'Y' })).statusCode).toBe(404);
});

test('missing name and last name → both field messages; nothing saved', async () => {
  const before = await countRows(t, ['employees', 'audit_log']);
  const response = await api.post(E, { name: '', lastName: ' ' });
  expect(response.statusCode).toBe(400);
  expect(response.json().errors).toEqual({ name: CATALOG_MESSAGES.employeeName, lastName: CATALOG_MESSAGES.employeeLastName });
  expect(await countRows(t, ['employees', 'audit_log'])).toEqual(before);
});

test('roles: assign, list as data.roles, refuse duplicates, remove', async () => {
  const e = await employee('Jorge', 'Ramírez');
  const keeper = await role('Almacenista de turno');
  const director = await role('Director del plantel');

  expect((await api.get(`${ER}/${e.id}`)).json()).toEqual({ data: { roles: [] } });
  const assigned = await api.post(ER, { employeeId: e.id, roleId: director.id });
  expect(assigned.statusCode).toBe(201);
  expect(assigned.json()).toEqual({ data: { employeeId: e.id, roleId: director.id } });
  await api.post(ER, { employeeId: e.id, roleId: keeper.id });
  expect((await api.get(`${ER}/${e.id}`)).json()).toEqual({ data: { roles: [keeper, director].sort((a, b) => a.id - b.id) } });

  const before = await countRows(t, ['employee_roles', 'audit_log']);
  const twice = await api.post(ER, { employeeId: e.id, roleId: keeper.id });
  expect(twice.statusCode).toBe(409);
  expect(twice.json()).toEqual({ message: 'El empleado ya tiene asignado ese rol.', code: 'DUPLICATE' });
  expect(await countRows(t, ['employee_roles', 'audit_log'])).toEqual(before);

  const removed = await api.del(`${ER}/${e.id}/${keeper.id}`);
  expect(removed.statusCode).toBe(200);
  expect(removed.json()).toEqual({ data: { employeeId: e.id, roleId: keeper.id } });
  expect((await api.get(`${ER}/${e.id}`)).json()).toEqual({ data: { roles: [director] } });
  expect((await api.del(`${ER}/${e.id}/${keeper.id}`)).json()).toEqual({
    message: 'El empleado no tiene asignado ese rol.',
    code: 'NOT_FOUND',
  });

  expect((await auditRows(t, 'employee_roles', `${e.id}:${keeper.id}`)).map((a) => a.action)).toEqual(['create', 'delete']);
});

test('roles of an unknown employee → 404; bad ids → 400', async () => {
  const response = await api.get(`${ER}/999999`);
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ message: 'El empleado solicitado no existe.', code: 'NOT_FOUND' });
  expect((await api.get(`${ER}/x`)).statusCode).toBe(400);
  expect((await api.del(`${ER}/1/x`)).statusCode).toBe(400);
});

test('assigning an unknown role or to an unknown employee → 400 naming the field', async () => {
  const e = await employee('Rosa', 'Martínez');
  const r = await role('Solicitante');
  const before = await countRows(t, ['employee_roles', 'audit_log']);

  const noRole = await api.post(ER, { employeeId: e.id, roleId: 777777 });
  expect(noRole.statusCode).toBe(400);
  expect(noRole.json()).toEqual({
    message: 'El rol seleccionado no existe.',
    code: 'VALIDATION',
    errors: { roleId: 'El rol seleccionado no existe.' },
  });
  const noEmployee = await api.post(ER, { employeeId: 777777, roleId: r.id });
  expect(noEmployee.json().errors).toEqual({ employeeId: 'El empleado seleccionado no existe.' });
  const missing = await api.post(ER, { employeeId: e.id });
  expect(missing.json().errors).toEqual({ roleId: CATALOG_MESSAGES.roleRequired });
  expect(await countRows(t, ['employee_roles', 'audit_log'])).toEqual(before);
});

test('a role assigned to someone cannot be deleted (409); deleting the employee takes its assignments along', async () => {
  const e = await employee('Pedro', 'Sánchez');
  const r = await role('Elaboró');
  await api.post(ER, { employeeId: e.id, roleId: r.id });

  const refused = await api.del(`/api/catalog/roles/${r.id}`);
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toEqual({
    message: 'No se puede eliminar el rol: está en uso en asignaciones de roles a empleados.',
    code: 'IN_USE',
  });

  expect((await api.del(`${E}/${e.id}`)).statusCode).toBe(200);
  const audit = await auditRows(t, 'employees', e.id);
  expect(audit.at(-1)).toMatchObject({ action: 'delete', before: { id: e.id, name: 'Pedro', lastName: 'Sánchez', roles: [r] } });
  expect((await api.del(`/api/catalog/roles/${r.id}`)).statusCode).toBe(200);
});

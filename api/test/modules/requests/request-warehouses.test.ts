// Material requests in a deployment with several warehouses: asking stays institution-wide (a
// Solicitante asks any warehouse), while reading every request and fulfilling them are held per
// warehouse — a clerk of P012 (ALMACENISTA@P012) lists, counts, opens and closes P012's requests
// only; the central warehouse's do not exist for them (404, as any request one may not see).
import { client } from '../../helpers/http';
import { createTestApp, TEST_ROLES_CLAIM, type TestApp } from '../../helpers/test-app';
import { ask, authorize, createCast, ok, requestBody, stockedProduct, type Cast, type RequestShape } from './fixtures';

jest.setTimeout(120_000);

let t: TestApp;
let cast: Cast;
let own: number;
let central: RequestShape;
let plantel: RequestShape;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t);
  const paper = await stockedProduct(t, cast, 'Hojas blancas');
  central = await authorize(cast, await ask(cast, [{ productId: paper, quantity: '5' }]));
  own = ok(await cast.admin.post('/api/warehouses', { code: 'P012', name: 'Plantel 12' }), 201).id;
  plantel = await authorize(
    cast,
    ok(
      await cast.rosa.c.post('/api/requests', { ...requestBody(cast.hugo, [{ productId: paper, quantity: '3' }]), warehouseId: own }),
      201,
    ),
  );
});
afterAll(() => t.close());

test("a clerk of one warehouse lists, counts, opens and closes that warehouse's requests only", async () => {
  const clerk = client(t, { sub: 'clerk-p012', name: 'Clara P012', [TEST_ROLES_CLAIM]: ['ALMACENISTA@P012'] });
  const ids = async (view: string) => (ok(await clerk.get(`/api/requests?view=${view}`)) as Array<{ id: number }>).map((r) => r.id);
  expect(await ids('all')).toEqual([plantel.id]);
  expect(await ids('to-fulfil')).toEqual([plantel.id]);
  expect(ok(await clerk.get('/api/requests/counts'))).toMatchObject({ toFulfil: 1 });
  expect((await clerk.get(`/api/requests/${central.id}`)).statusCode).toBe(404);
  expect((await clerk.post(`/api/reports/requests/${central.id}?format=xlsx`, {})).statusCode).toBe(404);
  expect((await clerk.post(`/api/requests/${central.id}/closure`, { reason: 'No hay existencia' })).statusCode).toBe(404);
  expect(ok(await clerk.get(`/api/requests/${plantel.id}`))).toMatchObject({ id: plantel.id });
  expect(ok(await clerk.post(`/api/requests/${plantel.id}/closure`, { reason: 'No hay existencia' }))).toMatchObject({ status: 'CERRADA' });
});

test('a clerk of every warehouse sees both; the requester her own in any warehouse', async () => {
  const all = (ok(await cast.clerk.c.get('/api/requests?view=all')) as Array<{ id: number }>).map((r) => r.id);
  expect(all).toEqual(expect.arrayContaining([central.id, plantel.id]));
  const mine = (ok(await cast.rosa.c.get('/api/requests?view=mine')) as Array<{ id: number }>).map((r) => r.id);
  expect(mine).toEqual(expect.arrayContaining([central.id, plantel.id]));
});

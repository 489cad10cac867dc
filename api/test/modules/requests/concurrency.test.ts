// Two clicks at once: the request row is locked (SELECT … FOR UPDATE) by every change and by every
// exit that delivers it, so of two concurrent authorizations, an authorization and a rejection, or
// two exits of the last pending quantity, exactly one wins and the other gets a 409 — and nothing
// of the loser is saved.
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { stockOf } from '../ledger/fixtures';
import { ask, authorize, createCast, exitBody, ok, stockedProduct, type Cast } from './fixtures';

jest.setTimeout(120_000);

let t: TestApp;
let cast: Cast;
let paper: number;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t);
  paper = await stockedProduct(t, cast, 'Hojas blancas', '1000');
});
afterAll(() => t.close());

const ROUNDS = 6;

test('two authorizations, or an authorization and a rejection, at once: exactly one wins', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const request = await ask(cast, [{ productId: paper, quantity: '2' }]);
    const authorization = () =>
      cast.hugo.c.post(`/api/requests/${request.id}/authorization`, { lines: [{ lineId: request.lines[0].id, quantity: '1' }] });
    const rejection = () => cast.hugo.c.post(`/api/requests/${request.id}/rejection`, { reason: 'No corresponde' });
    const [a, b] = await Promise.all([authorization(), round % 2 === 0 ? authorization() : rejection()]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().code).toBe('REQUEST_STATE');
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM material_request_events WHERE request_id = $1 AND status <> 'ENVIADA'",
      [request.id],
    );
    expect(rows).toEqual([{ n: 1 }]);
  }
});

test('two exits of the last pending quantity at once: exactly one is saved, the stock leaves once', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const request = await authorize(cast, await ask(cast, [{ productId: paper, quantity: '5' }]));
    ok(await cast.clerk.c.post('/api/dispatches', exitBody(t, cast, request, ['3'])), 201);
    const stock = (await stockOf(cast.admin, paper)).availableQuantity;
    const [a, b] = await Promise.all([
      cast.clerk.c.post('/api/dispatches', exitBody(t, cast, request, ['2'])),
      cast.clerk.c.post('/api/dispatches', exitBody(t, cast, request, ['2'])),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    // The loser finds the request SURTIDA by then: nothing is left to deliver.
    expect((a.statusCode === 409 ? a : b).json().message).toBe(`La solicitud ${request.folio} ya fue surtida; no se puede surtir.`);
    expect(Number((await stockOf(cast.admin, paper)).availableQuantity)).toBe(Number(stock) - 2);
    expect(ok(await cast.rosa.c.get(`/api/requests/${request.id}`))).toMatchObject({
      status: 'SURTIDA',
      lines: [{ delivered: '5', pending: '0' }],
    });
  }
});

test('two exits that together pass the pending at once: the second finds what the first delivered', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const request = await authorize(cast, await ask(cast, [{ productId: paper, quantity: '3' }]));
    const [a, b] = await Promise.all([
      cast.clerk.c.post('/api/dispatches', exitBody(t, cast, request, ['2'])),
      cast.clerk.c.post('/api/dispatches', exitBody(t, cast, request, ['2'])),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((a.statusCode === 409 ? a : b).json()).toMatchObject({
      code: 'REQUEST_PENDING',
      message: `Del renglón 1 («Hojas blancas») de la solicitud ${request.folio} quedan pendientes 1; la salida entrega 2.`,
    });
    expect(ok(await cast.rosa.c.get(`/api/requests/${request.id}`))).toMatchObject({
      status: 'SURTIDA_PARCIAL',
      lines: [{ delivered: '2', pending: '1' }],
    });
  }
});

test('an exit and a closure at once: either the exit delivers and the rest is closed, or the closure wins and the exit is refused', async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const request = await authorize(cast, await ask(cast, [{ productId: paper, quantity: '4' }]));
    const [exit, closure] = await Promise.all([
      cast.clerk.c.post('/api/dispatches', exitBody(t, cast, request, ['1'])),
      cast.clerk.c.post(`/api/requests/${request.id}/closure`, { reason: 'Ya no hay presupuesto' }),
    ]);
    const now = ok(await cast.rosa.c.get(`/api/requests/${request.id}`));
    expect(closure.statusCode).toBe(200);
    if (exit.statusCode === 201) expect(now.lines[0]).toMatchObject({ delivered: '1', closed: '3', pending: '0' });
    else {
      expect([exit.statusCode, exit.json().code]).toEqual([409, 'REQUEST_STATE']);
      expect(now.lines[0]).toMatchObject({ delivered: '0', closed: '4', pending: '0' });
    }
    expect(now.status).toBe('CERRADA');
  }
});

// Who may do what with one request: its requester, its named head, another requester, another
// head, the warehouse clerk, someone who reads them all, a person with no role. A request one may
// not see does not exist for them (404); one they see but may not act on is a 403 naming who may;
// nothing changes either way.
import { countRows } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { ask, authorize, createCast, ok, stockedProduct, type Cast, type Person, type RequestShape } from './fixtures';

jest.setTimeout(120_000);

let t: TestApp;
let cast: Cast;
let paper: number;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t);
  paper = await stockedProduct(t, cast, 'Hojas blancas');
});
afterAll(() => t.close());

const TABLES = ['material_requests', 'material_request_lines', 'material_request_events', 'audit_log'];
const NOT_FOUND = { code: 'NOT_FOUND', message: 'No existe la solicitud de material indicada.' };
const ONLY_HEAD = {
  code: 'FORBIDDEN',
  message: 'Solo el responsable del área solicitante nombrado en la solicitud puede autorizarla o rechazarla.',
};
const ONLY_REQUESTER = { code: 'FORBIDDEN', message: 'Solo quien hizo la solicitud puede cancelarla o confirmar que la recibió.' };
const NO_ACCESS = 'Tu cuenta aún no tiene acceso a Almacén. Pide a un administrador que te asigne permisos.';

const answer = async (r: Promise<{ statusCode: number; json(): { code?: string; message?: string } }>) => {
  const response = await r;
  const body = response.json();
  return response.statusCode < 300 ? response.statusCode : { status: response.statusCode, code: body.code, message: body.message };
};

type Who = 'rosa' | 'hugo' | 'otto' | 'helena' | 'clerk' | 'consulta' | 'nobody';
const people = (cast: Cast): Record<Who, Person> => ({
  rosa: cast.rosa,
  hugo: cast.hugo,
  otto: cast.otto,
  helena: cast.helena,
  clerk: cast.clerk,
  consulta: cast.consulta,
  nobody: cast.nobody,
});

test('reading one request: its requester, its head and whoever reads them all; 404 for another requester or head', async () => {
  const request = await ask(cast, [{ productId: paper, quantity: '1' }]);
  const seen: Record<string, unknown> = {};
  for (const [who, person] of Object.entries(people(cast))) seen[who] = await answer(person.c.get(`/api/requests/${request.id}`));
  expect(seen).toEqual({
    rosa: 200,
    hugo: 200,
    otto: { status: 404, ...NOT_FOUND },
    helena: { status: 404, ...NOT_FOUND },
    clerk: 200,
    consulta: 200,
    nobody: { status: 403, code: 'FORBIDDEN', message: NO_ACCESS },
  });
  // An id that does not exist answers the same as one that is not theirs.
  expect(await answer(cast.otto.c.get('/api/requests/999999'))).toEqual({ status: 404, ...NOT_FOUND });
});

test('the views each person may ask for', async () => {
  const views: Record<string, unknown> = {};
  for (const [who, person] of Object.entries(people(cast))) {
    views[who] = [];
    for (const view of ['mine', 'to-authorize', 'to-fulfil', 'all'])
      (views[who] as unknown[]).push(await answer(person.c.get(`/api/requests?view=${view}`)));
  }
  const fulfil = { status: 403, code: 'FORBIDDEN', message: 'No tienes permiso para surtir y cerrar solicitudes de material.' };
  const all = { status: 403, code: 'FORBIDDEN', message: 'No tienes permiso para consultar todas las solicitudes de material.' };
  const none = { status: 403, code: 'FORBIDDEN', message: NO_ACCESS };
  expect(views).toEqual({
    rosa: [200, 200, fulfil, all],
    hugo: [200, 200, fulfil, all],
    otto: [200, 200, fulfil, all],
    helena: [200, 200, fulfil, all],
    clerk: [200, 200, 200, 200],
    consulta: [200, 200, fulfil, 200],
    nobody: [none, none, none, none],
  });
  // Someone with no employee has no requests of their own and none to authorize.
  expect(ok(await cast.clerk.c.get('/api/requests?view=mine'))).toEqual([]);
  expect(ok(await cast.clerk.c.get('/api/requests/counts'))).toMatchObject({ toAuthorize: 0, mine: 0 });
});

test('changes of an ENVIADA request: only the head authorizes or rejects, only the requester cancels, only the warehouse closes', async () => {
  const outcomes: Record<string, unknown[]> = {};
  const bodies: Record<string, (request: RequestShape) => object> = {
    authorization: (request) => ({ lines: [{ lineId: request.lines[0].id, quantity: '1' }] }),
    rejection: () => ({ reason: 'No corresponde al área' }),
    cancellation: () => ({ reason: 'Ya no lo necesito' }),
    closure: () => ({ reason: 'No hay material' }),
    receipt: () => ({}),
  };
  for (const [who, person] of Object.entries(people(cast))) {
    outcomes[who] = [];
    for (const [segment, body] of Object.entries(bodies)) {
      // A fresh ENVIADA request for each attempt.
      const request = await ask(cast, [{ productId: paper, quantity: '1' }]);
      const before = await countRows(t, TABLES);
      const result = await answer(person.c.post(`/api/requests/${request.id}/${segment}`, body(request)));
      if (result !== 200) expect(await countRows(t, TABLES)).toEqual(before);
      outcomes[who].push(typeof result !== 'number' && result.status === 409 ? 409 : result);
    }
  }
  const fulfil = { status: 403, code: 'FORBIDDEN', message: 'No tienes permiso para surtir y cerrar solicitudes de material.' };
  const hidden = { status: 404, ...NOT_FOUND };
  const none = { status: 403, code: 'FORBIDDEN', message: NO_ACCESS };
  expect(outcomes).toEqual({
    rosa: [{ status: 403, ...ONLY_HEAD }, { status: 403, ...ONLY_HEAD }, 200, fulfil, 409],
    hugo: [200, 200, { status: 403, ...ONLY_REQUESTER }, fulfil, { status: 403, ...ONLY_REQUESTER }],
    otto: [hidden, hidden, hidden, fulfil, hidden],
    helena: [hidden, hidden, hidden, fulfil, hidden],
    // The warehouse sees every request but acts on none as its requester or head; closing an ENVIADA one is a 409.
    clerk: [
      { status: 403, ...ONLY_HEAD },
      { status: 403, ...ONLY_HEAD },
      { status: 403, ...ONLY_REQUESTER },
      409,
      { status: 403, ...ONLY_REQUESTER },
    ],
    consulta: [
      { status: 403, ...ONLY_HEAD },
      { status: 403, ...ONLY_HEAD },
      { status: 403, ...ONLY_REQUESTER },
      { ...fulfil },
      { status: 403, ...ONLY_REQUESTER },
    ],
    nobody: [none, none, none, none, none],
  });
});

test('only someone who may ask creates requests; a head of another request cannot act on this one after it is authorized either', async () => {
  for (const person of [cast.clerk, cast.consulta]) {
    const response = await person.c.post('/api/requests', { areaHeadEmployeeId: cast.hugo.employeeId, reason: 'Material', lines: [] });
    expect([response.statusCode, response.json().message]).toEqual([403, 'No tienes permiso para hacer solicitudes de material.']);
  }
  const request = await authorize(cast, await ask(cast, [{ productId: paper, quantity: '1' }]));
  expect(await answer(cast.helena.c.post(`/api/requests/${request.id}/rejection`, { reason: 'No corresponde' }))).toEqual({
    status: 404,
    ...NOT_FOUND,
  });
});

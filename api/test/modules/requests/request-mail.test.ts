// With SMTP_URL, the people of a request hear of it by mail, through a real SMTP server: the head
// of a new request, the warehouse and the requester of its authorization, the requester of each
// delivery (what came, what is missing), of a rejection and of a closure — each with the link to
// the request. A mail server that refuses delays the mail and never the request.
import { client } from '../../helpers/http';
import { startTestSmtp, type TestSmtp } from '../../helpers/smtp';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { ask, authorize, createCast, exitBody, ok, stockedProduct, type Cast } from './fixtures';

jest.setTimeout(120_000);

let t: TestApp;
let smtp: TestSmtp;
let cast: Cast;
let paper: number;
let toner: number;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Almacén CECATI <almacen@cecati.edu.mx>' } });
  cast = await createCast(t);
  paper = await stockedProduct(t, cast, 'Hojas blancas');
  toner = await stockedProduct(t, cast, 'Tóner negro');
  // Hugo's address is his employee's; Rosa's comes from her user (the provider's e-mail claim, as
  // at each sign-in); the clerk has only a user.
  await t.db.query(`UPDATE employees SET email = 'hugo.salas@cecati.edu.mx' WHERE id = $1`, [cast.hugo.employeeId]);
  cast.rosa.c = client(t, { sub: 'rosa', name: 'Rosa Méndez', email: 'rosa.mendez@cecati.edu.mx', almacen_roles: ['SOLICITANTE'] });
  cast.clerk.c = client(t, { sub: 'clerk', name: 'Carlos Almacén', email: 'carlos@cecati.edu.mx', almacen_roles: ['ALMACENISTA'] });
  await cast.rosa.c.get('/api/me');
  await cast.clerk.c.get('/api/me');
  // An administrator is not the warehouse: not told of authorized requests.
  await client(t, { email: 'direccion@cecati.edu.mx' }).get('/api/me');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The mail that arrives after `count` more, as [to, subject, text]. */
async function next(count: number) {
  const before = smtp.received.length;
  const all = await smtp.waitFor(before + count);
  // A little longer: a mail too many would show up now.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(smtp.received).toHaveLength(before + count);
  return all
    .slice(before)
    .map((m) => [(m.to as { value: Array<{ address: string }> }).value[0].address, m.subject, m.text?.trim()] as const)
    .sort(([a], [b]) => a.localeCompare(b));
}

test('a request told from sent to delivered: the head, the warehouse and the requester, each with what is asked of them', async () => {
  const request = await ask(cast, [
    { productId: paper, quantity: '10' },
    { productId: toner, quantity: '2' },
  ]);
  const link = `http://localhost:8080/dashboard/requests/${request.id}`;
  expect(await next(1)).toEqual([
    [
      'hugo.salas@cecati.edu.mx',
      `Solicitud ${request.folio} por autorizar`,
      `Rosa Méndez pidió material al almacén y te nombró responsable del área solicitante.\n\n` +
        `Motivo: Material para el taller de carpintería\n\n` +
        `Productos:\n- 10 × Hojas blancas\n- 2 × Tóner negro\n\n` +
        `Autorízala (puedes reducir las cantidades) o recházala en Almacén:\n${link}`,
    ],
  ]);

  await authorize(cast, request, ['6', '2']);
  expect(await next(2)).toEqual([
    [
      'carlos@cecati.edu.mx',
      `Solicitud ${request.folio} autorizada: por surtir`,
      `Hugo Salas autorizó la solicitud de Rosa Méndez.\n\nPor surtir:\n- 6 × Hojas blancas\n- 2 × Tóner negro\n\nSúrtela desde «Por surtir» en Almacén:\n${link}`,
    ],
    [
      'rosa.mendez@cecati.edu.mx',
      `Tu solicitud ${request.folio} fue autorizada`,
      `Hugo Salas autorizó tu solicitud. El almacén te entregará:\n\n- 6 × Hojas blancas\n- 2 × Tóner negro\n\nPuedes seguirla en Almacén:\n${link}`,
    ],
  ]);

  const first = ok(await cast.clerk.c.post('/api/dispatches', exitBody(t, cast, request, ['4', null])), 201);
  expect(await next(1)).toEqual([
    [
      'rosa.mendez@cecati.edu.mx',
      `Material entregado de tu solicitud ${request.folio}`,
      `El almacén te entregó con la salida ${first.id}:\n- 4 × Hojas blancas\n\nFalta por entregar:\n- 2 × Hojas blancas\n- 2 × Tóner negro\n\n${link}`,
    ],
  ]);
  const second = ok(await cast.clerk.c.post('/api/dispatches', exitBody(t, cast, request, ['2', '2'])), 201);
  expect(await next(1)).toEqual([
    [
      'rosa.mendez@cecati.edu.mx',
      `Material entregado de tu solicitud ${request.folio}`,
      `El almacén te entregó con la salida ${second.id}:\n- 2 × Hojas blancas\n- 2 × Tóner negro\n\nYa se entregó todo lo autorizado. Confirma en Almacén que lo recibiste:\n\n${link}`,
    ],
  ]);
  // Confirming the receipt tells no one (the requester is the one acting).
  ok(await cast.rosa.c.post(`/api/requests/${request.id}/receipt`, {}));
  expect(await next(0)).toEqual([]);
});

test('a rejection and a closure tell the requester why; a head without an address is not written to', async () => {
  const rejected = await ask(cast, [{ productId: paper, quantity: '1' }]);
  await next(1);
  ok(await cast.hugo.c.post(`/api/requests/${rejected.id}/rejection`, { reason: 'Ya se surtió el mes pasado' }));
  expect(await next(1)).toEqual([
    [
      'rosa.mendez@cecati.edu.mx',
      `Tu solicitud ${rejected.folio} fue rechazada`,
      `Hugo Salas rechazó tu solicitud.\n\nMotivo: Ya se surtió el mes pasado\n\nConsúltala en Almacén:\nhttp://localhost:8080/dashboard/requests/${rejected.id}`,
    ],
  ]);

  const closed = await ask(cast, [{ productId: toner, quantity: '3' }]);
  await next(1);
  await authorize(cast, closed);
  await next(2);
  ok(await cast.clerk.c.post(`/api/requests/${closed.id}/closure`, { reason: 'Producto descontinuado' }));
  expect(await next(1)).toEqual([
    [
      'rosa.mendez@cecati.edu.mx',
      `Tu solicitud ${closed.folio} se cerró`,
      `El almacén cerró tu solicitud: no entregará lo que faltaba.\n\nMotivo: Producto descontinuado\n\nConsúltala en Almacén:\nhttp://localhost:8080/dashboard/requests/${closed.id}`,
    ],
  ]);

  // Helena (the head here) has no address anywhere: her request is saved and no mail goes out.
  const toHelena = ok(
    await cast.otto.c.post('/api/requests', {
      areaHeadEmployeeId: cast.helena.employeeId,
      reason: 'Taller',
      lines: [{ productId: paper, quantity: '1' }],
    }),
    201,
  );
  expect(toHelena.status).toBe('ENVIADA');
  expect(await next(0)).toEqual([]);
});

test('a mail server that refuses: the request is saved at once, and its mail arrives when the server takes it', async () => {
  smtp.refusing = true;
  const started = Date.now();
  const request = await ask(cast, [{ productId: paper, quantity: '2' }]);
  expect(request.status).toBe('ENVIADA');
  expect(Date.now() - started).toBeLessThan(5_000);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const { rows } = await t.db.query<{ attempts: number; sent: boolean }>(
    `SELECT attempts, sent_at IS NOT NULL AS sent FROM mail_outbox WHERE subject = $1`,
    [`Solicitud ${request.folio} por autorizar`],
  );
  expect(rows).toEqual([{ attempts: 1, sent: false }]);
  smtp.refusing = false;
  await t.db.query(`UPDATE mail_outbox SET next_attempt_at = now() WHERE sent_at IS NULL`);
  // The next round (or the next change's wake) sends it.
  await ask(cast, [{ productId: toner, quantity: '1' }]);
  const arrived = await next(2);
  expect(arrived.map(([, subject]) => subject)).toContain(`Solicitud ${request.folio} por autorizar`);
});

// "Bitácora" through the API: newest first, keyset pages that together hold every
// row exactly once, filters by person, entity, action and days on the institution's clock, the
// choices of the filters, Spanish 400s for bad filters, the XLSX of the filtered rows, and a log
// nothing can change.
import type { JWTPayload } from 'jose';
import type { AuditLogEntry, CursorPage } from '@almacen/shared/domain';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { readXlsx } from '../../reports/read-report';

let t: TestApp;
const ADMIN = { sub: 'auditora', name: 'Auditora General' };
const ALMA = { sub: 'alma', name: 'Alma Cenista', almacen_roles: ['ALMACENISTA'] };

async function as(claims: JWTPayload, method: 'GET' | 'POST', url: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await t.token(claims)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}
const get = async (query: string) => as(ADMIN, 'GET', `/api/audit${query}`);

beforeAll(async () => {
  t = await createTestApp();
  // Two rows written long ago (so, first in the log) around midnight in Mexico City (UTC−6): 2026-03-01 05:30Z is still
  // 28 February there, 06:30Z is already 1 March.
  await t.db.query(
    `INSERT INTO audit_log (at, actor_sub, actor_name, action, entity, entity_id, before, after) VALUES
       ('2026-03-01T05:30:00Z', 'historico', 'Persona Histórica', 'delete', 'suppliers', '7', '{"name": "Viejo"}', NULL),
       ('2026-03-01T06:30:00Z', 'historico', 'Persona Histórica', 'cancel', 'dispatches', '9', NULL, '{"reason": "Error de captura"}')`,
  );
  // Real writes: three units by Alma, one partida by the auditor.
  for (const description of ['Pieza', 'Caja', 'Paquete'])
    expect((await as(ALMA, 'POST', '/api/catalog/product-units', { description })).statusCode).toBe(201);
  expect((await as(ADMIN, 'POST', '/api/catalog/product-categories', { description: '2111 Materiales' })).statusCode).toBe(201);
});
afterAll(() => t.close());

test('newest first, with who, when, what and before → after', async () => {
  const response = await get('');
  expect(response.statusCode).toBe(200);
  const { data, nextCursor } = response.json();
  expect(nextCursor).toBeNull();
  expect(data.map((e: { entity: string }) => e.entity)).toEqual([
    'product_categories',
    'product_units',
    'product_units',
    'product_units',
    'dispatches',
    'suppliers',
  ]);
  expect(data[0]).toEqual({
    id: expect.stringMatching(/^\d+$/),
    at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    actorSub: 'auditora',
    actorName: 'Auditora General',
    action: 'create',
    entity: 'product_categories',
    entityId: expect.stringMatching(/^\d+$/),
    before: null,
    after: expect.objectContaining({ description: '2111 Materiales' }),
  });
  expect(data[5]).toMatchObject({ at: '2026-03-01T05:30:00.000Z', action: 'delete', before: { name: 'Viejo' }, after: null });
});

test('keyset pages: every row once, in order, and the last page says there is no next one', async () => {
  const all = (await get('')).json().data.map((e: { id: string }) => e.id);
  const seen: string[] = [];
  let cursor: string | null = '';
  let pages = 0;
  while (cursor !== null) {
    const page: CursorPage<AuditLogEntry> = (await get(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).json();
    seen.push(...page.data.map((e: { id: string }) => e.id));
    cursor = page.nextCursor;
    pages++;
  }
  expect(seen).toEqual(all);
  expect(pages).toBe(3);
  // A row written while paging appears at the top, never duplicated or skipping the pages behind.
  const first = (await get('?limit=2')).json();
  await as(ALMA, 'POST', '/api/catalog/product-units', { description: 'Rollo' });
  const second = (await get(`?limit=2&cursor=${first.nextCursor}`)).json();
  expect(second.data.map((e: { id: string }) => e.id)).toEqual(all.slice(2, 4));
});

test('filters by person, entity, action and days in APP_TIME_ZONE, combined', async () => {
  const ids = async (query: string) =>
    (await get(query))
      .json()
      .data.map((e: { entity: string; action: string; actorSub: string }) => `${e.actorSub} ${e.action} ${e.entity}`);
  expect(await ids('?actor=alma')).toEqual(Array(4).fill('alma create product_units'));
  expect(await ids('?entity=suppliers')).toEqual(['historico delete suppliers']);
  expect(await ids('?action=cancel')).toEqual(['historico cancel dispatches']);
  expect(await ids('?actor=historico&to=2026-02-28')).toEqual(['historico delete suppliers']);
  expect(await ids('?actor=historico&from=2026-03-01&to=2026-03-01')).toEqual(['historico cancel dispatches']);
  expect(await ids('?from=2026-02-28&to=2026-03-01')).toEqual(['historico cancel dispatches', 'historico delete suppliers']);
  expect(await ids('?actor=alma&entity=suppliers')).toEqual([]);
  // Empty values are no filter (a form's cleared field).
  expect((await ids('?actor=&entity=&action=&from=&to=&cursor=&limit=')).length).toBe(7);
});

test('the filter choices: who appears in the log (latest name) and which entities', async () => {
  const response = await as(ADMIN, 'GET', '/api/audit/filters');
  expect(response.json().data).toEqual({
    actors: [
      { sub: 'alma', name: 'Alma Cenista' },
      { sub: 'auditora', name: 'Auditora General' },
      { sub: 'historico', name: 'Persona Histórica' },
    ],
    entities: ['dispatches', 'product_categories', 'product_units', 'suppliers'],
  });
});

test.each([
  ['?action=borrar', 'La acción debe ser una de: create, update, delete, cancel.'],
  ['?from=2026-02-30', 'La fecha inicial debe ser una fecha válida con la forma AAAA-MM-DD.'],
  ['?to=01/03/2026', 'La fecha final debe ser una fecha válida con la forma AAAA-MM-DD.'],
  ['?from=2026-03-02&to=2026-03-01', 'La fecha inicial no puede ser posterior a la fecha final.'],
  ['?limit=0', 'El límite de registros (limit) debe ser un número entero entre 1 y 200.'],
  ['?limit=201', 'El límite de registros (limit) debe ser un número entero entre 1 y 200.'],
  ['?limit=1.5', 'El límite de registros (limit) debe ser un número entero entre 1 y 200.'],
  ['?cursor=abc', 'El cursor de paginación (cursor) no es válido: use el nextCursor de la página anterior.'],
  ['?cursor=-1', 'El cursor de paginación (cursor) no es válido: use el nextCursor de la página anterior.'],
  ['?cursor=99999999999999999999', 'El cursor de paginación (cursor) no es válido: use el nextCursor de la página anterior.'],
  ['?actor=a%00b', 'La persona del filtro no es válida.'],
  [`?entity=${'x'.repeat(101)}`, 'La entidad del filtro no es válida.'],
  ['?actor=a&actor=b', 'Los parámetros de la consulta no son válidos.'],
])('%s is a Spanish 400', async (query, message) => {
  const response = await get(query);
  expect([response.statusCode, response.json().message]).toEqual([400, message]);
});

test('only an administrator reads it, and nothing can change it: no route, and the table refuses', async () => {
  expect((await as(ALMA, 'GET', '/api/audit')).json().message).toBe('No tienes permiso para consultar la bitácora.');
  expect((await as(ALMA, 'GET', '/api/audit/filters')).statusCode).toBe(403);
  expect((await as(ALMA, 'POST', '/api/reports/audit')).statusCode).toBe(403);
  for (const method of ['DELETE', 'PUT', 'POST'] as const) {
    expect(
      (await t.app.inject({ method, url: '/api/audit', headers: { authorization: `Bearer ${await t.token(ADMIN)}` } })).statusCode,
    ).toBe(404);
  }
  await expect(t.db.query('DELETE FROM audit_log')).rejects.toThrow(/solo inserción/);
  await expect(t.db.query("UPDATE audit_log SET actor_name = 'Otra'")).rejects.toThrow(/solo inserción/);
  await expect(t.db.query('TRUNCATE audit_log')).rejects.toThrow(/solo inserción/);
});

// Ids are text in the answer: the order must still be the number's ("279" after "99" would hide the
// newest rows on every page once the log passes 99 rows — the browser suite found it so).
test('newest first past id 99, on the page and in the workbook: numeric order, not text order', async () => {
  await t.db.query(
    `INSERT INTO audit_log (actor_sub, actor_name, action, entity, entity_id, before, after)
       SELECT 'lote', 'Carga por lote', 'create', 'product_units', g::text, NULL, '{}' FROM generate_series(1, 120) g`,
  );
  const { rows } = await t.db.query<{ id: string }>(`SELECT id::text FROM audit_log WHERE actor_sub = 'lote' ORDER BY audit_log.id DESC`);
  expect(Number(rows[0].id)).toBeGreaterThanOrEqual(100);
  const page = (await get('?actor=lote&limit=10')).json();
  expect(page.data.map((e: { id: string }) => e.id)).toEqual(rows.slice(0, 10).map((r) => r.id));
  const everything: string[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const next: CursorPage<AuditLogEntry> = (await get(`?actor=lote&limit=50${cursor ? `&cursor=${cursor}` : ''}`)).json();
    everything.push(...next.data.map((e) => e.id));
    cursor = next.nextCursor;
  }
  expect(everything).toEqual(rows.map((r) => r.id));

  const workbook = await readXlsx((await as(ADMIN, 'POST', '/api/reports/audit?actor=lote')).rawPayload);
  const entityIds = workbook.rows
    .map((r) => r.filter((c) => c !== null).map(String))
    .filter((cells) => cells.length > 5 && cells[2] === 'Carga por lote (lote)')
    .map((cells) => cells[5]);
  expect(entityIds).toEqual(Array.from({ length: 120 }, (_, i) => String(120 - i)));
});

describe('POST /api/reports/audit', () => {
  test('the filtered rows as a workbook, newest first, with the filters in its header', async () => {
    const response = await as(ADMIN, 'POST', '/api/reports/audit?actor=historico&to=2026-03-01');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/filename\*=UTF-8''Bit%C3%A1cora%20-%20\d{4}-\d{2}-\d{2}\.xlsx/);
    const { sheetName, rows } = await readXlsx(response.rawPayload);
    expect(sheetName).toBe('Bitácora');
    const text = rows.map((r) => r.filter((c) => c !== null).join(' | '));
    expect(text).toEqual(
      expect.arrayContaining([
        'BITÁCORA DE CAMBIOS',
        'Persona: | Persona Histórica (historico)',
        'Entidad: | Todas',
        'Acción: | Todas',
        'Hasta: | 01/03/2026',
      ]),
    );
    const header = text.findIndex((line) => line.startsWith('No. | Fecha y hora'));
    expect(text.slice(header + 1).filter(Boolean)).toEqual([
      expect.stringMatching(
        /^\d+ \| 01\/03\/2026 00:30 \| Persona Histórica \(historico\) \| Cancelar \| Salidas \| 9 \| Motivo: Error de captura$/,
      ),
      expect.stringMatching(
        /^\d+ \| 28\/02\/2026 23:30 \| Persona Histórica \(historico\) \| Eliminar \| Proveedores \| 7 \| Nombre: Viejo$/,
      ),
    ]);
  });

  test('bad filters and a PDF are Spanish 400s', async () => {
    const bad = await as(ADMIN, 'POST', '/api/reports/audit?from=ayer');
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'La fecha inicial debe ser una fecha válida con la forma AAAA-MM-DD.']);
    const pdf = await as(ADMIN, 'POST', '/api/reports/audit?format=pdf');
    expect([pdf.statusCode, pdf.json().message]).toEqual([
      400,
      'Este reporte solo está disponible como hoja de cálculo: el formato debe ser "xlsx".',
    ]);
  });
});

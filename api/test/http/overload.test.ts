// Load shedding: with more calls waiting for a database connection than DB_QUEUE_LIMIT, a new API
// call is refused at once with 503 and Retry-After, and a document refused so is created by the
// same call asked again (same Idempotency-Key) once the queue drains — never twice, never lost.
import type { PoolClient } from 'pg';
import { BUSY_MESSAGE } from '../../src/http/overload';
import { client, countRows, type Client } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createCatalog, createProduct, invoiceBody, type Catalog } from '../modules/ledger/fixtures';

jest.setTimeout(60_000);

let t: TestApp;
let ana: Client;
let catalog: Catalog;
let productId: number;
beforeAll(async () => {
  t = await createTestApp({ poolMax: 2, env: { DB_QUEUE_LIMIT: '1' } });
  ana = client(t, { sub: 'user-ana', name: 'Ana Pérez' });
  catalog = await createCatalog(ana);
  productId = await createProduct(ana, 'Hojas blancas carta (caja)');
});

const KEY = '0d9c5b7e-1f55-4b8e-9a57-0a3c2d1e4f60';
const postInvoice = async (body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/invoices',
    headers: { authorization: `Bearer ${await t.token({ sub: 'user-ana' })}`, 'content-type': 'application/json', 'idempotency-key': KEY },
    payload: JSON.stringify(body),
  });
afterAll(() => t.close());

test('a full queue answers 503 with Retry-After at once; the same document asked again afterwards is created once', async () => {
  const held: PoolClient[] = [await t.db.connect(), await t.db.connect()];
  // One query queued behind the two held connections: the queue is at its limit.
  const queued = t.db.query('SELECT 1');
  expect(t.db.waitingCount).toBe(1);
  const body = invoiceBody(t, catalog, [{ productId, quantity: '3', purchasePrice: '10.50' }], { invoiceNumber: 'CARGA-1' });
  const started = Date.now();
  const refused = await postInvoice(body);
  expect(Date.now() - started).toBeLessThan(2_000);
  expect(refused.statusCode).toBe(503);
  expect(refused.headers['retry-after']).toBe('2');
  expect(refused.json()).toMatchObject({ code: 'UNAVAILABLE', message: BUSY_MESSAGE });
  for (const c of held) c.release();
  await queued;

  const created = await postInvoice(body);
  expect(created.statusCode).toBe(201);
  const again = await postInvoice(body);
  expect(again.statusCode).toBe(201);
  expect(again.json().data.id).toBe(created.json().data.id);
  expect(await countRows(t, ['invoices', 'movements'])).toEqual({ invoices: 1, movements: 1 });
});

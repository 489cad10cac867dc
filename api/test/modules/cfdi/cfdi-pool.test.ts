// The CFDI worker pool (cfdi-pool.ts): a worker that crashes or runs out of time answers a Spanish
// 503 (never a 500) and is replaced, so the next CFDI is read; the real worker reads a file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../../src/http/errors';
import { CFDI_POOL_TEXTS, CfdiPool } from '../../../src/modules/cfdi/cfdi-pool';

// A worker made to fail: the first byte says what it does.
const FAILING_WORKER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (m) => {
  const what = String.fromCharCode(m.bytes[0]);
  if (what === 'c') process.exit(3);            // crashes
  if (what === 't') throw new Error('boom');    // an exception outside any task
  if (what === 'h') for (;;) {}                 // never answers
  parentPort.postMessage({ id: m.id, ok: true, value: 'leído' });
});`;

const task = (what: string) => ({ op: 'read' as const, bytes: new Uint8Array(Buffer.from(what)), institutionRfc: null });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('CfdiPool with a failing worker', () => {
  let pool: CfdiPool;
  afterEach(() => pool.close());

  test('a worker that dies answers 503 in Spanish and is replaced: the next task is answered', async () => {
    pool = new CfdiPool({ size: 1, workerSource: FAILING_WORKER });
    expect(pool.workers).toBe(0); // lazy
    const crashed = await refusal(pool.run(task('c')));
    expect(crashed.status).toBe(503);
    expect(crashed.message).toBe(CFDI_POOL_TEXTS.crashed);
    const thrown = await refusal(pool.run(task('t')));
    expect(thrown.status).toBe(503);
    await expect(pool.run(task('ok'))).resolves.toBe('leído');
    expect(pool.started).toBe(3);
    expect(pool.workers).toBe(1);
  });

  test('a task past the time limit answers 503, its worker is terminated, the queued task runs on a new one', async () => {
    pool = new CfdiPool({ size: 1, timeoutMs: 300, workerSource: FAILING_WORKER });
    const hung = pool.run(task('h'));
    const queued = pool.run(task('ok'));
    const error = await refusal(hung);
    expect(error.status).toBe(503);
    expect(error.message).toBe(CFDI_POOL_TEXTS.timeout(0));
    await expect(queued).resolves.toBe('leído');
    expect(pool.started).toBe(2);
  });

  test('beyond the queue limit a CFDI is refused with 503 at once; close() refuses what waits', async () => {
    pool = new CfdiPool({ size: 1, queueLimit: 1, timeoutMs: 10_000, workerSource: FAILING_WORKER });
    const running = refusal(pool.run(task('h')));
    const waiting = refusal(pool.run(task('ok')));
    const busy = await refusal(pool.run(task('ok')));
    expect(busy.status).toBe(503);
    expect(busy.message).toBe(CFDI_POOL_TEXTS.busy);
    await pool.close();
    expect((await running).message).toBe(CFDI_POOL_TEXTS.closing);
    expect((await waiting).message).toBe(CFDI_POOL_TEXTS.closing);
    expect(pool.workers).toBe(0);
  });

  test('one person has at most 2 CFDIs running or waiting: a third is refused at once, another person still waits in line', async () => {
    pool = new CfdiPool({ size: 1, timeoutMs: 10_000, workerSource: FAILING_WORKER });
    const mine = [refusal(pool.run(task('h'), 'ana')), refusal(pool.run(task('ok'), 'ana'))];
    const third = await refusal(pool.run(task('ok'), 'ana'));
    expect(third.status).toBe(503);
    expect(third.message).toBe(CFDI_POOL_TEXTS.ownerBusy);
    expect(third.message).toBe('Ya se están leyendo 2 CFDI tuyos; espera a que terminen e inténtalo de nuevo.');
    // Queued, not refused: the limit is per person.
    const someoneElse = refusal(pool.run(task('ok'), 'beto'));
    await pool.close();
    for (const waited of [...mine, someoneElse]) expect((await waited).message).toBe(CFDI_POOL_TEXTS.closing);
  });
});

describe('CfdiPool with the real worker (TypeScript through tsx here)', () => {
  const pool = new CfdiPool({ size: 2 });
  afterAll(() => pool.close());
  const fixture = (name: string) => readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'cfdi', name));

  test('reads and checks a CFDI; a refusal keeps its Spanish 400 text', async () => {
    const cfdi = await pool.read(fixture('iva-16.xml'), null);
    expect(cfdi.uuid).toBe('5B3F2C1A-8D4E-4F6A-9B7C-1E2D3F4A5B6C');
    expect(cfdi.concepts).toHaveLength(3);
    const error = await refusal(pool.read(fixture('credit-note.xml'), null));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^El CFDI es de tipo «E» \(egreso, nota de crédito\)/);
    const analysis = await pool.analyse(fixture('iva-16.xml'), null);
    expect(analysis.keys[0]).toBe('NI:PAP-0101');
    expect(analysis.draft?.lines).toHaveLength(3);
  });
});

// A report can never leak its database transaction, its spool file or its
// download slot, whatever fails. The renderers and report builders are replaced ONE call at a
// time by failing ones (a renderer that throws synchronously, one whose `done` rejects, a builder
// that throws, rows that fail halfway through the copy); after each, on the real database:
//   * no pool connection is still checked out and PostgreSQL shows no open transaction;
//   * no spool file is left open (its disk space is back);
//   * the user's download slots are back (more failures in a row than the per-user cap are all
//     answered 500, none 429).
import { PassThrough } from 'node:stream';
import pg from 'pg';
import { ERROR_CODES } from '@almacen/shared/domain';
import { REPORTS_MAX_PER_USER } from '../../../src/modules/reports/limits';
import * as service from '../../../src/modules/reports/reports.service';
import type { ReportDefinition, Row } from '../../../src/reports/model';
import * as pdf from '../../../src/reports/pdf';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { seedKardex } from './kardex-fixture';
import { openSpoolFiles, spoolsClosed } from './spool-files';

jest.mock('../../../src/reports/pdf', () => {
  const actual = jest.requireActual<typeof import('../../../src/reports/pdf')>('../../../src/reports/pdf');
  return { ...actual, renderPdf: jest.fn(actual.renderPdf) };
});
jest.mock('../../../src/modules/reports/reports.service', () => {
  const actual = jest.requireActual<typeof import('../../../src/modules/reports/reports.service')>(
    '../../../src/modules/reports/reports.service',
  );
  return { ...actual, productCard: jest.fn(actual.productCard), stockReport: jest.fn(actual.stockReport) };
});

jest.setTimeout(30_000);

const renderPdf = jest.mocked(pdf.renderPdf);
const productCard = jest.mocked(service.productCard);
const stockReport = jest.mocked(service.stockReport);

let t: TestApp;
let sql: pg.Client;
let productId: number;

beforeAll(async () => {
  // A short write timeout: a response that never writes a byte must not keep a timer for a minute.
  t = await createTestApp({ env: { REPORT_WRITE_TIMEOUT_MS: '2000' } });
  sql = new pg.Client({ connectionString: t.databaseUrl });
  await sql.connect();
  productId = (await seedKardex(t.db, 600)).productId;
}, 60_000);

afterAll(async () => {
  await sql?.end();
  await t?.close();
});

const download = async (url: string, user = 'usuario-fallas') =>
  t.app
    .inject({ method: 'POST', url, headers: await t.auth({ sub: user, name: 'Usuario de pruebas' }) })
    .catch((error: unknown) => error as Error);

/** Nothing held: every pool connection idle, no transaction open, no spool open. */
async function expectNothingHeld() {
  const until = Date.now() + 5_000;
  while (t.db.totalCount !== t.db.idleCount && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  expect({ checkedOut: t.db.totalCount - t.db.idleCount, waiting: t.db.waitingCount }).toEqual({ checkedOut: 0, waiting: 0 });
  const { rows } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'`,
  );
  expect(rows[0].n).toBe(0);
  expect(await spoolsClosed(5_000)).toEqual([]);
}

const internal = { code: 'INTERNAL', message: ERROR_CODES.INTERNAL.message };

test('a renderer that throws synchronously: 500, and the snapshot, the spool and the slot are all given back', async () => {
  for (let i = 0; i <= REPORTS_MAX_PER_USER; i++) {
    renderPdf.mockImplementationOnce(() => {
      throw new Error('el renderizador falló al empezar');
    });
    const r = await download(`/api/reports/products/${productId}`);
    expect(r).not.toBeInstanceOf(Error);
    if (r instanceof Error) return;
    expect({ attempt: i, status: r.statusCode, body: r.json() }).toEqual({ attempt: i, status: 500, body: internal });
    await expectNothingHeld();
  }
  // And the next one, with the real renderer, is a file.
  const ok = await download(`/api/reports/products/${productId}`);
  expect(ok instanceof Error ? ok.message : ok.statusCode).toBe(200);
  await expectNothingHeld();
});

test('a renderer whose work rejects after reading rows: the download is cut and nothing stays held', async () => {
  for (let i = 0; i <= REPORTS_MAX_PER_USER; i++) {
    renderPdf.mockImplementationOnce((definition: ReportDefinition) => {
      const stream = new PassThrough();
      const done = (async () => {
        for await (const batch of definition.rows) {
          stream.write(`${batch.length} renglones\n`);
          throw new Error('el renderizador falló a la mitad');
        }
      })();
      done.catch((error: Error) => stream.destroy(error));
      return { stream, done } as unknown as ReturnType<typeof pdf.renderPdf>;
    });
    const r = await download(`/api/reports/products/${productId}`);
    // Whatever reached the client, it is not a complete report.
    if (!(r instanceof Error)) expect(r.rawPayload.subarray(0, 4).toString('latin1')).not.toBe('%PDF');
    await expectNothingHeld();
  }
});

test('a report builder that throws synchronously: 500 and the snapshot is closed', async () => {
  stockReport.mockImplementationOnce(() => {
    throw new Error('el reporte falló al armarse');
  });
  const r = await download('/api/reports/stock');
  expect(r instanceof Error ? r.message : { status: r.statusCode, body: r.json() }).toEqual({ status: 500, body: internal });
  await expectNothingHeld();
});

test('rows that fail halfway through the copy: a clean 500 before any byte, the transaction ended, the spool closed', async () => {
  let spoolsWhileCopying = -1;
  productCard.mockImplementationOnce(async (snapshot, context, id) => {
    const real = (await jest
      .requireActual<typeof service>('../../../src/modules/reports/reports.service')
      .productCard(snapshot, context, id))!;
    async function* failing(): AsyncIterable<Row[]> {
      let batches = 0;
      for await (const batch of real.rows) {
        yield batch;
        if (++batches === 2) {
          spoolsWhileCopying = openSpoolFiles().length;
          throw new Error('se perdió la conexión a la mitad de la copia');
        }
      }
    }
    return { ...real, rows: failing() };
  });
  const r = await download(`/api/reports/products/${productId}?format=xlsx`);
  expect(r instanceof Error ? r.message : { status: r.statusCode, body: r.json() }).toEqual({ status: 500, body: internal });
  // The spool existed while the rows were copied, and is gone with the failure.
  expect(spoolsWhileCopying).toBe(1);
  await expectNothingHeld();
});

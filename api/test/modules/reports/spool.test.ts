// The spool gives a report's rows back exactly as they came, in order, whether they were kept in
// memory, written to the file, or split between the two; and a report within the memory budget
// writes nothing to the file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spoolReport } from '../../../src/modules/reports/spool';
import type { ReportDefinition, Row } from '../../../src/reports/model';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-spool-test-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** 40 batches of 25 rows: texts with accents, quotes and line breaks, numbers as text, empty cells. */
function batches(): Row[][] {
  return Array.from({ length: 40 }, (_, b) =>
    Array.from({ length: 25 }, (_, r): Row => {
      const n = b * 25 + r;
      return { cells: [String(n), `Papel «bond» ${n}\ncarta, "ñ"`, null, `${n}.125`, n % 7 === 0 ? '' : '0.000001'] };
    }),
  );
}

function definition(rows: Row[][]): ReportDefinition {
  return {
    institution: 'Escuela',
    issued: '2026-12-07',
    title: 'Prueba',
    orientation: 'portrait',
    sheetName: 'Prueba',
    fields: [],
    columns: [],
    rows: (async function* () {
      yield* rows;
    })(),
    closing: async () => ({ totals: [{ label: 'Total', amount: '12.50' }] }),
  };
}

/** Every batch read back, and how many bytes the spool file held. */
async function roundTrip(memoryBudget: number): Promise<{ rows: Row[][]; fileBytes: number }> {
  const spool = await spoolReport(definition(batches()), { dir, memoryBudget });
  // The spool's file: the one open descriptor that points into `dir` (unlinked, still open).
  const fd = fs.readdirSync('/proc/self/fd').find((entry) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${entry}`).startsWith(dir);
    } catch {
      return false;
    }
  });
  const fileBytes = fd === undefined ? -1 : fs.fstatSync(Number(fd)).size;
  const rows: Row[][] = [];
  for await (const batch of spool.definition.rows) rows.push(batch);
  expect(await spool.definition.closing!()).toEqual({ totals: [{ label: 'Total', amount: '12.50' }] });
  await spool.dispose();
  return { rows, fileBytes };
}

test.each([
  ['all in memory', 64 * 1024 * 1024],
  ['all in the file', 0],
  ['the first batches in memory, the rest in the file', 20_000],
])('%s: the same rows, in the same order', async (_name, budget) => {
  const { rows, fileBytes } = await roundTrip(budget);
  expect(rows).toEqual(batches());
  if (budget === 0) expect(fileBytes).toBeGreaterThan(0);
  if (budget > 1_000_000) expect(fileBytes).toBe(0);
  if (budget === 20_000) {
    expect(fileBytes).toBeGreaterThan(0);
    // Less than the whole report went to the file.
    expect(fileBytes).toBeLessThan((await roundTrip(0)).fileBytes);
  }
});

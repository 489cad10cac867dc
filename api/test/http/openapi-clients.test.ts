// The OpenAPI document the API serves, as the tools a client's author reaches for read it:
// `redocly lint` with every recommended rule (redocly.yaml at the root turns off only the
// licence, which Almacén does not publish) finds no error and no warning.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestApp, type TestApp } from '../helpers/test-app';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../..');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

let t: TestApp;
let dir: string;
let documentFile: string;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  dir = mkdtempSync(path.join(tmpdir(), 'almacen-openapi-'));
  documentFile = path.join(dir, 'openapi.json');
  writeFileSync(documentFile, response.body);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

test('redocly lint (recommended rules, the licence aside): no error and no warning', async () => {
  const lint = await run(bin('redocly'), ['lint', documentFile, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json'], {
    cwd: ROOT,
    // No telemetry nor update check: the lint reads the file and nothing else.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }));
  const report = JSON.parse(lint.stdout) as {
    totals: { errors: number; warnings: number };
    problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
  };
  // Each problem with its rule and where it is, so a failing run says what to fix.
  expect(report.problems.map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`)).toEqual([]);
  expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
});

// The record of backups: `npm run backup` records each attempt, worked or failed; «Respaldos»
// (GET /api/admin/backups/last) and /healthz read it, /healthz staying 200 whatever it says; the
// daily schedule takes one backup per slot however many copies of the API run it (advisory lock
// plus the record of the slot), and a failure is recorded and logged, never thrown.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runScheduledBackup, type ScheduledOutcome } from '../../src/backup/history';
import { previousBackupAt } from '../../src/backup/schedule';
import { startBackupSchedule } from '../../src/backup/scheduler';
import { run as backup } from '../../src/cli/backup';
import { loadConfig } from '../../src/config';
import { grantAppRole } from '../../src/db/roles';
import { createTestApp, type TestApp } from '../helpers/test-app';

jest.setTimeout(120_000);

let t: TestApp;
let work: string;
beforeAll(async () => {
  t = await createTestApp();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-respaldos-'));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const envFor = (dir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  DATABASE_URL: t.databaseUrl,
  DATA_DIR: path.join(work, 'data'),
  BACKUP_DIR: dir,
  LOG_LEVEL: 'silent',
  APP_TIME_ZONE: 'America/Mexico_City',
  OIDC_ISSUER: 'https://login.ejemplo.mx',
  ...extra,
});

async function last() {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/backups/last', headers: await t.auth() });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}
async function health() {
  const response = await t.app.inject({ method: 'GET', url: '/healthz' });
  expect(response.statusCode).toBe(200);
  return response.json().backup;
}
const sql = (text: string, values: unknown[] = []) => t.db.query(text, values);
/** The backup series of GET /metrics (from loopback, the default METRICS_ALLOW). */
async function backupMetrics() {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  expect(response.statusCode).toBe(200);
  const value = (name: string) => /^(\S+) (\S+)$/m.exec(response.body.split('\n').find((l) => l.startsWith(`${name} `)) ?? '')?.[2];
  return { age: value('almacen_last_backup_age_seconds'), ok: value('almacen_last_backup_ok') };
}
const backupFiles = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.respaldo.gz')) : []);

test('none yet: «Respaldos» says so and /healthz is 200 with ok false', async () => {
  // never backed up is infinitely old to an alert on the age
  expect(await backupMetrics()).toEqual({ age: '+Inf', ok: '0' });
  expect(await last()).toEqual({
    latest: null,
    latestOk: null,
    schedule: { enabled: true, time: '02:30', timeZone: 'America/Mexico_City' },
  });
  expect(await health()).toEqual({ lastAt: null, ageHours: null, ok: false });
});

test('npm run backup records the backup it took: when, file, size, folder, host; /healthz says it is fresh', async () => {
  const dir = path.join(work, 'manual');
  const result = await backup([], envFor(dir), () => undefined);
  const { latest, latestOk } = await last();
  expect(latest).toEqual({
    id: expect.any(Number),
    at: result!.manifest.createdAt,
    ok: true,
    trigger: 'manual',
    directory: dir,
    fileName: path.basename(result!.file),
    sizeBytes: fs.statSync(result!.file).size,
    error: null,
    host: os.hostname(),
  });
  expect(latestOk).toEqual(latest);
  const now = await health();
  expect(now).toEqual({ lastAt: result!.manifest.createdAt, ageHours: expect.any(Number), ok: true });
  expect(now.ageHours).toBeLessThan(0.2);
});

test('a failed npm run backup is recorded with its error; «Respaldos» shows it and the last good one; /healthz ok false, still 200', async () => {
  const before = await last();
  const blocker = path.join(work, 'un-archivo');
  fs.writeFileSync(blocker, 'no soy una carpeta');
  await expect(backup([], envFor(path.join(blocker, 'respaldos')), () => undefined)).rejects.toThrow(/ENOTDIR/);
  const { latest, latestOk } = await last();
  expect(latest).toMatchObject({
    ok: false,
    trigger: 'manual',
    fileName: null,
    sizeBytes: null,
    directory: path.join(blocker, 'respaldos'),
  });
  expect(latest.error).toMatch(/ENOTDIR/);
  expect(latestOk).toEqual(before.latestOk);
  expect(await health()).toEqual({ lastAt: before.latestOk.at, ageHours: expect.any(Number), ok: false });
});

test('«Respaldos recientes»: every attempt, newest first, the failed one with its reason; only for backups.read', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: await t.auth() });
  expect(response.statusCode).toBe(200);
  const list = response.json().data;
  const { latest, latestOk } = await last();
  expect(list[0]).toEqual(latest);
  expect(list[0]).toMatchObject({ ok: false, trigger: 'manual', fileName: null, sizeBytes: null, error: expect.any(String) });
  expect(list).toContainEqual(latestOk);
  const times = list.map((b: { at: string }) => b.at);
  expect(times).toEqual([...times].sort().reverse());
  const { rows } = await sql('SELECT count(*)::int AS n FROM backup_runs');
  expect(list).toHaveLength(rows[0].n);
  const clerk = await t.app.inject({
    method: 'GET',
    url: '/api/admin/backups',
    headers: await t.auth({ sub: 'almacenista', name: 'Alma', almacen_roles: ['ALMACENISTA'] }),
  });
  expect(clerk.statusCode).toBe(403);
});

test('older than 48 hours is not ok; 47 hours is', async () => {
  await sql('DELETE FROM backup_runs WHERE NOT ok');
  const { latest } = await last();
  await sql(`UPDATE backup_runs SET at = now() - interval '49 hours' WHERE id = $1`, [latest.id]);
  expect(await health()).toEqual({ lastAt: expect.any(String), ageHours: expect.any(Number), ok: false });
  // the same age for Prometheus, whoever took it
  const scraped = await backupMetrics();
  expect(Number(scraped.age)).toBeGreaterThanOrEqual(49 * 3600);
  expect(Number(scraped.age)).toBeLessThan(49 * 3600 + 600);
  expect(scraped.ok).toBe('1');
  expect((await health()).ageHours).toBeGreaterThanOrEqual(49);
  await sql(`UPDATE backup_runs SET at = now() - interval '47 hours' WHERE id = $1`, [latest.id]);
  expect((await health()).ok).toBe(true);
});

describe('the daily schedule', () => {
  const log = () => {
    const lines: string[] = [];
    return { lines, info: (m: string) => lines.push(`info ${m}`), error: (m: string) => lines.push(`error ${m}`) };
  };
  const configIn = (dir: string) => loadConfig(envFor(dir));

  test('two copies at the same slot: one backup, one record of the slot; a late copy finds it taken', async () => {
    const slot = new Date('2026-12-02T08:30:00Z');
    const dirs = [path.join(work, 'copia-a'), path.join(work, 'copia-b')];
    const outcomes = await Promise.all(
      dirs.map((dir) => runScheduledBackup({ url: t.databaseUrl, config: configIn(dir), slot, log: log() })),
    );
    expect([...outcomes].sort()).toEqual(expect.arrayContaining<ScheduledOutcome>(['taken']));
    expect(outcomes.filter((o) => o === 'taken')).toHaveLength(1);
    expect(dirs.flatMap(backupFiles)).toHaveLength(1);
    const late = log();
    expect(await runScheduledBackup({ url: t.databaseUrl, config: configIn(dirs[1]), slot, log: late })).toBe('already-taken');
    expect(dirs.flatMap(backupFiles)).toHaveLength(1);
    const { rows } = await sql(`SELECT trigger, ok FROM backup_runs WHERE scheduled_for = $1`, [slot]);
    expect(rows).toEqual([{ trigger: 'programado', ok: true }]);
  });

  test('a failure is recorded and logged, not thrown; no database at all is logged', async () => {
    const blocker = path.join(work, 'otro-archivo');
    fs.writeFileSync(blocker, 'x');
    const slot = new Date('2026-12-03T08:30:00Z');
    const said = log();
    expect(await runScheduledBackup({ url: t.databaseUrl, config: configIn(path.join(blocker, 'r')), slot, log: said })).toBe('failed');
    expect(said.lines).toEqual([expect.stringMatching(/^error El respaldo programado falló: .*ENOTDIR/)]);
    expect((await last()).latest).toMatchObject({ ok: false, trigger: 'programado', error: expect.stringMatching(/ENOTDIR/) });
    const nowhere = log();
    const outcome = await runScheduledBackup({ url: 'postgres://postgres@127.0.0.1:1/nada', config: configIn(work), slot, log: nowhere });
    expect([outcome, nowhere.lines]).toEqual(['failed', [expect.stringMatching(/^error El respaldo programado falló: .*ECONNREFUSED/)]]);
    expect((await health()).ok).toBe(false);
  });

  test('the timer: nothing before BACKUP_TIME, the backup at it, then the next day; two copies take one', async () => {
    let clock = new Date('2026-12-04T08:29:58Z').getTime(); // 02:29:58 in Mexico City
    const runs: Array<[string, ScheduledOutcome]> = [];
    const dirs = [path.join(work, 'reloj-a'), path.join(work, 'reloj-b')];
    const schedules = dirs.map((dir) =>
      startBackupSchedule({
        url: t.databaseUrl,
        config: configIn(dir),
        log: log(),
        now: () => new Date(clock),
        tickMs: 20,
        onRun: (slot, outcome) => runs.push([slot.toISOString(), outcome]),
        catchUpAfterMs: null,
      }),
    );
    try {
      expect(schedules.map((s) => s.next().toISOString())).toEqual(['2026-12-04T08:30:00.000Z', '2026-12-04T08:30:00.000Z']);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(runs).toEqual([]);
      clock += 3_000;
      for (let i = 0; i < 600 && runs.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(runs.map(([slot]) => slot)).toEqual(['2026-12-04T08:30:00.000Z', '2026-12-04T08:30:00.000Z']);
      expect(runs.filter(([, outcome]) => outcome === 'taken')).toHaveLength(1);
      expect(dirs.flatMap(backupFiles)).toHaveLength(1);
      expect(schedules.map((s) => s.next().toISOString())).toEqual(['2026-12-05T08:30:00.000Z', '2026-12-05T08:30:00.000Z']);
    } finally {
      await Promise.all(schedules.map((s) => s.stop()));
    }
  });

  test('a run missed while no copy was running is made up soon after the start, once; a backup since the slot counts', async () => {
    // Ten days ahead of the real clock: past every backup and fixed slot of this file's tests.
    const clock = Date.now() + 10 * 24 * 3_600_000;
    const config = configIn(path.join(work, 'pendiente'));
    const missed = previousBackupAt(new Date(clock), config.backup.time, config.timeZone);
    expect(missed.getTime()).toBeLessThanOrEqual(clock);
    expect(clock - missed.getTime()).toBeLessThan(24 * 3_600_000);
    const started = async (dir: string) => {
      const runs: Array<[string, ScheduledOutcome]> = [];
      const said = log();
      const schedule = startBackupSchedule({
        url: t.databaseUrl,
        config: configIn(dir),
        log: said,
        now: () => new Date(clock),
        tickMs: 20,
        catchUpAfterMs: 20,
        onRun: (slot, outcome) => runs.push([slot.toISOString(), outcome]),
      });
      for (let i = 0; i < 600 && runs.length < 1; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      await schedule.stop();
      // The regular run is still ahead.
      expect(schedule.next().getTime()).toBeGreaterThan(clock);
      return { runs, said: said.lines };
    };
    const first = await started(path.join(work, 'pendiente'));
    expect(first.runs).toEqual([[missed.toISOString(), 'taken']]);
    expect(first.said).toEqual([expect.stringMatching(/^info Respaldo pendiente creado: .*\.respaldo\.gz/)]);
    expect(backupFiles(path.join(work, 'pendiente'))).toHaveLength(1);
    const { rows } = await sql(`SELECT trigger, ok FROM backup_runs WHERE scheduled_for = $1`, [missed]);
    expect(rows).toEqual([{ trigger: 'programado', ok: true }]);
    // Started again the same morning: nothing to make up.
    const again = await started(path.join(work, 'pendiente-otra-vez'));
    expect(again.runs).toEqual([[missed.toISOString(), 'already-taken']]);
    expect(backupFiles(path.join(work, 'pendiente-otra-vez'))).toHaveLength(0);
  });

  test('a backup that worked since the last slot (npm run backup this morning) leaves nothing to make up', async () => {
    const config = configIn(work);
    const missed = previousBackupAt(new Date(), config.backup.time, config.timeZone);
    await backup([], envFor(path.join(work, 'esta-manana')), () => undefined);
    const dir = path.join(work, 'sin-pendiente');
    const said = log();
    expect(await runScheduledBackup({ url: t.databaseUrl, config: configIn(dir), slot: missed, log: said, catchUp: true })).toBe(
      'already-taken',
    );
    expect(said.lines).toEqual(['info Respaldo pendiente: no hace falta, ya hay uno desde la última hora programada.']);
    expect(backupFiles(dir)).toHaveLength(0);
  });

  test('npm run backup -- --schedule says when, and ends cleanly when told to', async () => {
    const said: string[] = [];
    let end!: () => void;
    const until = new Promise<void>((resolve) => (end = resolve));
    const running = backup(['--schedule'], envFor(path.join(work, 'servicio'), { BACKUP_TIME: '03:15' }), (l) => said.push(l), { until });
    await new Promise((resolve) => setTimeout(resolve, 100));
    end();
    await expect(running).resolves.toBeNull();
    expect(said[0]).toMatch(
      /^Respaldo programado todos los días a las 03:15 \(America\/Mexico_City\) en .*servicio; el siguiente: \d\d\/\d\d\/\d{4} 03:15\. SIGTERM o Ctrl\+C lo detiene\.$/,
    );
    expect(said.at(-1)).toBe('Respaldo programado detenido.');
  });
});

test('the API role reads the record and cannot write it', async () => {
  const role = `almacen_t_lee_${Date.now().toString(36)}`;
  const client = await t.db.connect();
  try {
    await client.query('BEGIN');
    await client.query(`CREATE ROLE ${role} NOLOGIN`);
    await grantAppRole(client, role);
    await client.query(`SET LOCAL ROLE ${role}`);
    await client.query('SELECT count(*) FROM backup_runs');
    await client.query('SAVEPOINT escribir');
    await expect(client.query(`UPDATE backup_runs SET ok = ok`)).rejects.toThrow(/permission denied for table backup_runs/);
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
});

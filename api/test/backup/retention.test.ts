// What stays in BACKUP_DIR: the newest backup of each of the last BACKUP_KEEP_DAILY days that have
// one and of each of the last BACKUP_KEEP_MONTHLY months, by the school's calendar (APP_TIME_ZONE);
// files not named as backups are never touched. The settings are validated like every other one,
// in Spanish. And a backup of migrations this version does not have is refused before anything.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backupName, type Manifest } from '../../src/backup/format';
import { migrationsOf, RestoreRefusal } from '../../src/backup/restore';
import { applyRetention, expiredBackups } from '../../src/backup/retention';
import { loadConfig } from '../../src/config';
import { readMigrations } from '../../src/db/migrate';
import { configProblems } from '../helpers/config-problems';

const MX = 'America/Mexico_City';
const at = (iso: string) => backupName(new Date(iso));

const problems = configProblems;

test('names: UTC to the second, a suffix for a second one in the same second', () => {
  expect(backupName(new Date('2026-11-28T05:11:22.345Z'))).toBe('almacen-20261128T051122Z.respaldo.gz');
  expect(backupName(new Date('2026-11-28T05:11:22Z'), 2)).toBe('almacen-20261128T051122Z-2.respaldo.gz');
});

test('the newest of each of the last 7 days and of each of the last 12 months', () => {
  // Two a day (02:00 and 14:00 in Mexico City) from 2025-01-01 to 2026-11-28.
  const names: string[] = [];
  for (let day = Date.parse('2025-01-01T08:00:00Z'); day <= Date.parse('2026-11-28T08:00:00Z'); day += 86_400_000) {
    names.push(backupName(new Date(day)), backupName(new Date(day + 12 * 3_600_000)));
  }
  const expired = new Set(expiredBackups(names, { keepDaily: 7, keepMonthly: 12, timeZone: MX }));
  const kept = names.filter((n) => !expired.has(n)).sort();
  const daily = ['22', '23', '24', '25', '26', '27', '28'].map((d) => at(`2026-11-${d}T20:00:00Z`));
  // The newest of each month: its last day's 14:00 (November's is the 28th, already a daily one).
  const monthly = [
    '2025-12-31',
    '2026-01-31',
    '2026-02-28',
    '2026-03-31',
    '2026-04-30',
    '2026-05-31',
    '2026-06-30',
    '2026-07-31',
    '2026-08-31',
    '2026-09-30',
    '2026-10-31',
  ].map((d) => at(`${d}T20:00:00Z`));
  expect(kept).toEqual([...monthly, ...daily].sort());
});

test('days and months are the school’s: 23:30 in Mexico City is still that day, and that month', () => {
  const names = [
    at('2026-12-01T05:30:00Z'), // 30/11 23:30 local
    at('2026-11-30T15:00:00Z'), // 30/11 09:00 local, older the same day
    at('2026-12-01T07:00:00Z'), // 01/12 01:00 local
    at('2026-12-01T07:00:00Z').replace('Z.', 'Z-2.'), // a second one in the same second: the newer
  ];
  expect(expiredBackups(names, { keepDaily: 7, keepMonthly: 0, timeZone: MX })).toEqual([names[2], names[1]]);
  expect(expiredBackups(names, { keepDaily: 1, keepMonthly: 2, timeZone: MX })).toEqual([names[2], names[1]]);
  expect(expiredBackups(names, { keepDaily: 1, keepMonthly: 0, timeZone: MX })).toEqual([names[2], names[0], names[1]]);
});

test('only backups are removed from the folder', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almacen-retention-'));
  try {
    const files = [
      at('2026-11-01T12:00:00Z'),
      at('2026-11-02T12:00:00Z'),
      'notas.txt',
      'almacen-copia.respaldo.gz',
      '.almacen-1-ab.partial',
    ];
    for (const f of files) fs.writeFileSync(path.join(dir, f), 'x');
    expect(applyRetention(dir, { keepDaily: 1, keepMonthly: 0, timeZone: MX })).toEqual([files[0]]);
    expect(fs.readdirSync(dir).sort()).toEqual(files.slice(1).sort());
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('settings: BACKUP_DIR beside the data by default; the counts within range, in Spanish', () => {
  expect(loadConfig({ DATA_DIR: '/var/lib/almacen' }).backup).toMatchObject({
    dir: '/var/lib/almacen/backups',
    keepDaily: 7,
    keepMonthly: 12,
  });
  expect(loadConfig({ BACKUP_DIR: '/srv/respaldos', BACKUP_KEEP_DAILY: '30', BACKUP_KEEP_MONTHLY: '0' }).backup).toMatchObject({
    dir: '/srv/respaldos',
    keepDaily: 30,
    keepMonthly: 0,
  });
  expect(problems({ BACKUP_KEEP_DAILY: '0', BACKUP_KEEP_MONTHLY: 'doce' })).toEqual([
    'BACKUP_KEEP_DAILY debe ser un número entero de días entre 1 y 3660 (recibido: "0").',
    'BACKUP_KEEP_MONTHLY debe ser un número entero de meses entre 0 y 1200 (recibido: "doce").',
  ]);
});

test('a backup with a migration this version does not have, or with another text for one it has, is refused', () => {
  const files = readMigrations();
  const manifest = (migrations: Array<{ name: string; checksum: string }>) => ({ version: '9.0.0', migrations }) as Manifest;
  expect(migrationsOf(manifest(files.map(({ name, checksum }) => ({ name, checksum }))), files)).toEqual(files);
  const newer = () => migrationsOf(manifest([...files, { name: '0999_futuro.sql', checksum: 'x' }]), files);
  expect(newer).toThrow(RestoreRefusal);
  expect(newer).toThrow(
    'El respaldo es de una versión de Almacén más nueva que esta (9.0.0): su migración «0999_futuro.sql» no existe aquí. ' +
      'Restáuralo con Almacén 9.0.0 o posterior. No se cambió nada.',
  );
  const edited = () => migrationsOf(manifest([{ name: files[0].name, checksum: '0'.repeat(64) }]), files);
  expect(edited).toThrow(`La migración «${files[0].name}» del respaldo no es la de esta versión de Almacén`);
});

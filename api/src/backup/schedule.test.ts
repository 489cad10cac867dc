import { nextBackupAt, parseTimeOfDay, previousBackupAt, runOfDay } from './schedule';

const at = (iso: string) => new Date(iso);
const T0230 = { hour: 2, minute: 30 };
const wall = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' }).format(d);

test('BACKUP_TIME: HH:mm of a 24-hour clock', () => {
  expect(parseTimeOfDay('02:30')).toEqual({ hour: 2, minute: 30 });
  expect(parseTimeOfDay('2:05')).toEqual({ hour: 2, minute: 5 });
  expect(parseTimeOfDay(' 23:59 ')).toEqual({ hour: 23, minute: 59 });
  for (const bad of ['24:00', '02:60', '0230', '2:5', '02:30:00', '', 'mañana']) expect([bad, parseTimeOfDay(bad)]).toEqual([bad, null]);
});

test('Mexico City today (no DST): 02:30 is 08:30 UTC, later the same night or the next one', () => {
  expect(nextBackupAt(at('2026-12-01T12:00:00Z'), T0230, 'America/Mexico_City').toISOString()).toBe('2026-12-02T08:30:00.000Z');
  expect(nextBackupAt(at('2026-12-02T08:29:59Z'), T0230, 'America/Mexico_City').toISOString()).toBe('2026-12-02T08:30:00.000Z');
  // Exactly at the run: the next one is tomorrow's.
  expect(nextBackupAt(at('2026-12-02T08:30:00Z'), T0230, 'America/Mexico_City').toISOString()).toBe('2026-12-03T08:30:00.000Z');
  // Local evening, already the next UTC day.
  expect(nextBackupAt(at('2026-12-02T04:00:00Z'), T0230, 'America/Mexico_City').toISOString()).toBe('2026-12-02T08:30:00.000Z');
});

test('Mexico City when it had DST (2022): 02:30 did not exist on 3 April, so that run is at the jump (03:00 CDT)', () => {
  expect(nextBackupAt(at('2022-04-02T09:00:00Z'), T0230, 'America/Mexico_City').toISOString()).toBe('2022-04-03T08:00:00.000Z');
  expect(nextBackupAt(at('2022-04-03T08:00:00Z'), T0230, 'America/Mexico_City').toISOString()).toBe('2022-04-04T07:30:00.000Z');
});

test('a time the clock goes through twice runs once, at its first occurrence (New York, 1 Nov 2026, 01:30)', () => {
  const time = { hour: 1, minute: 30 };
  const first = nextBackupAt(at('2026-11-01T04:00:00Z'), time, 'America/New_York');
  expect(first.toISOString()).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT
  expect(nextBackupAt(first, time, 'America/New_York').toISOString()).toBe('2026-11-02T06:30:00.000Z'); // not 01:30 EST
});

test('a zone east of UTC, and a half-hour DST (Lord Howe: 02:00 → 02:30 on 4 Oct 2026)', () => {
  expect(nextBackupAt(at('2026-12-01T12:00:00Z'), T0230, 'Asia/Kolkata').toISOString()).toBe('2026-12-01T21:00:00.000Z');
  const jump = runOfDay(Date.UTC(2026, 9, 4), { hour: 2, minute: 15 }, 'Australia/Lord_Howe');
  expect(wall(jump, 'Australia/Lord_Howe')).toBe('2026-10-04 02:30');
  expect(wall(runOfDay(Date.UTC(2026, 9, 4), T0230, 'Australia/Lord_Howe'), 'Australia/Lord_Howe')).toBe('2026-10-04 02:30');
});

test.each(['America/Mexico_City', 'America/New_York', 'Europe/London', 'America/Santiago', 'Australia/Lord_Howe', 'UTC'])(
  '%s: over two years, one run every local day, in order, at BACKUP_TIME unless the clock skipped it',
  (timeZone) => {
    for (const time of [T0230, { hour: 0, minute: 0 }, { hour: 1, minute: 0 }, { hour: 23, minute: 45 }]) {
      const hhmm = `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
      let run = nextBackupAt(at('2025-01-01T00:00:00Z'), time, timeZone);
      let previousDay = '';
      for (let i = 0; i < 730; i++) {
        const [day, clock] = wall(run, timeZone).split(' ');
        if (previousDay) {
          const expected = new Date(Date.parse(`${previousDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
          expect([timeZone, hhmm, run.toISOString(), day]).toEqual([timeZone, hhmm, run.toISOString(), expected]);
        }
        if (clock !== hhmm) {
          // Skipped by the clock: the run is the instant of the jump — past BACKUP_TIME, and a second before it the clock was short of it.
          const before = wall(new Date(run.getTime() - 1000), timeZone);
          expect([timeZone, hhmm, run.toISOString(), clock > hhmm, before < `${day} ${hhmm}`]).toEqual([
            timeZone,
            hhmm,
            run.toISOString(),
            true,
            true,
          ]);
        }
        previousDay = day;
        run = nextBackupAt(run, time, timeZone);
      }
    }
  },
);

test('the run a stopped process missed: the last one at or before the moment', () => {
  // 09:00 in Mexico City: that night's 02:30; at 02:29 it is the night before's.
  expect(previousBackupAt(at('2026-12-02T15:00:00Z'), T0230, 'America/Mexico_City').toISOString()).toBe('2026-12-02T08:30:00.000Z');
  expect(previousBackupAt(at('2026-12-02T08:29:00Z'), T0230, 'America/Mexico_City').toISOString()).toBe('2026-12-01T08:30:00.000Z');
  // Exactly at the run: that run.
  expect(previousBackupAt(at('2026-12-02T08:30:00Z'), T0230, 'America/Mexico_City').toISOString()).toBe('2026-12-02T08:30:00.000Z');
  // The night 02:30 did not exist (3 April 2022, DST): the run at the jump.
  expect(previousBackupAt(at('2022-04-03T12:00:00Z'), T0230, 'America/Mexico_City').toISOString()).toBe('2022-04-03T08:00:00.000Z');
});

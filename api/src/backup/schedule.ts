// When the daily backup runs: BACKUP_TIME on the wall clock of APP_TIME_ZONE, once per calendar
// day of that zone. Across a change of the clock: a time that does not exist that day (the clock
// jumps over it) runs at the instant of the jump, the first moment the clock has passed it; a time
// that happens twice (the clock goes back) runs at its first occurrence only.

export interface TimeOfDay {
  hour: number;
  minute: number;
}

/** "02:30" → { hour: 2, minute: 30 }; null unless HH:mm (or H:mm) of a 24-hour clock. */
export function parseTimeOfDay(raw: string): TimeOfDay | null {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(raw.trim());
  return match ? { hour: Number(match[1]), minute: Number(match[2]) } : null;
}

export const formatTimeOfDay = ({ hour, minute }: TimeOfDay): string =>
  `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `timeZone` at instant `t`, written as if it were UTC (milliseconds). */
function wallClock(t: number, timeZone: string): number {
  const p = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(new Date(t))
      .map((part) => [part.type, part.value]),
  );
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
}

/** How far ahead of UTC the zone's clock is at `t` (milliseconds, whole seconds). */
const offsetAt = (t: number, timeZone: string) => wallClock(Math.floor(t / 1000) * 1000, timeZone) - Math.floor(t / 1000) * 1000;

/**
 * The instant of the day's run: the calendar day `day` (its UTC midnight stands for the date) at
 * `time` in `timeZone`, or the first instant past a gap that swallows it.
 */
export function runOfDay(day: number, time: TimeOfDay, timeZone: string): Date {
  const wanted = day + (time.hour * 60 + time.minute) * MINUTE;
  // The offsets in force around that day: at most one change of the clock falls between them.
  const offsets = [...new Set([offsetAt(wanted - DAY, timeZone), offsetAt(wanted, timeZone), offsetAt(wanted + DAY, timeZone)])];
  const matches = offsets.map((offset) => wanted - offset).filter((t) => wallClock(t, timeZone) === wanted);
  if (matches.length) return new Date(Math.min(...matches));
  // No instant shows that time: the clock jumped over it. The jump lies between the candidates;
  // find the first instant whose clock is already past the wanted time.
  const candidates = offsets.map((offset) => wanted - offset);
  let low = Math.min(...candidates) - DAY;
  let high = Math.max(...candidates) + DAY;
  while (wallClock(low, timeZone) >= wanted) low -= DAY;
  // Invariant: wallClock(low) < wanted <= wallClock(high); whole seconds suffice for any zone.
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (wallClock(middle, timeZone) >= wanted) high = middle;
    else low = middle;
  }
  return new Date(high);
}

/** The first run strictly after `after`. */
export function nextBackupAt(after: Date, time: TimeOfDay, timeZone: string): Date {
  const wall = wallClock(after.getTime(), timeZone);
  const today = wall - (((wall % DAY) + DAY) % DAY);
  for (let day = today - DAY; ; day += DAY) {
    const run = runOfDay(day, time, timeZone);
    if (run.getTime() > after.getTime()) return run;
  }
}

/** The last run at or before `at`: the one a process that was not running then has missed. */
export function previousBackupAt(at: Date, time: TimeOfDay, timeZone: string): Date {
  const wall = wallClock(at.getTime(), timeZone);
  const today = wall - (((wall % DAY) + DAY) % DAY);
  for (let day = today + DAY; ; day -= DAY) {
    const run = runOfDay(day, time, timeZone);
    if (run.getTime() <= at.getTime()) return run;
  }
}

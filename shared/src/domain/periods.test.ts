import {
  datedShortfallMessage,
  dayAfter,
  earlierMonthNote,
  lastClosedUntil,
  monthEnd,
  monthOf,
  periodClosedHint,
  periodClosedMessage,
} from './periods';

test('the last standing closing is the latest month end still closed; reopened ones do not count', () => {
  expect(lastClosedUntil(undefined)).toBeNull();
  expect(lastClosedUntil([])).toBeNull();
  expect(lastClosedUntil([{ until: '2026-10-31', status: 'REABIERTO' }])).toBeNull();
  expect(
    lastClosedUntil([
      { until: '2026-08-31', status: 'CERRADO' },
      { until: '2026-10-31', status: 'REABIERTO' },
      { until: '2026-09-30', status: 'CERRADO' },
    ]),
  ).toBe('2026-09-30');
});

test('the first open day follows the closed date across months and years', () => {
  expect(dayAfter('2026-09-30')).toBe('2026-10-01');
  expect(dayAfter('2024-02-28')).toBe('2024-02-29');
  expect(dayAfter('2025-12-31')).toBe('2026-01-01');
});

test('month ends and months counted from a date, across years and February', () => {
  expect(monthEnd('2026-10-25')).toBe('2026-10-31');
  expect(monthEnd('2024-03-31', -1)).toBe('2024-02-29');
  expect(monthEnd('2026-12-01', 1)).toBe('2027-01-31');
  expect(monthOf('2026-01-15', -1)).toBe('2025-12');
  expect(monthOf('2026-11-30')).toBe('2026-11');
});

test('the sentences name the closed date as DD/MM/YYYY', () => {
  expect(periodClosedHint('2026-09-30')).toBe('El periodo hasta el 30/09/2026 está cerrado.');
  expect(periodClosedMessage('2026-09-30')).toBe(
    'El periodo hasta el 30/09/2026 está cerrado; registra el documento con una fecha posterior.',
  );
});

test("a date of an earlier month than today says in which month the document counts; this month's and bad dates say nothing", () => {
  expect(earlierMonthNote('2026-10-25', '2026-11-28')).toBe('La fecha es del 25/10/2026: contará en octubre.');
  expect(earlierMonthNote('2025-12-31', '2026-01-02')).toBe('La fecha es del 31/12/2025: contará en diciembre de 2025.');
  expect(earlierMonthNote('2026-11-01', '2026-11-28')).toBeNull();
  expect(earlierMonthNote('', '2026-11-28')).toBeNull();
});

test('a back-dated document that would leave a day short names the day, what it had and what the document takes', () => {
  expect(datedShortfallMessage('2026-10-03', '10', 'Hojas blancas', '12')).toBe(
    'Al 03/10/2026 había 10 unidades de «Hojas blancas»; la salida pide 12.',
  );
});

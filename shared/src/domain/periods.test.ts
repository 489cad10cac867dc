import { dayAfter, lastClosedUntil, periodClosedHint, periodClosedMessage } from './periods';

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

test('the sentences name the closed date as DD/MM/YYYY', () => {
  expect(periodClosedHint('2026-09-30')).toBe('El periodo hasta el 30/09/2026 está cerrado.');
  expect(periodClosedMessage('2026-09-30')).toBe(
    'El periodo hasta el 30/09/2026 está cerrado; registra el documento con una fecha posterior.',
  );
});

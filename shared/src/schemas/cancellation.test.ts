// The reason of a cancellation or of a month's reopening, as the dialog and the API both judge it, and the
// "DD/MM/YYYY HH:mm" the histories show its time with.
import { formatDateTime } from '../domain/format';
import { CANCELLATION_MESSAGES, cancellationSchema, REOPENING_MESSAGES, reopeningSchema } from './documents';
import { validateWith } from './validate';

const messageOf = (body: unknown) => {
  const result = validateWith(cancellationSchema, body);
  return result.ok ? null : (result.errors.reason ?? result.message);
};

test('required, trimmed, 5–500 characters (an emoji counts as one), no bidi overrides', () => {
  for (const reason of [undefined, null, 5, '', '   ', '\u200B\u200B\u200B\u200B\u200B'])
    expect({ reason, m: messageOf({ reason }) }).toEqual({ reason, m: CANCELLATION_MESSAGES.reasonRequired });
  for (const reason of ['abcd', '  abcd  ', 'x'.repeat(501)])
    expect({ reason, m: messageOf({ reason }) }).toEqual({ reason, m: CANCELLATION_MESSAGES.reasonLength });
  for (const reason of ['abcde', '📦abcd', ` ${'ñ'.repeat(500)} `])
    expect({ reason, m: messageOf({ reason }) }).toEqual({ reason, m: null });
  expect(messageOf({ reason: 'Motivo \u202Eoculto' })).toBe('El texto contiene caracteres de control invisibles no permitidos.');
});

test('a reason may span lines (LF or CRLF); any other control character is refused with its own message', () => {
  for (const reason of ['Factura capturada\ndos veces', 'Factura capturada\r\ndos veces', 'Primera línea\n\nTercera línea'])
    expect({ reason, m: messageOf({ reason }) }).toEqual({ reason, m: null });
  for (const reason of [
    'Factura\tcapturada',
    'Factura\u0000capturada',
    'Factura\u0007capturada',
    'Factura\u000Bcapturada',
    'Factura\u0085capturada',
  ])
    expect({ reason, m: messageOf({ reason }) }).toEqual({ reason, m: CANCELLATION_MESSAGES.reasonControl });
  // The reopening of a month follows the same rule, with its own words for the rest.
  const reopening = (reason: string) => {
    const result = validateWith(reopeningSchema, { reason });
    return result.ok ? null : result.errors.reason;
  };
  expect(reopening('Factura recibida\ntarde')).toBeNull();
  expect(reopening('Factura\trecibida tarde')).toBe(CANCELLATION_MESSAGES.reasonControl);
  expect(reopening('abc')).toBe(REOPENING_MESSAGES.reason);
});

test("formatDateTime: the institution's clock, 24 h", () => {
  expect(formatDateTime('2026-03-07T15:05:00.000Z', 'America/Mexico_City')).toBe('07/03/2026 09:05');
  expect(formatDateTime('2026-12-31T23:59:00Z', 'UTC')).toBe('31/12/2026 23:59');
  expect(formatDateTime(new Date('2027-01-01T05:30:00Z'), 'America/Mexico_City')).toBe('31/12/2026 23:30');
});

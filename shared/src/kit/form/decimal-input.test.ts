import { acceptsDecimalInput, normalizeDecimalInput, toDecimalTyping } from './decimal-input';

describe('decimal input rules', () => {
  it('refuses negatives, letters, exponents and a second point', () => {
    for (const text of ['-1', '-', '1e3', 'abc', '1.2.3', '+5', ' 1']) {
      expect(acceptsDecimalInput(text, { scale: 3 })).toBe(false);
    }
  });

  it('accepts up to 3 decimals for quantities and prices, 5 for the IEPS rate', () => {
    expect(acceptsDecimalInput('12.345', { scale: 3 })).toBe(true);
    expect(acceptsDecimalInput('12.3456', { scale: 3 })).toBe(false);
    expect(acceptsDecimalInput('8.12345', { scale: 5 })).toBe(true);
    expect(acceptsDecimalInput('8.123456', { scale: 5 })).toBe(false);
    expect(acceptsDecimalInput('12.', { scale: 3 })).toBe(true);
    expect(acceptsDecimalInput('.5', { scale: 3 })).toBe(true);
    expect(acceptsDecimalInput('3.', { scale: 0 })).toBe(false);
  });

  it('limits the digits before the point', () => {
    expect(acceptsDecimalInput('123456789012', { scale: 3 })).toBe(true);
    expect(acceptsDecimalInput('1234567890123', { scale: 3 })).toBe(false);
    expect(acceptsDecimalInput('1234', { scale: 3, maxIntegerDigits: 3 })).toBe(false);
  });

  it('tidies a finished entry without turning it into a float', () => {
    expect(normalizeDecimalInput('12.')).toBe('12');
    expect(normalizeDecimalInput('.5')).toBe('0.5');
    expect(normalizeDecimalInput('007.250')).toBe('7.250');
    expect(normalizeDecimalInput('0.1')).toBe('0.1');
    expect(normalizeDecimalInput('.')).toBe('');
    expect(toDecimalTyping('1,5')).toBe('1.5');
  });
});

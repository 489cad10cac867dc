// What a numeric input accepts while the clerk types: digits and one point, no sign (negatives
// are refused), at most `scale` decimals. The value stays a decimal STRING all the way to the
// API — never a float.

export interface DecimalInputRules {
  /** Decimals allowed: 3 for quantities and prices, 5 for the IEPS rate. */
  scale: number;
  /** Digits allowed before the point. */
  maxIntegerDigits?: number;
}

/** True when `text` may stand in the input (it may be incomplete, like "12."). */
export function acceptsDecimalInput(text: string, { scale, maxIntegerDigits = 12 }: DecimalInputRules): boolean {
  if (text === '') return true;
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) return false;
  const [, int = '', frac] = match;
  if (int.length > maxIntegerDigits) return false;
  if (frac !== undefined && (scale === 0 || frac.length > scale)) return false;
  return true;
}

/** Tidies a finished entry: "12." → "12", ".5" → "0.5", "007" → "7"; keeps decimals as typed. */
export function normalizeDecimalInput(text: string): string {
  if (text === '' || text === '.') return '';
  const [digits = '', frac] = text.split('.');
  const int = digits.replace(/^0+(?=\d)/, '') || '0';
  return frac ? `${int}.${frac}` : int;
}

/** Typing with a comma as decimal separator is common in Mexico's keyboards too. */
export function toDecimalTyping(text: string): string {
  return text.replace(',', '.').replace(/\s+/g, '');
}

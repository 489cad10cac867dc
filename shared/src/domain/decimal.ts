// Exact decimal arithmetic for money and quantities. Values travel as decimal strings
// ("33.333"); arithmetic is done on scaled BigInts so nothing passes through binary floating
// point on its way to the ledger.

const DECIMAL_RE = /^(\d+)(?:\.(\d+))?$/;

/** Number of digits after the point of a decimal string or a finite number. */
export function decimalPlaces(value: string | number): number {
  const text = toDecimalString(value);
  if (text === null) return Number.NaN;
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * The plain decimal text of a value, or null when it is not a non-negative decimal.
 * Numbers are converted with their shortest round-trip text (what JSON carried), and numbers
 * that would need an exponent are refused.
 */
export function toDecimalString(value: unknown): string | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  if (!DECIMAL_RE.test(text)) return null;
  return text;
}

export interface Scaled {
  units: bigint;
  scale: number;
}

export function parseDecimal(value: string | number, scale: number): Scaled {
  const text = toDecimalString(value);
  if (text === null) throw new RangeError(`No es un número decimal: ${String(value)}`);
  const [, int, frac = ''] = DECIMAL_RE.exec(text)!;
  if (frac.length > scale) {
    // round half up to the requested scale
    const kept = BigInt(int + frac.slice(0, scale));
    const next = Number(frac[scale]);
    return { units: next >= 5 ? kept + 1n : kept, scale };
  }
  return { units: BigInt(int + frac.padEnd(scale, '0')), scale };
}

export function formatScaled({ units, scale }: Scaled): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = scale > 0 ? digits.slice(digits.length - scale) : '';
  return (negative ? '-' : '') + (frac ? `${int}.${frac}` : int);
}

/** Removes trailing zeros after the point: "116.000" → "116", "38.660" → "38.66". */
export function trimDecimal(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

function divRoundHalfUp(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  return 2n * r >= d ? q + 1n : q;
}

/** a × b rounded half up to `scale` decimals, as a decimal string. */
export function multiplyDecimal(a: string | number, b: string | number, scale: number): string {
  const x = parseDecimal(a, decimalPlaces(a));
  const y = parseDecimal(b, decimalPlaces(b));
  const product = x.units * y.units; // scale x.scale + y.scale
  const from = x.scale + y.scale;
  const units = from <= scale ? product * 10n ** BigInt(scale - from) : divRoundHalfUp(product, 10n ** BigInt(from - scale));
  return trimDecimal(formatScaled({ units, scale }));
}

/** a ÷ b rounded half up to `scale` decimals, as a decimal string. */
export function divideDecimal(a: string | number, b: string | number, scale: number): string {
  const x = parseDecimal(a, decimalPlaces(a));
  const y = parseDecimal(b, decimalPlaces(b));
  if (y.units === 0n) throw new RangeError('División entre cero');
  // a/b = (x.units / 10^xs) / (y.units / 10^ys) → scaled by 10^scale
  const numerator = x.units * 10n ** BigInt(scale + y.scale);
  const denominator = y.units * 10n ** BigInt(x.scale);
  return trimDecimal(formatScaled({ units: divRoundHalfUp(numerator, denominator), scale }));
}

/** A plain non-negative decimal as the API writes quantities and prices: "12", "9.25", "0.000". */
export const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

/** Compares two decimal strings: -1, 0 or 1. */
export function compareDecimal(a: string | number, b: string | number): number {
  const scale = Math.max(decimalPlaces(a), decimalPlaces(b));
  const x = parseDecimal(a, scale).units;
  const y = parseDecimal(b, scale).units;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Sum of decimal strings, exact. */
export function addDecimal(...values: Array<string | number>): string {
  const scale = Math.max(0, ...values.map(decimalPlaces));
  const units = values.reduce((sum, v) => sum + parseDecimal(v, scale).units, 0n);
  return trimDecimal(formatScaled({ units, scale }));
}

/** a − b, exact (may be negative). */
export function subtractDecimal(a: string | number, b: string | number): string {
  const scale = Math.max(decimalPlaces(a), decimalPlaces(b));
  const units = parseDecimal(a, scale).units - parseDecimal(b, scale).units;
  return trimDecimal(formatScaled({ units, scale }));
}

// The stock ledger's rules as an accountant would compute them, in exact BigInt arithmetic, for
// the property tests to fold the raw movements and predict every answer (ARCHITECTURE.md, "The
// stock ledger"): the value is the primary figure — an entry adds its value (q × price to the
// cent), an exit or a shortage takes its share (q × V / Q to the cent, all of V when it takes all
// of Q) — and the average is V / Q half up to 6 decimals, kept when the balance empties.
// Quantities are thousandths, values cents, averages millionths.
export const Q_SCALE = 3;
export const V_SCALE = 2;
export const AVG_SCALE = 6;

/** "12.5" at scale 3 → 12500n; refuses digits beyond the scale (a value that is not in cents fails). */
export function units(text: string, scale: number): bigint {
  const [int, frac = ''] = text.split('.');
  if (frac.length > scale && /[1-9]/.test(frac.slice(scale))) throw new Error(`${text} tiene más de ${scale} decimales`);
  return BigInt(int + frac.slice(0, scale).padEnd(scale, '0'));
}
export const halfUp = (n: bigint, d: bigint) => (2n * (n % d) >= d ? n / d + 1n : n / d);

export interface Balance {
  q: bigint;
  v: bigint;
  avg: bigint;
}
export const ZERO: Balance = { q: 0n, v: 0n, avg: 0n };

/** V / Q at scale 6 (V in cents, Q in thousandths); an empty balance keeps `previous`. */
export const averageOf = (q: bigint, v: bigint, previous: bigint) => (q === 0n ? previous : halfUp(v * 10_000_000n, q));
/** q × a price of scale 3, to the cent: a typed line's value. */
export const typedValue = (q: bigint, cost3: bigint) => halfUp(q * cost3, 10_000n);
/** q × an average of scale 6, to the cent: a surplus entering at the average of an empty balance. */
export const valueAtAverage = (q: bigint, avg6: bigint) => halfUp(q * avg6, 10_000_000n);
/** What an exit of q takes from b: its share of the value, or all of it. */
export const shareOf = (b: Balance, q: bigint) => (q >= b.q ? b.v : halfUp(q * b.v, b.q));
/** What a surplus of q entering at b's average is worth. */
export const atAverage = (b: Balance, q: bigint) => (b.q === 0n ? valueAtAverage(q, b.avg) : halfUp(q * b.v, b.q));

export function applyEntry(b: Balance, q: bigint, value: bigint): Balance {
  return { q: b.q + q, v: b.v + value, avg: averageOf(b.q + q, b.v + value, b.avg) };
}
export function applyExit(b: Balance, q: bigint, share: bigint = shareOf(b, q)): Balance {
  return { q: b.q - q, v: b.v - share, avg: averageOf(b.q - q, b.v - share, b.avg) };
}

/** Thousandths as the API's decimal text ("12.5"). */
export const fmt = (n: number | bigint) => {
  const v = BigInt(n);
  const int = v / 1000n;
  const frac = (v % 1000n).toString().padStart(3, '0').replace(/0+$/, '');
  return frac ? `${int}.${frac}` : `${int}`;
};

// Small statistics for the proof scripts: medians of repeated runs and latency percentiles.
export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export const median = (values: number[]) => percentile(values, 50);

/** "1,234" / "12.3" — figures for people, es-MX separators. */
export function fmt(value: number, decimals = 0): string {
  return value.toLocaleString('es-MX', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

export const ms = (value: number) => (value >= 100 ? `${fmt(value)} ms` : `${fmt(value, value >= 10 ? 1 : 2)} ms`);
export const ratio = (value: number) => `${fmt(value, value >= 10 ? 0 : 2)}×`;
export const bytes = (value: number) =>
  value >= 1024 * 1024 ? `${fmt(value / 1024 / 1024, 2)} MB` : value >= 1024 ? `${fmt(value / 1024, 1)} KB` : `${fmt(value)} B`;

export const delay = (msValue: number) => new Promise((resolve) => setTimeout(resolve, msValue));

/** One figure of a bench: measured against a baseline of the same run. */
export interface BenchRow {
  figure: string;
  baseline: string;
  measured: string;
  /** measured ÷ baseline */
  ratio: string;
  note?: string;
}

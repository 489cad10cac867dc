// A peso figure as every screen shows it: rounded as its kind says (an amount to the cent, a
// unit price or an average to at most 3 decimals), with the exact figure as its tooltip when the
// rounding hides something.
import { formatCurrency, formatExactCurrency, formatPrice } from '../domain/format';

export type MoneyKind = 'amount' | 'price';

export interface MoneyProps {
  value: string | number | bigint;
  kind?: MoneyKind;
}

export function moneyText(value: MoneyProps['value'], kind: MoneyKind = 'amount'): string {
  return kind === 'price' ? formatPrice(value) : formatCurrency(value);
}

export function Money({ value, kind = 'amount' }: MoneyProps) {
  const shown = moneyText(value, kind);
  const exact = formatExactCurrency(value);
  return shown === exact ? <>{shown}</> : <span title={exact}>{shown}</span>;
}

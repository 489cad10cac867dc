import { formatCurrency, formatCurrencyMXN, formatExactCurrency, formatPrice, formatQuantity } from './format';

describe('peso figures', () => {
  it('shows an amount to the cent, rounding half away from zero on the decimal string', () => {
    expect(formatCurrency('3635.562857')).toBe('$3,635.56');
    expect(formatCurrency('966.077137')).toBe('$966.08');
    expect(formatCurrency('0.005')).toBe('$0.01');
    expect(formatCurrency('-0.005')).toBe('-$0.01');
    expect(formatCurrency('12')).toBe('$12.00');
    // beyond a double's precision: still exact, the string is formatted as written
    expect(formatCurrency('123456789012345.675')).toBe('$123,456,789,012,345.68');
  });

  it('shows a unit price or an average with at most 3 decimals and at least 2', () => {
    expect(formatPrice('23.562857')).toBe('$23.563');
    expect(formatPrice('0.3828')).toBe('$0.383');
    expect(formatPrice('95')).toBe('$95.00');
    expect(formatPrice('40.6')).toBe('$40.60');
    expect(formatCurrencyMXN('13.666667')).toBe('$13.667 MXN');
  });

  it('keeps the exact figure up to the ledger’s 6 decimals for a tooltip', () => {
    expect(formatExactCurrency('3635.562857')).toBe('$3,635.562857');
    expect(formatExactCurrency('4.07')).toBe('$4.07');
  });

  it('shows quantities with up to 3 decimals', () => {
    expect(formatQuantity('1234.5')).toBe('1,234.5');
    expect(formatQuantity('2.037')).toBe('2.037');
  });
});

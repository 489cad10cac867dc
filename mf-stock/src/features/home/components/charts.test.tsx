// The home page's charts as drawn (plain SVG): each bar's length in proportion to its
// amount, the exact amount and the whole name in its hover title, names cut to the card's width,
// a value axis from $0 to a round top, and month names that never run into each other.
import { render, screen } from '@testing-library/react';
import type { StockSummary } from '@almacen/shared';
import { CategoryChart, ENTRY_COLOR, EXIT_COLOR, MonthlyChart, niceCeiling, TopProductsChart, truncate } from './charts';

const summary = {
  valueByCategory: [
    { categoryId: 1, category: '2111 Materiales, útiles y equipos menores de oficina', value: '12500.50', others: false },
    { categoryId: 2, category: '2161 Material de limpieza', value: '6250.25', others: false },
    { categoryId: null, category: 'Otras', value: '0', others: true },
  ],
  monthly: Array.from({ length: 12 }, (_v, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    entries: i === 10 ? '28387.00' : '0.00',
    exits: i === 10 ? '2086.79' : i === 3 ? '100.10' : '0.00',
  })),
  topProducts: [
    { productId: 3, name: 'Tóner para impresora láser, cartucho de alto rendimiento', quantity: '8', value: '11600.00' },
    { productId: 4, name: 'Papel bond', quantity: '120', value: '2900.00' },
  ],
} as unknown as StockSummary;

const width = (rect: Element) => Number(rect.getAttribute('width'));
const height = (rect: Element) => Number(rect.getAttribute('height'));

test('bars in proportion to their amounts, the largest across the plot, each with its exact amount and whole name on hover', () => {
  const { container } = render(<CategoryChart summary={summary} width={400} />);
  expect(screen.getByRole('img', { name: 'Valor del inventario por partida' })).toBeTruthy();
  const bars = [...container.querySelectorAll('rect')];
  expect(bars).toHaveLength(3);
  expect(width(bars[0])).toBe(400 - 64);
  expect(width(bars[1])).toBeCloseTo((400 - 64) * (6250.25 / 12500.5), 6);
  expect(width(bars[2])).toBe(0);
  expect(bars.every((bar) => bar.getAttribute('fill') === ENTRY_COLOR)).toBe(true);
  const titles = [...container.querySelectorAll('title')].map((t) => t.textContent);
  expect(titles).toEqual([
    '2111 Materiales, útiles y equipos menores de oficina: $12,500.50',
    '2161 Material de limpieza: $6,250.25',
    'Otras: $0.00',
  ]);
  expect(container.textContent).toContain('$12.5 k');
});

test("a name longer than the card is cut with an ellipsis; the card's width decides where", () => {
  const { container, rerender } = render(<TopProductsChart summary={summary} width={200} />);
  const names = () => [...container.querySelectorAll('text')].filter((t) => !t.textContent!.startsWith('$')).map((t) => t.textContent);
  expect(names()).toEqual(['Tóner para impresora láser…', 'Papel bond']);
  rerender(<TopProductsChart summary={summary} width={600} />);
  expect(names()).toEqual(['Tóner para impresora láser, cartucho de alto rendimiento', 'Papel bond']);
  expect(truncate('Cloro', 3)).toBe('Cl…');
  expect(truncate('Material de limpieza', 12)).toBe('Material de…');
});

test('monthly: entries and exits side by side per month on an axis from $0 to a round top, month names spaced to fit', () => {
  const { container, rerender } = render(<MonthlyChart summary={summary} width={600} />);
  expect(screen.getByRole('img', { name: 'Entradas y salidas por mes (últimos 12 meses)' })).toBeTruthy();
  const bars = [...container.querySelectorAll('rect')];
  expect(bars).toHaveLength(24);
  const november = bars.slice(20, 22);
  expect(november.map((b) => b.getAttribute('fill'))).toEqual([ENTRY_COLOR, EXIT_COLOR]);
  // The axis tops at 30,000 (4 steps of 7,500): 28,387 is 94.6 % of the 200 px plot.
  expect(height(november[0])).toBeCloseTo((28387 / 30000) * 200, 6);
  expect(height(november[1])).toBeCloseTo((2086.79 / 30000) * 200, 6);
  expect([...container.querySelectorAll('title')].map((t) => t.textContent)).toContain('nov 2026 · Salidas: $2,086.79');
  const axis = [...container.querySelectorAll('text')].map((t) => t.textContent);
  expect(axis.slice(0, 5)).toEqual(['$0', '$7.5 k', '$15 k', '$22.5 k', '$30 k']);
  // 12 names at 800 px; narrower, fewer, the current month always shown.
  const months = () => [...container.querySelectorAll('text')].map((t) => t.textContent).filter((t) => /^[a-z]{3} 26$/.test(t!));
  rerender(<MonthlyChart summary={summary} width={800} />);
  expect(months()).toHaveLength(12);
  rerender(<MonthlyChart summary={summary} width={320} />);
  expect(months().length).toBeLessThan(12);
  expect(months().at(-1)).toBe('dic 26');
});

test('monthly with nothing moved: the axis is only $0; with a few pesos its steps are whole pesos', () => {
  const still = { ...summary, monthly: summary.monthly.map((m) => ({ ...m, entries: '0.00', exits: '0.00' })) } as StockSummary;
  const { container, rerender } = render(<MonthlyChart summary={still} width={600} />);
  const axis = () => [...container.querySelectorAll('text')].map((t) => t.textContent).filter((t) => t!.startsWith('$'));
  expect(axis()).toEqual(['$0']);
  const few = { ...still, monthly: still.monthly.map((m, i) => (i === 3 ? { ...m, exits: '2.50' } : m)) } as StockSummary;
  rerender(<MonthlyChart summary={few} width={600} />);
  expect(axis()).toEqual(['$0', '$1', '$2', '$3', '$4']);
});

test('on a phone the month names are spaced by their width: at least two characters apart', () => {
  const { container } = render(<MonthlyChart summary={summary} width={340} />);
  const labels = [...container.querySelectorAll('text')].filter((t) => /^[a-z]{3,4}\.? 26$/.test(t.textContent!));
  expect(labels.length).toBeGreaterThan(2);
  const xs = labels.map((t) => Number(t.getAttribute('x')));
  const longest = Math.max(...labels.map((t) => t.textContent!.length));
  for (let i = 1; i < xs.length; i += 1) expect(xs[i]! - xs[i - 1]!).toBeGreaterThanOrEqual((longest + 2) * 6.6);
});

test('the top of the axis is the smallest round number at or above the largest amount', () => {
  expect([28387, 30000, 30000.01, 1, 0.7, 101, 7.5, 0].map(niceCeiling)).toEqual([30000, 30000, 40000, 1, 0.8, 120, 8, 1]);
});

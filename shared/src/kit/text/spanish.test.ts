// How the tables order what they show: prices and quantities as numbers, never as text.
import { compareValues } from './spanish';

const sorted = (values: unknown[]) => [...values].sort(compareValues);

test('decimal texts sort by value: 9.25 before 9.3, trailing zeros equal', () => {
  expect(sorted(['9.3', '10', '9.25', '0.000', '100.05'])).toEqual(['0.000', '9.25', '9.3', '10', '100.05']);
  expect(compareValues('2.50', '2.5')).toBe(0);
  expect(compareValues('1234.567891', '1234.5679')).toBeLessThan(0);
});

test('other text keeps Spanish collation (Ñandú after Nube, Producto 9 before Producto 10), empty values last', () => {
  expect(sorted(['Ñandú', 'Nube', 'Producto 10', 'Producto 9', '', 'café'])).toEqual([
    'café',
    'Nube',
    'Ñandú',
    'Producto 9',
    'Producto 10',
    '',
  ]);
  expect(sorted([3, 1, 2])).toEqual([1, 2, 3]);
});

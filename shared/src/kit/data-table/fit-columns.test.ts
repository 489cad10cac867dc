// How the columns share a container: Productos at 1280 px asked for 1050 px of
// content in a table that has 780; nothing may leave the screen, nothing may become unreadable.
import { fitColumnWidths, type ColumnWant } from './table-model';

const products: ColumnWant[] = [
  { id: 'id', width: 90, floor: 48, pinned: false },
  { id: 'name', width: 360, floor: 96, pinned: false },
  { id: 'unit', width: 220, floor: 96, pinned: false },
  { id: 'category', width: 380, floor: 96, pinned: false },
];
const total = (widths: Record<string, number>) => Object.values(widths).reduce((sum, width) => sum + width, 0);

test('columns wider than the room shrink in proportion and add up to exactly the room', () => {
  const widths = fitColumnWidths(products, 780);
  expect(total(widths)).toBe(780);
  for (const column of products) expect(Math.abs(widths[column.id] - (column.width * 780) / 1050)).toBeLessThan(1);
});

test('spare room is shared in proportion, so the table fills its container', () => {
  const widths = fitColumnWidths(products, 2100);
  expect(total(widths)).toBe(2100);
  expect(widths).toEqual({ id: 180, name: 720, unit: 440, category: 760 });
});

test('no column goes under its floor; the others share what is left', () => {
  const widths = fitColumnWidths(products, 400);
  expect(widths.id).toBe(48);
  expect(widths.unit).toBeGreaterThanOrEqual(96);
  expect(total(widths)).toBe(400);
});

test('when even the floors do not fit, the floors are kept (the table scrolls sideways)', () => {
  expect(fitColumnWidths(products, 200)).toEqual({ id: 48, name: 96, unit: 96, category: 96 });
});

test('a width the person dragged is kept; the other columns make room', () => {
  const dragged = products.map((column) => (column.id === 'name' ? { ...column, width: 500, pinned: true } : column));
  const widths = fitColumnWidths(dragged, 780);
  expect(widths.name).toBe(500);
  expect(total(widths)).toBe(780);
});

test('before the container is measured the widths stay as asked', () => {
  expect(fitColumnWidths(products, 0)).toEqual({ id: 90, name: 360, unit: 220, category: 380 });
});

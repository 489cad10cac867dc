// The selection column: a named checkbox per row; what is ticked stays ticked through search and
// paging; the column stays the same object while rows are ticked (the table's search index is
// built from the columns), and the owner can clear the selection.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo } from 'react';
import { renderWithPlatform } from '../../testing';
import { DataTable } from './data-table';
import { useRowSelection, type RowSelection } from './selection-column';
import type { DataTableColumn } from './types';

interface Item {
  id: number;
  name: string;
}

const items: Item[] = Array.from({ length: 15 }, (_, i) => ({ id: i + 1, name: `Producto ${i + 1}` }));
const rowId = (item: Item) => item.id;
const label = (item: Item) => `Elegir el producto ${item.id}`;
const seen: Array<RowSelection<Item>> = [];

function Table() {
  const selection = useRowSelection<Item>(rowId, label);
  seen.push(selection);
  const columns = useMemo<DataTableColumn<Item>[]>(
    () => [selection.column, { id: 'name', header: 'Nombre', value: (item) => item.name }],
    [selection.column],
  );
  return (
    <>
      <DataTable<Item> label="Productos" items={items} columns={columns} getRowId={rowId} />
      <p>Elegidos: {[...selection.selectedIds].join(', ')}</p>
      <button onClick={selection.clear}>Quitar selección</button>
    </>
  );
}

beforeEach(() => {
  jest.useFakeTimers();
  seen.length = 0;
});
afterEach(() => {
  act(() => jest.runOnlyPendingTimers());
  jest.useRealTimers();
});

test('ticked rows stay ticked through search and paging, the column never changes, and clear empties it', async () => {
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  renderWithPlatform(<Table />);
  expect(screen.getByRole('columnheader', { name: 'Elegir' })).toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: 'Elegir el producto 2' }));
  await user.click(screen.getByRole('checkbox', { name: 'Elegir el producto 9' }));
  expect(screen.getByText('Elegidos: 2, 9')).toBeInTheDocument();

  // Searching hides row 2; clearing the search shows it still ticked.
  await user.type(screen.getByRole('searchbox'), 'Producto 9');
  act(() => jest.advanceTimersByTime(500));
  expect(screen.queryByRole('checkbox', { name: 'Elegir el producto 2' })).not.toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Elegir el producto 9' })).toBeChecked();
  await user.clear(screen.getByRole('searchbox'));
  act(() => jest.advanceTimersByTime(500));
  expect(screen.getByRole('checkbox', { name: 'Elegir el producto 2' })).toBeChecked();

  // The next page: row 12 ticked there, and row 2 still ticked on coming back.
  await user.click(screen.getByRole('button', { name: /siguiente/i }));
  await user.click(screen.getByRole('checkbox', { name: 'Elegir el producto 12' }));
  await user.click(screen.getByRole('button', { name: /anterior/i }));
  expect(screen.getByRole('checkbox', { name: 'Elegir el producto 2' })).toBeChecked();
  expect(screen.getByText('Elegidos: 2, 9, 12')).toBeInTheDocument();

  // Unticking and clearing.
  await user.click(screen.getByRole('checkbox', { name: 'Elegir el producto 9' }));
  expect(screen.getByText('Elegidos: 2, 12')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Quitar selección' }));
  expect(screen.getByRole('checkbox', { name: 'Elegir el producto 2' })).not.toBeChecked();
  expect(screen.getByText('Elegidos:')).toBeInTheDocument();

  expect(new Set(seen.map((selection) => selection.column)).size).toBe(1);
});

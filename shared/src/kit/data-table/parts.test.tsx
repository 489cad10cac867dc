// The DataTable's parts on their own: the state hook (filter, sort, page, switches), the toolbar and
// the pagination. data-table.test.tsx tests them composed.
import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPlatform } from '../../testing';
import { TablePagination } from './table-pagination';
import { TableToolbar } from './table-toolbar';
import type { DataTableColumn } from './types';
import { useTableState } from './use-table-state';

interface Item {
  id: number;
  name: string;
}
const columns: DataTableColumn<Item>[] = [
  { id: 'id', header: 'ID', value: (item) => item.id },
  { id: 'name', header: 'Nombre', value: (item) => item.name },
];
const items: Item[] = ['Tóner negro', 'Papel bond', 'Tóner cian', 'Grapas'].map((name, i) => ({ id: i + 1, name }));

describe('useTableState', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('searches without accents after the wait, back on the first page', () => {
    const { result } = renderHook(() => useTableState(items, columns, { defaultPageSize: 5 }));
    expect(result.current.page.total).toBe(4);
    act(() => result.current.setSearch('toner'));
    expect(result.current.page.total).toBe(4);
    act(() => jest.advanceTimersByTime(250));
    expect(result.current.page.rows.map((item) => item.name)).toEqual(['Tóner negro', 'Tóner cian']);
    act(() => result.current.setSearch('lápiz'));
    act(() => jest.advanceTimersByTime(250));
    expect(result.current.nothingMatches).toBe(true);
  });

  it('sorts a column ascending then descending, and hiding the search clears it', () => {
    const { result } = renderHook(() => useTableState(items, columns));
    act(() => result.current.toggleSort('name'));
    expect(result.current.page.rows.map((item) => item.id)).toEqual([4, 2, 3, 1]);
    act(() => result.current.toggleSort('name'));
    expect(result.current.page.rows.map((item) => item.id)).toEqual([1, 3, 2, 4]);
    act(() => result.current.setSearch('grapas'));
    act(() => result.current.toggleSearch());
    expect(result.current.search).toBe('');
    expect(result.current.searchShown).toBe(false);
  });

  it('pages, and a new page size starts again at the first page', () => {
    const many = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: `Producto ${i + 1}` }));
    const { result } = renderHook(() => useTableState(many, columns, { defaultPageSize: 10 }));
    act(() => result.current.setPageIndex(2));
    expect(result.current.page).toMatchObject({ from: 21, to: 23, pageIndex: 2, pageCount: 3 });
    act(() => result.current.setPageSize(5));
    expect(result.current.page).toMatchObject({ from: 1, to: 5, pageIndex: 0, pageCount: 5 });
  });
});

test('TablePagination: the range, the page size and previous/next only', async () => {
  const user = userEvent.setup();
  const onPage = jest.fn();
  const onPageSize = jest.fn();
  renderWithPlatform(
    <TablePagination
      total={1234}
      from={11}
      to={20}
      pageIndex={1}
      pageCount={124}
      pageSize={10}
      mobile={false}
      onPage={onPage}
      onPageSize={onPageSize}
    />,
  );
  expect(screen.getByText('11–20 de 1,234')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
  await user.click(screen.getByRole('button', { name: 'Página anterior' }));
  expect(onPage.mock.calls).toEqual([[2], [0]]);
  await user.selectOptions(screen.getByLabelText('Filas por página'), '50');
  expect(onPageSize).toHaveBeenCalledWith(50);
  expect(screen.queryByRole('button', { name: /primera|última/i })).not.toBeInTheDocument();
});

test('TableToolbar: the search box, the screen’s own buttons and the switches', async () => {
  const user = userEvent.setup();
  const state = {
    search: '',
    setSearch: jest.fn(),
    searchShown: true,
    toggleSearch: jest.fn(),
    filtersShown: false,
    toggleFilters: jest.fn(),
    density: 'xs' as const,
    setDensity: jest.fn(),
  };
  renderWithPlatform(
    <TableToolbar label="Productos" searchPlaceholder="Buscar un producto" breakpoint="desktop" state={state}>
      <button type="button">Añadir producto</button>
    </TableToolbar>,
  );
  await user.type(screen.getByPlaceholderText('Buscar un producto'), 't');
  expect(state.setSearch).toHaveBeenCalledWith('t');
  expect(screen.getByRole('button', { name: 'Añadir producto' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Mostrar filtros' }));
  expect(state.toggleFilters).toHaveBeenCalledTimes(1);
  await user.click(screen.getByRole('button', { name: 'Ocultar búsqueda' }));
  expect(state.toggleSearch).toHaveBeenCalledTimes(1);
});

import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo } from 'react';
import { renderWithPlatform } from '../../testing';
import { DataTable } from './data-table';
import { RowActionsMenu, editDeleteActions } from './row-actions-menu';
import type { DataTableColumn, DataTableProps } from './types';

interface Item {
  id: number;
  name: string;
  unit?: string;
}

const columns: DataTableColumn<Item>[] = [
  { id: 'id', header: 'ID', value: (item) => item.id, width: 80 },
  { id: 'name', header: 'Nombre', value: (item) => item.name },
  { id: 'unit', header: 'Unidad', value: (item) => item.unit },
];

const many = (count: number): Item[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Producto ${i + 1}`, unit: i % 2 ? 'Pieza' : 'Caja' }));

function Table(props: Partial<DataTableProps<Item>> & { items: Item[] | undefined }) {
  const stableColumns = useMemo(() => props.columns ?? columns, [props.columns]);
  return <DataTable<Item> label="Productos" getRowId={(item) => item.id} {...props} columns={stableColumns} />;
}

const bodyRows = () => {
  const [, body] = within(screen.getByRole('table', { name: 'Productos' })).getAllByRole('rowgroup');
  return within(body).getAllByRole('row');
};
const names = () => bodyRows().map((row) => within(row).getAllByRole('cell')[1].textContent);

function setup() {
  return userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => jest.runOnlyPendingTimers());
  jest.useRealTimers();
});

describe('DataTable', () => {
  it('offers the page sizes 5 to 100, shows 10 rows by default and has no first/last page buttons', async () => {
    const user = setup();
    renderWithPlatform(<Table items={many(57)} />);
    const pageSize = screen.getByRole('combobox', { name: 'Filas por página' });
    expect(
      within(pageSize)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5', '10', '15', '20', '25', '30', '50', '100']);
    expect(pageSize).toHaveValue('10');
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('1–10 de 57')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(screen.getByText('11–20 de 57')).toBeInTheDocument();
    expect(names()[0]).toBe('Producto 11');
    expect(screen.queryByRole('button', { name: /primera|última|first|last/i })).not.toBeInTheDocument();

    await user.selectOptions(pageSize, '25');
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByText('1–25 de 57')).toBeInTheDocument();
  });

  it('starts compact and switches density between xs, md and xl', async () => {
    const user = setup();
    renderWithPlatform(<Table items={many(3)} />);
    const table = screen.getByRole('table', { name: 'Productos' });
    expect(table).toHaveAttribute('data-density', 'xs');
    await user.click(screen.getByRole('button', { name: 'Densidad' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Amplia' }));
    expect(table).toHaveAttribute('data-density', 'xl');
    await user.click(screen.getByRole('button', { name: 'Densidad' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Media' }));
    expect(table).toHaveAttribute('data-density', 'md');
  });

  it('shows the search first and applies it 250 ms after the last keystroke, without case or accents', async () => {
    const user = setup();
    const items = [...many(12), { id: 99, name: 'Café soluble' }];
    renderWithPlatform(<Table items={items} searchPlaceholder="Buscar un producto" />);
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    expect(search).toHaveAttribute('placeholder', 'Buscar un producto');

    await user.type(search, 'CAFE');
    act(() => jest.advanceTimersByTime(249));
    expect(bodyRows()).toHaveLength(10);
    act(() => jest.advanceTimersByTime(1));
    expect(names()).toEqual(['Café soluble']);
  });

  it('finds a row by what a cell shows (its text) as well as by its value, in the search and the column filter', async () => {
    const user = setup();
    interface Dated {
      id: number;
      name: string;
      date: string;
    }
    const dated: DataTableColumn<Dated>[] = [
      { id: 'id', header: 'ID', value: (item) => item.id },
      { id: 'name', header: 'Nombre', value: (item) => item.name },
      { id: 'date', header: 'Fecha', value: (item) => item.date, text: (item) => item.date.split('-').reverse().join('/') },
    ];
    const items: Dated[] = [
      { id: 1, name: 'Uno', date: '2026-11-23' },
      { id: 2, name: 'Dos', date: '2026-01-05' },
    ];
    renderWithPlatform(<DataTable<Dated> label="Productos" items={items} columns={dated} getRowId={(item) => item.id} />);
    // the cell shows the text, not the value
    expect(within(bodyRows()[0]).getAllByRole('cell')[2]).toHaveTextContent(/^23\/11\/2026$/);
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    for (const typed of ['23/11/2026', '23/11', '2026-11-23']) {
      await user.clear(search);
      await user.type(search, typed);
      act(() => jest.advanceTimersByTime(250));
      expect(names()).toEqual(['Uno']);
    }
    // a word cannot be made of the end of one and the start of the other ("2026-11-23" + "23/11/2026")
    await user.clear(search);
    await user.type(search, '2323');
    act(() => jest.advanceTimersByTime(250));
    expect(screen.queryAllByRole('cell', { name: 'Uno' })).toHaveLength(0);

    await user.clear(search);
    await user.click(screen.getByRole('button', { name: 'Mostrar filtros' }));
    await user.type(screen.getByRole('textbox', { name: 'Filtrar por Fecha' }), '05/01');
    act(() => jest.advanceTimersByTime(500));
    expect(names()).toEqual(['Dos']);
  });

  it('hides column filters until asked, then filters a column 200 ms after typing', async () => {
    const user = setup();
    renderWithPlatform(<Table items={many(6)} />);
    expect(screen.queryByRole('textbox', { name: 'Filtrar por Unidad' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mostrar filtros' }));
    await user.type(screen.getByRole('textbox', { name: 'Filtrar por Unidad' }), 'pieza');
    act(() => jest.advanceTimersByTime(199));
    expect(bodyRows()).toHaveLength(6);
    act(() => jest.advanceTimersByTime(1));
    expect(names()).toEqual(['Producto 2', 'Producto 4', 'Producto 6']);

    // Hiding the filters removes them.
    await user.click(screen.getByRole('button', { name: 'Ocultar filtros' }));
    act(() => jest.advanceTimersByTime(200));
    expect(bodyRows()).toHaveLength(6);
  });

  it('uses a custom filter component when a column gives one', async () => {
    const user = setup();
    const unitColumns: DataTableColumn<Item>[] = [
      columns[0],
      columns[1],
      {
        ...columns[2],
        filter: {
          render: ({ value, onChange, label }) => (
            <select aria-label={label} value={String(value ?? '')} onChange={(event) => onChange(event.target.value || undefined)}>
              <option value="">Todas</option>
              <option value="Caja">Caja</option>
            </select>
          ),
          match: (item, value) => item.unit === value,
        },
      },
    ];
    renderWithPlatform(<Table items={many(4)} columns={unitColumns} />);
    await user.click(screen.getByRole('button', { name: 'Mostrar filtros' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filtrar por Unidad' }), 'Caja');
    act(() => jest.advanceTimersByTime(200));
    expect(names()).toEqual(['Producto 1', 'Producto 3']);
  });

  it('shows min(page size, 20) skeleton rows while loading', async () => {
    const user = setup();
    renderWithPlatform(<Table items={undefined} loading />);
    expect(screen.getAllByTestId('data-table-skeleton-row')).toHaveLength(10);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filas por página' }), '5');
    expect(screen.getAllByTestId('data-table-skeleton-row')).toHaveLength(5);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filas por página' }), '50');
    expect(screen.getAllByTestId('data-table-skeleton-row')).toHaveLength(20);
  });

  it('shows a progress bar while saving', () => {
    const { rerender } = renderWithPlatform(<Table items={many(2)} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    rerender(<Table items={many(2)} saving />);
    expect(screen.getByRole('progressbar', { name: 'Guardando…' })).toBeInTheDocument();
  });

  it('expands a row to show its detail and collapses it again', async () => {
    const user = setup();
    renderWithPlatform(<Table items={many(2)} renderDetail={(item) => <p>Detalle de {item.name}</p>} />);
    expect(screen.queryByText('Detalle de Producto 1')).not.toBeInTheDocument();
    const [first] = screen.getAllByRole('button', { name: 'Expandir fila' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    await user.click(first);
    expect(screen.getByText('Detalle de Producto 1')).toBeInTheDocument();
    expect(screen.queryByText('Detalle de Producto 2')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Contraer fila' }));
    expect(screen.queryByText('Detalle de Producto 1')).not.toBeInTheDocument();
  });

  it('sorts with Spanish collation, numbers inside text numerically, and toggles the direction', async () => {
    const user = setup();
    const words = ['Zanahoria', 'árbol', 'Ñandú', 'nube', 'Producto 10', 'Producto 9', 'Oso'];
    renderWithPlatform(<Table items={words.map((name, i) => ({ id: i + 1, name }))} />);
    await user.click(screen.getByRole('button', { name: 'Nombre' }));
    expect(names()).toEqual(['árbol', 'nube', 'Ñandú', 'Oso', 'Producto 9', 'Producto 10', 'Zanahoria']);
    expect(screen.getByRole('columnheader', { name: 'Nombre' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Nombre' }));
    expect(names()).toEqual(['Zanahoria', 'Producto 10', 'Producto 9', 'Oso', 'Ñandú', 'nube', 'árbol']);
  });

  it('puts the actions column last and gives each row its menu', async () => {
    const user = setup();
    const edited: number[] = [];
    renderWithPlatform(
      <Table
        items={many(2)}
        rowActions={(item) => (
          <RowActionsMenu
            actions={editDeleteActions({
              editLabel: 'Editar producto',
              deleteLabel: 'Eliminar producto',
              onEdit: () => edited.push(item.id),
              onDelete: () => undefined,
            })}
          />
        )}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['ID', 'Nombre', 'Unidad', 'Acciones']);
    await user.click(within(bodyRows()[1]).getByRole('button', { name: 'Acciones' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Editar producto' }));
    expect(edited).toEqual([2]);
  });

  it('renders only the visible rows of a long page', async () => {
    const user = setup();
    renderWithPlatform(<Table items={many(300)} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filas por página' }), '100');
    expect(screen.getByText('1–100 de 300')).toBeInTheDocument();
    const rendered = bodyRows().filter((row) => row.getAttribute('aria-hidden') !== 'true');
    expect(rendered.length).toBeGreaterThan(10);
    expect(rendered.length).toBeLessThan(100);
    expect(names()[0]).toBe('Producto 1');
  });

  it('says so when nothing matches and when there is nothing at all', async () => {
    const user = setup();
    const { rerender } = renderWithPlatform(<Table items={[]} emptyMessage="No hay productos registrados." />);
    expect(screen.getByText('No hay productos registrados.')).toBeInTheDocument();
    rerender(<Table items={many(3)} />);
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'zzz');
    act(() => jest.advanceTimersByTime(250));
    expect(screen.getByText('No hay registros que coincidan con la búsqueda.')).toBeInTheDocument();
    expect(screen.getByText('0–0 de 0')).toBeInTheDocument();
  });

  it('tells a loading failure once as a notification and offers a retry in place', async () => {
    const user = setup();
    const retried: boolean[] = [];
    const text = 'Algo salió mal mientras tratábamos de obtener los productos.';
    // The failure arrives after the first render, as a failed fetch does.
    const { rerender } = renderWithPlatform(<Table items={undefined} loading />);
    rerender(<Table items={undefined} error={{ text, onRetry: () => retried.push(true) }} />);
    expect(await screen.findByText('¡Oh no!')).toBeInTheDocument();
    expect(screen.getAllByText(text)).toHaveLength(1);
    expect(screen.getByRole('table')).toHaveTextContent('No fue posible cargar los datos.');
    // A re-render with the same failure does not notify again.
    rerender(<Table items={undefined} error={{ text, onRetry: () => retried.push(true) }} />);
    expect(screen.getAllByText('¡Oh no!')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(retried).toEqual([true]);
  });

  it('a refresh that fails with rows on screen keeps the rows and says they may be out of date, without a toast', async () => {
    const user = setup();
    const retried: boolean[] = [];
    const text = 'Algo salió mal mientras tratábamos de obtener los productos.';
    const { rerender } = renderWithPlatform(<Table items={many(3)} />);
    rerender(<Table items={many(3)} error={{ text, onRetry: () => retried.push(true) }} />);
    expect(await screen.findByText('No fue posible actualizar los datos; se muestran los últimos que se recibieron.')).toBeInTheDocument();
    expect(names()).toEqual(['Producto 1', 'Producto 2', 'Producto 3']);
    expect(screen.queryByText('¡Oh no!')).not.toBeInTheDocument();
    expect(screen.getByRole('table')).not.toHaveTextContent('No fue posible cargar los datos.');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(retried).toEqual([true]);
    // The refresh that works takes the notice away.
    rerender(<Table items={many(4)} />);
    expect(screen.queryByText(/No fue posible actualizar/)).not.toBeInTheDocument();
    expect(names()).toHaveLength(4);
  });

  it('plain: every row in the order given, without toolbar, pagination or sorting; the current row marked', () => {
    const items = [...many(57)].reverse();
    renderWithPlatform(<Table items={items} plain currentRowId={40} />);
    expect(bodyRows()).toHaveLength(57);
    expect(names().slice(0, 2)).toEqual(['Producto 57', 'Producto 56']);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Filas por página' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Página siguiente' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nombre' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Nombre' })).toBeInTheDocument();
    const current = bodyRows().filter((row) => row.getAttribute('aria-current') === 'true');
    expect(current.map((row) => within(row).getAllByRole('cell')[1].textContent)).toEqual(['Producto 40']);
  });

  it('a table wider than its frame says so and is in a named group a keyboard can reach; one that fits neither', () => {
    const width = jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(200);
    const { unmount } = renderWithPlatform(<Table items={many(3)} plain />);
    expect(screen.getByRole('group', { name: 'Productos' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByText('Desliza la tabla hacia los lados para ver todas sus columnas.')).toBeInTheDocument();
    unmount();
    width.mockReturnValue(2000);
    renderWithPlatform(<Table items={many(3)} plain />);
    expect(screen.queryByRole('group', { name: 'Productos' })).not.toBeInTheDocument();
    expect(screen.queryByText('Desliza la tabla hacia los lados para ver todas sus columnas.')).not.toBeInTheDocument();
    width.mockRestore();
  });
});

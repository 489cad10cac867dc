import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import useSWR from 'swr';
import { ApiError, WarehouseProvider } from '@almacen/shared';
import { renderWithPlatform, testMe, type FakeApiRequest } from '@almacen/shared/testing';
import { fakeCatalogServer } from '../../../testing/fake-catalog-server';
import { cellTexts, confirmDelete, dialogClosed, openDialog, rowAction, rowsOf } from '../../../testing/screen-helpers';
import { ProductsPage } from './products-page';

jest.setTimeout(60_000);

const seed = () =>
  fakeCatalogServer({
    categories: [
      { id: 1, description: '2111 - Materiales, útiles y equipos menores de oficina' },
      { id: 2, description: '2161 - Material de limpieza' },
    ],
    units: [
      { id: 1, description: 'Pieza' },
      { id: 2, description: 'Caja' },
    ],
    products: [
      { id: 1, name: 'Lápiz', categoryId: 1, unitId: 1, minimumStock: '5', maximumStock: '20', barcode: '7501055300075' },
      { id: 2, name: 'Cloro', categoryId: null, unitId: null },
    ],
  });

/** Plays another remote (mf-stock) that has the stock of product 1 on screen. */
function StockProbe() {
  const { data } = useSWR<{ availableQuantity: string }>('/api/stock/1');
  return <p>Existencia: {data?.availableQuantity ?? '…'}</p>;
}

describe('Productos', () => {
  it('lists products with their unit badge and partida, or says they have none', async () => {
    const server = seed();
    renderWithPlatform(<ProductsPage />, { api: server.handle });
    await screen.findByText('Lápiz');
    expect(screen.getByRole('heading', { name: 'Productos' })).toBeInTheDocument();
    expect(document.title).toBe('Productos · Almacén');
    // The first column ticks rows for «Imprimir etiquetas».
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Elegir',
      'ID',
      'Nombre',
      'Unidad',
      'Partida',
      'Código de barras',
      'Acciones',
    ]);
    expect(cellTexts(rowsOf('Productos')[0]).slice(1, 5)).toEqual([
      '1',
      'Lápiz',
      'Pieza',
      '2111 - Materiales, útiles y equipos menores de oficina',
    ]);
    expect(cellTexts(rowsOf('Productos')[1]).slice(1, 5)).toEqual(['2', 'Cloro', 'Sin unidad de medida asignada', 'Sin partida asignada']);
    expect(screen.getByRole('searchbox')).toHaveAttribute('placeholder', 'Buscar un producto');
  });

  it('creates a product by name, closes the modal and refreshes the lists, stock views included', async () => {
    const user = userEvent.setup();
    const server = seed();
    const { calls } = renderWithPlatform(
      <>
        <ProductsPage />
        <StockProbe />
      </>,
      { api: (request: FakeApiRequest) => (request.path === '/api/stock/1' ? { availableQuantity: '5' } : server.handle(request)) },
    );
    await screen.findByText('Lápiz');
    await screen.findByText('Existencia: 5');
    const stockReads = () => calls.filter((call) => call.path === '/api/stock/1').length;
    const before = stockReads();

    await user.click(screen.getByRole('button', { name: 'Añadir producto' }));
    const dialog = await openDialog('Nuevo producto');
    // The name is required; partida, unit, stock levels and the code are offered, optional.
    expect(
      within(dialog)
        .getAllByRole('textbox')
        .map((box) => box.getAttribute('name')),
    ).toEqual(['name', 'minimumStock', 'maximumStock', 'barcode']);
    expect(
      within(dialog)
        .getAllByRole('combobox')
        .map((box) => box.getAttribute('name')),
    ).toEqual(['categoryId', 'unitId']);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('El nombre del producto es un campo requerido.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre del producto' }), '  Goma de borrar ');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await dialogClosed();

    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/catalog/products', body: { name: 'Goma de borrar' } }),
    ]);
    expect(await screen.findByText('Goma de borrar')).toBeInTheDocument();
    await waitFor(() => expect(stockReads()).toBeGreaterThan(before));

    // Opened again, the form is empty.
    await user.click(await screen.findByRole('button', { name: 'Añadir producto' }));
    const again = await openDialog('Nuevo producto');
    expect(within(again).getByRole('textbox', { name: 'Nombre del producto' })).toHaveValue('');
  });

  it('creates a product with partida, unit and stock levels in one trip', async () => {
    const user = userEvent.setup();
    const server = seed();
    const { calls } = renderWithPlatform(<ProductsPage />, { api: server.handle });
    await screen.findByText('Lápiz');
    await user.click(screen.getByRole('button', { name: 'Añadir producto' }));
    const dialog = await openDialog('Nuevo producto');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre del producto' }), 'Jabón líquido');
    await user.type(within(dialog).getByRole('combobox', { name: 'Partida' }), 'limpieza');
    await user.click(await screen.findByRole('option', { name: '2161 - Material de limpieza' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Unidad de medida' }), 'caj');
    await user.click(await screen.findByRole('option', { name: 'Caja' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Existencia mínima' }), '4');
    await user.type(within(dialog).getByRole('textbox', { name: 'Existencia máxima' }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('La existencia máxima debe ser mayor o igual a la existencia mínima.')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Existencia máxima' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Existencia máxima' }), '12');
    // A mistyped GTIN is caught before anything is sent: its check digit names the right one.
    const code = within(dialog).getByRole('textbox', { name: 'Código de barras' });
    await user.type(code, '7501055300076');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(
      within(dialog).getByText('El dígito verificador no corresponde: con esos dígitos, el código debe terminar en 5.'),
    ).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '7501055300075');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await dialogClosed();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { name: 'Jabón líquido', categoryId: 2, unitId: 2, minimumStock: '4', maximumStock: '12', barcode: '7501055300075' },
    ]);
    await screen.findByText('Jabón líquido');
    const row = rowsOf('Productos').find((r) => cellTexts(r)[2] === 'Jabón líquido')!;
    expect(cellTexts(row).slice(2, 5)).toEqual(['Jabón líquido', 'Caja', '2161 - Material de limpieza']);
  });

  it('edits a product: id disabled, searchable partida and unit selects that say "Sin coincidencias"', async () => {
    const user = userEvent.setup();
    const server = seed();
    const { calls } = renderWithPlatform(<ProductsPage />, { api: server.handle });
    await screen.findByText('Cloro');
    await rowAction(user, 'Acciones del producto 2', 'Editar producto');
    const dialog = await openDialog('Editar producto');
    const id = within(dialog).getByRole('textbox', { name: 'ID' });
    expect(id).toHaveValue('2');
    expect(id).toBeDisabled();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/catalog/products/2')).toBe(true));

    const name = within(dialog).getByRole('textbox', { name: 'Nombre del producto' });
    await user.clear(name);
    expect(within(dialog).getByText('El nombre del producto es un campo requerido.')).toBeInTheDocument();
    await user.type(name, 'Cloro líquido');

    const partida = within(dialog).getByRole('combobox', { name: 'Partida' });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/catalog/product-categories')).toBe(true));
    await user.type(partida, 'zzz');
    expect(await screen.findByRole('option', { name: 'Sin coincidencias' })).toBeInTheDocument();
    await user.clear(partida);
    await user.type(partida, 'limpieza');
    await user.click(await screen.findByRole('option', { name: '2161 - Material de limpieza' }));

    const unit = within(dialog).getByRole('combobox', { name: 'Unidad de medida' });
    await user.type(unit, 'caj');
    await user.click(await screen.findByRole('option', { name: 'Caja' }));

    await user.type(within(dialog).getByRole('textbox', { name: 'Código de barras' }), ' 96385074 ');

    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await dialogClosed();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      expect.objectContaining({
        path: '/api/catalog/products',
        body: { id: 2, name: 'Cloro líquido', categoryId: 2, unitId: 2, minimumStock: null, maximumStock: null, barcode: '96385074' },
      }),
    ]);
    expect(await screen.findByText('Cloro líquido')).toBeInTheDocument();
    expect(cellTexts(rowsOf('Productos')[1]).slice(1, 5)).toEqual(['2', 'Cloro líquido', 'Caja', '2161 - Material de limpieza']);
  });

  it('sends null for an emptied partida and unit', async () => {
    const user = userEvent.setup();
    const server = seed();
    const { calls } = renderWithPlatform(<ProductsPage />, { api: server.handle });
    await screen.findByText('Lápiz');
    await rowAction(user, 'Acciones del producto 1', 'Editar producto');
    const dialog = await openDialog('Editar producto');
    const partida = within(dialog).getByRole('combobox', { name: 'Partida' });
    await waitFor(() => expect(partida).toHaveValue('2111 - Materiales, útiles y equipos menores de oficina'));
    // Erasing the text of an optional select empties it.
    await user.clear(partida);
    await user.tab();
    expect(partida).toHaveValue('');
    const unit = within(dialog).getByRole('combobox', { name: 'Unidad de medida' });
    await user.clear(unit);
    await user.tab();
    expect(unit).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await dialogClosed();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { id: 1, name: 'Lápiz', categoryId: null, unitId: null, minimumStock: '5', maximumStock: '20', barcode: '7501055300075' },
    ]);
  });

  it('edits "Existencia mínima" and "Existencia máxima": shows the stored ones, refuses a maximum under the minimum in Spanish, clears them as null', async () => {
    const user = userEvent.setup();
    const server = seed();
    const { calls } = renderWithPlatform(<ProductsPage />, { api: server.handle });
    await screen.findByText('Lápiz');
    await rowAction(user, 'Acciones del producto 1', 'Editar producto');
    const dialog = await openDialog('Editar producto');
    const minimum = within(dialog).getByRole('textbox', { name: 'Existencia mínima' });
    const maximum = within(dialog).getByRole('textbox', { name: 'Existencia máxima' });
    expect(minimum).toHaveValue('5');
    expect(maximum).toHaveValue('20');
    await user.clear(maximum);
    await user.type(maximum, '4.5');
    // A 4th decimal or a minus sign is not accepted as typed.
    await user.type(minimum, '-.1234');
    expect(minimum).toHaveValue('5.123');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('La existencia máxima debe ser mayor o igual a la existencia mínima.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.clear(minimum);
    await user.clear(maximum);
    await user.type(maximum, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await dialogClosed();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { id: 1, name: 'Lápiz', categoryId: 1, unitId: 1, minimumStock: null, maximumStock: '30', barcode: '7501055300075' },
    ]);
  });

  it('shows each code, finds a product by it, and «Generar código interno» gives one to a product without', async () => {
    const user = userEvent.setup();
    const server = seed();
    const { calls } = renderWithPlatform(<ProductsPage />, { api: server.handle });
    await screen.findByText('7501055300075');
    await user.type(screen.getByRole('searchbox'), '7501055300075');
    await waitFor(() => expect(rowsOf('Productos').map((row) => cellTexts(row)[2])).toEqual(['Lápiz']));
    await user.clear(screen.getByRole('searchbox'));
    await waitFor(() => expect(rowsOf('Productos')).toHaveLength(2));
    // A product with a code is not offered another.
    await user.click(await screen.findByRole('button', { name: 'Acciones del producto 1' }));
    expect(screen.queryByRole('menuitem', { name: 'Generar código interno' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await rowAction(user, 'Acciones del producto 2', 'Generar código interno');
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/catalog/products/2/internal-barcode']),
    );
    expect(await screen.findByText('ALM000002')).toBeInTheDocument();
  });

  it('deletes a product after a confirmation that names it', async () => {
    const user = userEvent.setup();
    const server = seed();
    const { calls } = renderWithPlatform(<ProductsPage />, { api: server.handle });
    await screen.findByText('Cloro');
    await rowAction(user, 'Acciones del producto 2', 'Eliminar producto');
    await confirmDelete(user, 'Estas a punto de eliminar el producto no. 2 «Cloro»');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/catalog/products/2']);
    await waitFor(() => expect(screen.queryByText('Cloro')).not.toBeInTheDocument());
  });

  it('does nothing when the deletion is cancelled', async () => {
    const user = userEvent.setup();
    const server = seed();
    const { calls } = renderWithPlatform(<ProductsPage />, { api: server.handle });
    await screen.findByText('Cloro');
    await rowAction(user, 'Acciones del producto 2', 'Eliminar producto');
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'No, cancelar' }));
    await dialogClosed();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(screen.getByText('Cloro')).toBeInTheDocument();
  });

  it('shows the "¡Oh no!" notification with the server message when an action fails', async () => {
    const user = userEvent.setup();
    const server = seed();
    server.failNext('DELETE', /^\/api\/catalog\/products\/1$/, 409, 'El producto tiene movimientos y no puede eliminarse.');
    renderWithPlatform(<ProductsPage />, { api: server.handle });
    await screen.findByText('Lápiz');
    await rowAction(user, 'Acciones del producto 1', 'Eliminar producto');
    await confirmDelete(user, 'Estas a punto de eliminar el producto no. 1 «Lápiz»');
    expect(await screen.findByText('¡Oh no!')).toBeInTheDocument();
    expect(
      screen.getByText('Algo salió mal mientras tratábamos de eliminar el producto. El producto tiene movimientos y no puede eliminarse.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Lápiz')).toBeInTheDocument();
  });

  it('says so in place when the products cannot be loaded', async () => {
    renderWithPlatform(<ProductsPage />, {
      api: () => {
        throw new ApiError(500, 'Ocurrió un error interno. Inténtalo de nuevo más tarde.');
      },
    });
    expect(await screen.findByText('Algo salió mal mientras tratábamos de obtener los productos.')).toBeInTheDocument();
    expect(screen.getByText('¡Oh no!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});

describe('Productos with several warehouses', () => {
  const warehouses = [
    { id: 1, code: 'CENTRAL', name: 'Almacén central', active: true, permissions: testMe().permissions },
    { id: 2, code: 'P012', name: 'Plantel 12', active: true, permissions: testMe().permissions },
  ];
  const renderAt = (code: string) =>
    renderWithPlatform(
      <WarehouseProvider>
        <ProductsPage />
      </WarehouseProvider>,
      { api: seed().handle, route: `/?almacen=${code}`, me: { ...testMe(), warehouses } },
    );

  it('reads the products and edits the stock levels of the current warehouse, named beside the levels', async () => {
    const user = userEvent.setup();
    const { calls } = renderAt('P012');
    await screen.findByText('Lápiz');
    expect(calls.filter((call) => call.method === 'GET').map((call) => call.path)).toContain('/api/catalog/products?warehouseId=2');
    await rowAction(user, 'Acciones del producto 1', 'Editar producto');
    const dialog = await openDialog('Editar producto');
    const minimum = within(dialog).getByRole('textbox', { name: 'Existencia mínima en P012' });
    expect(within(dialog).getByRole('textbox', { name: 'Existencia máxima en P012' })).toHaveValue('20');
    // The form starts from the product as the server has it in this warehouse.
    expect(calls.map((call) => call.path)).toContain('/api/catalog/products/1?warehouseId=2');
    await user.clear(minimum);
    await user.type(minimum, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await dialogClosed();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { id: 1, name: 'Lápiz', categoryId: 1, unitId: 1, minimumStock: '3', maximumStock: '20', barcode: '7501055300075', warehouseId: 2 },
    ]);
  });

  it('«Nuevo producto» sets the levels of the current warehouse too', async () => {
    const user = userEvent.setup();
    const { calls } = renderAt('CENTRAL');
    await screen.findByText('Lápiz');
    await user.click(screen.getByRole('button', { name: 'Añadir producto' }));
    const dialog = await openDialog('Nuevo producto');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre del producto' }), 'Jabón líquido');
    await user.type(within(dialog).getByRole('textbox', { name: 'Existencia mínima en CENTRAL' }), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await dialogClosed();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      expect.objectContaining({ name: 'Jabón líquido', minimumStock: '4', warehouseId: 1 }),
    ]);
  });
});

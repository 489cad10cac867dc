// «Todos los almacenes» on «Stock de productos»: with several warehouses the switch shows today's
// stock of all of them (GET /api/stock?warehouseId=all) and "Reporte de existencias" downloads the
// consolidated report, as PDF or XLSX; with one warehouse there is no switch and the page asks
// what it always asked.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WarehouseProvider } from '@almacen/shared';
import { todayIn, type Me } from '@almacen/shared/domain';
import { Route, Routes } from '@almacen/shared/router';
import { captureDownloads, renderWithPlatform, testConfig, testMe, type FakeApiRequest } from '@almacen/shared/testing';
import StockApp from '../../../app';

jest.setTimeout(60_000);
const captured = captureDownloads();

const CENTRAL = { id: 1, code: 'CENTRAL', name: 'Almacén central', active: true, permissions: testMe().permissions };
const NORTE = { id: 2, code: 'P012', name: 'Plantel Norte', active: true, permissions: testMe().permissions };
// Its minimum (20) is the current warehouse's: the warehouse's 6 are under it; the institution's 15 are no measure of it.
const products = [{ id: 12, name: 'Tóner', unit: null, category: null, minimumStock: '20', maximumStock: null }];
const today = () => todayIn(testConfig.timeZone);

function renderStock(warehouses: Me['warehouses'], route = '/dashboard/stock') {
  const downloads: FakeApiRequest[] = [];
  const view = renderWithPlatform(
    <WarehouseProvider>
      <Routes>
        <Route path="/dashboard/stock/*" element={<StockApp />} />
      </Routes>
    </WarehouseProvider>,
    {
      route,
      me: { ...testMe(), warehouses },
      api: (request: FakeApiRequest) => {
        if (request.download) {
          downloads.push(request);
          return { blob: new Blob(['%PDF-1.7']), fileName: 'stock' };
        }
        // The products come with the current warehouse's levels (`?warehouseId=`).
        if (request.path.split('?')[0] === '/api/catalog/products') return products;
        if (request.path === '/api/catalog/product-units' || request.path === '/api/catalog/product-categories') return [];
        if (request.path === '/api/stock?warehouseId=all') {
          return [{ productId: 12, availableQuantity: '15', averagePrice: '13', value: '195' }];
        }
        if (request.path.startsWith('/api/stock?date='))
          return [{ productId: 12, availableQuantity: '6', averagePrice: '12', value: '72' }];
        return undefined;
      },
    },
  );
  return { ...view, downloads };
}

const tonerCells = () =>
  within(screen.getByText('Tóner').closest('tr')!)
    .getAllByRole('cell')
    .map((c) => c.textContent);

test('with several warehouses, «Todos los almacenes» shows the sums and the report buttons give the consolidated report', async () => {
  const user = userEvent.setup({ delay: null });
  const { calls, downloads } = renderStock([CENTRAL, NORTE]);
  await screen.findByText('Tóner');
  await waitFor(() => expect(tonerCells()).toContain('$72.00'));

  expect(tonerCells()).toContain('6Bajo mínimo');

  await user.click(await screen.findByRole('switch', { name: 'Todos los almacenes' }));
  await waitFor(() => expect(tonerCells()).toContain('$195.00'));
  expect(tonerCells()).toContain('15');
  expect(calls.map((c) => c.path)).toContain('/api/stock?warehouseId=all');
  // Today's view only: the cut-off date stands at today, and the low-stock filter (a warehouse's) is off.
  expect(screen.getByLabelText('Existencias al')).toBeDisabled();
  expect(screen.getByRole('switch', { name: 'Solo bajo mínimo' })).toBeDisabled();

  await user.click(screen.getByRole('button', { name: 'Reporte de existencias' }));
  await waitFor(() => expect(captured.saved).toHaveLength(1));
  expect(captured.saved[0].name).toBe(`Reporte de existencias de todos los almacenes - ${today()}.pdf`);
  await user.click(screen.getByRole('button', { name: 'Reporte de existencias: elegir formato' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
  await waitFor(() => expect(captured.saved).toHaveLength(2));
  expect(downloads.map((d) => [d.method, d.path, d.query?.format])).toEqual([
    ['POST', '/api/reports/stock?warehouseId=all', undefined],
    ['POST', '/api/reports/stock?warehouseId=all', 'xlsx'],
  ]);

  // Off again: the current warehouse's stock and report, as before.
  await user.click(screen.getByRole('switch', { name: 'Todos los almacenes' }));
  await waitFor(() => expect(tonerCells()).toContain('$72.00'));
  await user.click(screen.getByRole('button', { name: 'Reporte de existencias' }));
  await waitFor(() => expect(captured.saved).toHaveLength(3));
  expect(downloads[2].path).toBe('/api/reports/stock?warehouseId=1');
});

test('a copied link with ?todos=1 opens the consolidated view', async () => {
  renderStock([CENTRAL, NORTE], '/dashboard/stock?todos=1');
  expect(await screen.findByRole('switch', { name: 'Todos los almacenes' })).toBeChecked();
  await screen.findByText('Tóner');
  await waitFor(() => expect(tonerCells()).toContain('$195.00'));
});

test('with one warehouse: no switch, even with ?todos=1, and the report asked as always', async () => {
  const user = userEvent.setup({ delay: null });
  const { calls, downloads } = renderStock([CENTRAL], '/dashboard/stock?todos=1');
  await screen.findByText('Tóner');
  await waitFor(() => expect(tonerCells()).toContain('$72.00'));
  expect(screen.queryByRole('switch', { name: 'Todos los almacenes' })).not.toBeInTheDocument();
  expect(calls.some((c) => c.path.includes('warehouseId'))).toBe(false);
  await user.click(screen.getByRole('button', { name: 'Reporte de existencias' }));
  await waitFor(() => expect(captured.saved.length).toBeGreaterThan(0));
  expect(downloads.map((d) => d.path)).toEqual(['/api/reports/stock']);
  expect(captured.saved.at(-1)!.name).toBe(`Reporte de almacén - ${today()}.pdf`);
});

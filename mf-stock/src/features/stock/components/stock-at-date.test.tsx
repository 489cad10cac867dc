// "Existencias al": the date picker beside "Reporte de existencias"; the table's
// Existencia and Valor and the report follow the chosen date.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { todayIn } from '@almacen/shared/domain';
import { isoToDateText } from '@almacen/shared/kit';
import { Route, Routes } from '@almacen/shared/router';
import { captureDownloads, renderWithPlatform, testConfig, type FakeApiRequest } from '@almacen/shared/testing';
import StockApp from '../../../app';

jest.setTimeout(60_000);
const captured = captureDownloads();

const products = [
  { id: 1, name: 'Papel bond tamaño carta', unit: null, category: null },
  { id: 12, name: 'Tóner', unit: null, category: null },
];
const today = () => todayIn(testConfig.timeZone);
const stockByDate: Record<string, Array<{ productId: number; availableQuantity: string; averagePrice: string; value: string }>> = {
  '2025-12-31': [{ productId: 12, availableQuantity: '40', averagePrice: '1200', value: '48000' }],
};

function renderStock(downloads: FakeApiRequest[] = []) {
  return renderWithPlatform(
    <Routes>
      <Route path="/dashboard/stock/*" element={<StockApp />} />
    </Routes>,
    {
      route: '/dashboard/stock',
      api: (request: FakeApiRequest) => {
        if (request.download) {
          downloads.push(request);
          return { blob: new Blob(['%PDF-1.7']), fileName: 'stock' };
        }
        if (request.path === '/api/catalog/products') return products;
        if (request.path === '/api/catalog/product-units' || request.path === '/api/catalog/product-categories') return [];
        const date = /^\/api\/stock\?date=(.+)$/.exec(request.path)?.[1];
        if (date === today()) return [{ productId: 12, availableQuantity: '1234.5', averagePrice: '1200', value: '1481400' }];
        if (date) return stockByDate[date] ?? [];
        return undefined;
      },
    },
  );
}

const tonerRow = () => screen.getByText('Tóner').closest('tr')!;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

test('today by default; another date changes the figures of the table and the report asked', async () => {
  const user = userEvent.setup({ delay: null });
  const downloads: FakeApiRequest[] = [];
  const { calls } = renderStock(downloads);
  const picker = screen.getByLabelText('Existencias al');
  // Shown day first; the calendar beside it stops at today and at 2000-01-01.
  expect(picker).toHaveValue(isoToDateText(today()));
  const calendar = picker.closest('.fui-Input')!.querySelector('input[type="date"]');
  expect(calendar).toHaveAttribute('max', today());
  expect(calendar).toHaveAttribute('min', '2000-01-01');
  await screen.findByText('Tóner');
  await waitFor(() => expect(cells(tonerRow())).toContain('1,234.5'));
  expect(cells(tonerRow())).toContain('$1,481,400.00');

  fireEvent.change(picker, { target: { value: '31/12/2025' } });
  await waitFor(() => expect(cells(tonerRow())).toContain('40'));
  expect(cells(tonerRow())).toContain('$48,000.00');
  // A product that had not moved by then reads 0.
  expect(cells(screen.getByText('Papel bond tamaño carta').closest('tr')!)).toContain('0');
  expect(calls.map((c) => c.path)).toContain('/api/stock?date=2025-12-31');

  await user.click(screen.getByRole('button', { name: 'Reporte de existencias' }));
  await waitFor(() => expect(captured.saved).toHaveLength(1));
  expect(downloads.map((d) => `${d.method} ${d.path}`)).toEqual(['POST /api/reports/stock?date=2025-12-31']);
  expect(captured.saved[0].name).toBe(`Reporte de existencias al 2025-12-31 - ${today()}.pdf`);
});

test('a date after today or before 2000 never reaches the API: the table stays at today', async () => {
  const { calls } = renderStock();
  await screen.findByText('Tóner');
  const picker = screen.getByLabelText('Existencias al');
  fireEvent.change(picker, { target: { value: '01/01/2999' } });
  fireEvent.change(picker, { target: { value: '31/12/1999' } });
  // Text that names no date is refused in place and asks for nothing either.
  fireEvent.change(picker, { target: { value: '31/02/2026' } });
  expect(screen.getByText('Escribe la fecha como DD/MM/AAAA (por ejemplo, 28/11/2026).')).toBeInTheDocument();
  await waitFor(() => expect(cells(tonerRow())).toContain('1,234.5'));
  expect(calls.filter((c) => c.path.startsWith('/api/stock?date=')).map((c) => c.path)).toEqual([`/api/stock?date=${today()}`]);
});

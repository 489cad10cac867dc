// The API layer's changes refresh every screen they affect, across remotes (one SWR cache), and
// nothing else: a cancellation reads the histories, the stock and the kardex again; a renamed unit
// the products and the stock page; applying a count the kardex too (its adjustments are movements).
import { act, screen, waitFor } from '@testing-library/react';
import { renderWithPlatform, type FakeApiRequest } from '../testing';
import { useApplyCount } from './counts';
import { useDispatches } from './documents';
import { useCancelDispatch, useEmployees, useInvoices, useProducts, useUpdateUnit } from './index';
import { useProductMovements, useStock } from './stock';

/** Screens open across the portal: each read hook's GET is counted. */
function OpenScreens() {
  useInvoices();
  useDispatches();
  useProducts();
  useEmployees();
  useStock(12);
  useProductMovements(12);
  return <p>Listo</p>;
}

function answer(request: FakeApiRequest): unknown {
  if (request.method !== 'GET') return { id: 1 };
  if (request.path.startsWith('/api/stock/')) return { productId: 12, availableQuantity: '3', averagePrice: '10' };
  // A paged list answers its envelope.
  if (request.path.startsWith('/api/movements/products/')) return { data: [], nextCursor: null };
  return [];
}

const gets = (calls: FakeApiRequest[]) => calls.filter((c) => c.method === 'GET').map((c) => c.path.replace(/\?.*/, ''));

async function afterChange(run: (actions: Record<string, (...args: never[]) => Promise<unknown>>) => Promise<unknown>) {
  const actions: Record<string, (...args: never[]) => Promise<unknown>> = {};
  function Actions() {
    actions.cancelDispatch = useCancelDispatch('Salida 7 cancelada correctamente.').run as never;
    actions.updateUnit = useUpdateUnit().run as never;
    actions.applyCount = useApplyCount(4).run as never;
    return null;
  }
  const view = renderWithPlatform(
    <>
      <OpenScreens />
      <Actions />
    </>,
    { api: answer },
  );
  await screen.findByText('Listo');
  await waitFor(() => expect(new Set(gets(view.calls)).size).toBe(6));
  const before = view.calls.length;
  await act(() => run(actions));
  await waitFor(() => expect(view.calls.length).toBeGreaterThan(before + 1));
  return { sent: view.calls.slice(before).find((c) => c.method !== 'GET'), refreshed: new Set(gets(view.calls.slice(before))) };
}

test('cancelling an exit: one POST with its Idempotency-Key, then the histories, the stock and the kardex are read again', async () => {
  const { sent, refreshed } = await afterChange((a) => a.cancelDispatch(7 as never, 'Capturada dos veces' as never));
  expect(sent).toMatchObject({ method: 'POST', path: '/api/dispatches/7/cancellation', body: { reason: 'Capturada dos veces' } });
  expect(sent?.headers?.['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  expect(refreshed).toEqual(new Set(['/api/invoices', '/api/dispatches', '/api/stock/12', '/api/movements/products/12']));
});

test('renaming a unit: the products and the stock page are read again, not the documents', async () => {
  const { sent, refreshed } = await afterChange((a) => a.updateUnit({ id: 3, description: 'Caja de 10' } as never));
  expect(sent).toMatchObject({ method: 'PUT', path: '/api/catalog/product-units', body: { id: 3, description: 'Caja de 10' } });
  expect(refreshed).toEqual(new Set(['/api/catalog/products', '/api/stock/12']));
});

test("applying a count: its adjustments are movements, so the product's kardex is read again with the stock", async () => {
  const { sent, refreshed } = await afterChange((a) => a.applyCount({ director: 'A', warehouseKeeper: 'B', witness: 'C' } as never));
  expect(sent).toMatchObject({ method: 'POST', path: '/api/inventory-counts/4/application' });
  expect(refreshed).toContain('/api/movements/products/12');
  expect(refreshed).toContain('/api/stock/12');
  expect(refreshed).not.toContain('/api/catalog/employees');
});

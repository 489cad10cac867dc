// A product's stock levels are the current warehouse's: with several warehouses its reads carry
// `warehouseId` (each warehouse its own SWR key, so a switch never shows one warehouse's levels
// under another's name) and its changes send it; with one, the requests are those of always.
import { act, screen, waitFor } from '@testing-library/react';
import type { Me } from '../domain';
import { stockLevelLabels } from '../kit/catalogs/product-dialog';
import { useCurrentWarehouse, WarehouseProvider } from '../platform/warehouse';
import { renderWithPlatform, testMe, type FakeApiRequest } from '../testing';
import { useDeleteProduct, useGenerateInternalBarcode, useProduct, useProducts, useUpdateProduct } from './catalogs';
import { catalogExportRequest, useImportPreview } from './imports';

const CENTRAL = { id: 1, code: 'CENTRAL', name: 'Almacén central', active: true, permissions: testMe().permissions };
const NORTE = { id: 2, code: 'P012', name: 'Plantel Norte', active: true, permissions: testMe().permissions };

const meWith = (warehouses: Me['warehouses']): Me => ({ ...testMe(), warehouses });
const actions: Record<string, (...args: never[]) => Promise<unknown>> = {};

function Screen() {
  const current = useCurrentWarehouse();
  useProducts();
  useProduct(5);
  actions.update = useUpdateProduct().run as never;
  actions.remove = useDeleteProduct().run as never;
  actions.internal = useGenerateInternalBarcode().run as never;
  actions.previewProducts = useImportPreview('products').run as never;
  actions.previewUnits = useImportPreview('product-units').run as never;
  return <p>{current.ready ? `Almacén ${current.warehouse?.code}` : 'Cargando'}</p>;
}

const answer = (request: FakeApiRequest) => (request.method === 'GET' && request.path.includes('/products/') ? {} : []);

async function callsWith(me: Me, route: string) {
  const view = renderWithPlatform(
    <WarehouseProvider>
      <Screen />
    </WarehouseProvider>,
    { api: answer, me, route },
  );
  await screen.findByText(/Almacén /);
  await waitFor(() => expect(view.calls.filter((c) => c.method === 'GET' && c.path.includes('/catalog/'))).toHaveLength(2));
  const file = new File(['Nombre\n'], 'productos.csv');
  await act(async () => {
    await actions.update({ id: 5, name: 'Papel', minimumStock: '3' } as never);
    await actions.remove(5 as never);
    await actions.internal(5 as never);
    await actions.previewProducts(file as never);
    await actions.previewUnits(file as never);
  });
  // Each change makes the product reads stale: they are read again, under the same keys.
  return [...new Set(view.calls.filter((c) => c.path.includes('/catalog/')).map((c) => `${c.method} ${c.path}`))];
}

describe("a product's stock levels follow the current warehouse", () => {
  it('with several: every read and change names the warehouse; the units import does not', async () => {
    const calls = await callsWith(meWith([CENTRAL, NORTE]), '/?almacen=P012');
    expect(calls.sort()).toEqual(
      [
        'GET /api/catalog/products?warehouseId=2',
        'GET /api/catalog/products/5?warehouseId=2',
        'PUT /api/catalog/products',
        'DELETE /api/catalog/products/5?warehouseId=2',
        'POST /api/catalog/products/5/internal-barcode?warehouseId=2',
        'POST /api/catalog/imports/products/preview?warehouseId=2',
        'POST /api/catalog/imports/product-units/preview',
      ].sort(),
    );
    expect(catalogExportRequest('products', 'Productos', 2).path).toBe('/api/catalog/imports/products/export?warehouseId=2');
    expect(catalogExportRequest('suppliers', 'Proveedores', 2).path).toBe('/api/catalog/imports/suppliers/export');
  });

  it('with one: the paths of always', async () => {
    const calls = await callsWith(meWith([CENTRAL]), '/');
    expect(calls.sort()).toEqual(
      [
        'GET /api/catalog/products',
        'GET /api/catalog/products/5',
        'PUT /api/catalog/products',
        'DELETE /api/catalog/products/5',
        'POST /api/catalog/products/5/internal-barcode',
        'POST /api/catalog/imports/products/preview',
        'POST /api/catalog/imports/product-units/preview',
      ].sort(),
    );
    expect(catalogExportRequest('products', 'Productos', undefined).path).toBe('/api/catalog/imports/products/export');
  });
});

describe('the stock levels’ labels in the product dialog', () => {
  it('name the current warehouse by its code when there are several, and are the plain ones with one', () => {
    expect(stockLevelLabels({ warehouse: NORTE, several: true })).toEqual({
      minimumStock: 'Existencia mínima en P012',
      maximumStock: 'Existencia máxima en P012',
    });
    expect(stockLevelLabels({ warehouse: CENTRAL, several: false })).toEqual({
      minimumStock: 'Existencia mínima',
      maximumStock: 'Existencia máxima',
    });
    expect(stockLevelLabels({ warehouse: null, several: false })).toEqual({
      minimumStock: 'Existencia mínima',
      maximumStock: 'Existencia máxima',
    });
  });
});

// Keeps every row's exit price and availability equal to what GET /api/stock/{id} says now
// (choosing a product sets the exit price to its average price). One sync per PRODUCT,
// not per row, because rows of the same product share one availability. The wizard keeps every
// step mounted, so a refresh after a 409 reaches the rows while the summary is on screen.
import { useEffect } from 'react';
import { useForm, useFormState } from 'react-final-form';
import type { Stock } from '@almacen/shared';
import { useStock } from '@almacen/shared';
import { exitPriceFrom, type DispatchFormValues, type DispatchRow } from '../form/dispatch-form';

export function StockSync() {
  const { values } = useFormState<DispatchFormValues>({ subscription: { values: true } });
  const rows = values.products ?? [];
  const productIds = [...new Set(rows.map((row) => row?.productId).filter((id): id is number => typeof id === 'number'))];
  return (
    <>
      {productIds.map((productId) => (
        <ProductStockSync key={productId} productId={productId} rows={rows} />
      ))}
    </>
  );
}

function ProductStockSync({ productId, rows }: { productId: number; rows: DispatchRow[] }) {
  // Untyped: the changed fields are paths into the rows ("products[2].exitPrice").
  const form = useForm();
  const { data } = useStock(productId);
  useEffect(() => {
    if (!data) return;
    const stale = staleRows(rows, productId, data);
    if (stale.length === 0) return;
    const exitPrice = exitPriceFrom(data.averagePrice);
    form.batch(() => {
      for (const index of stale) {
        form.change(`products[${index}].exitPrice`, exitPrice);
        form.change(`products[${index}].averagePrice`, data.averagePrice);
        form.change(`products[${index}].availableQuantity`, data.availableQuantity);
      }
    });
  }, [data, rows, productId, form]);
  return null;
}

function staleRows(rows: DispatchRow[], productId: number, stock: Stock): number[] {
  const exitPrice = exitPriceFrom(stock.averagePrice);
  const stale: number[] = [];
  rows.forEach((row, index) => {
    if (row?.productId !== productId) return;
    if (row.exitPrice !== exitPrice || row.averagePrice !== stock.averagePrice || row.availableQuantity !== stock.availableQuantity)
      stale.push(index);
  });
  return stale;
}

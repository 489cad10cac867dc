// Step 2, "Lista de productos": «Código de barras» (a scanner or a typed code adds the product),
// the repeating rows (the wizard kit adds "Añadir un producto" and the confirmed removal) plus
// the stock sync that prices them.
import { useMemo } from 'react';
import { useForm } from 'react-final-form';
import { type Product, useLoadErrorToast, useProducts } from '@almacen/shared';
import { newRowKey, ProductRows, ScanCodeField, type SelectOption, withScanned } from '@almacen/shared/kit';
import { emptyRow, type DispatchRow } from '../form/dispatch-form';
import { DispatchProductRow } from './dispatch-product-row';
import { RequestCap } from './request-cap';
import { StockSync } from './stock-sync';

export function useProductOptions(): { products: Product[] | undefined; options: SelectOption<number>[]; loading: boolean } {
  const { data, error, isLoading } = useProducts();
  useLoadErrorToast(error, 'obtener los productos.');
  const options = useMemo(() => (data ?? []).map((product) => ({ value: product.id, label: product.name })), [data]);
  return { products: data, options, loading: isLoading };
}

export function DispatchProductsStep() {
  const { products, options, loading } = useProductOptions();
  const form = useForm();
  return (
    <>
      <ScanCodeField
        products={products}
        onScanned={(product) => {
          const rows = (form.getState().values as { products?: DispatchRow[] }).products ?? [];
          form.change(
            'products',
            withScanned(rows, product.id, () => emptyRow(newRowKey())),
          );
        }}
      />
      <ProductRows<DispatchRow> name="products" newRow={() => emptyRow(newRowKey())}>
        {({ name }) => <DispatchProductRow name={name} options={options} productsLoading={loading} />}
      </ProductRows>
      {/* After the rows: their fields subscribe (in their effects) before these change them, so
          a price read from the cache as the step mounts — rows filled in from a request — shows. */}
      <StockSync />
      <RequestCap />
    </>
  );
}

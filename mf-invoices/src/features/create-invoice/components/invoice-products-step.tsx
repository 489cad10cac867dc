// Step 2 "Lista de productos": «Código de barras» (a scanner or a typed code adds the product) and
// the repeating rows of the shared wizard kit.
import { useForm } from 'react-final-form';
import { newRowKey, ProductRows, ScanCodeField, withScanned } from '@almacen/shared/kit';
import { useProductOptions } from '../lib/catalog-options';
import { emptyRow, type InvoiceRowValues } from '../lib/invoice-values';
import { InvoiceProductRow } from './invoice-product-row';

export function InvoiceProductsStep() {
  const { products, options } = useProductOptions();
  const form = useForm();
  return (
    <>
      <ScanCodeField
        products={products}
        onScanned={(product) => {
          const rows = (form.getState().values as { products?: InvoiceRowValues[] }).products ?? [];
          form.change(
            'products',
            withScanned(rows, product.id, () => emptyRow(newRowKey())),
          );
        }}
      />
      <ProductRows<InvoiceRowValues> name="products" newRow={() => emptyRow(newRowKey())}>
        {({ name }) => <InvoiceProductRow name={name} products={options} />}
      </ProductRows>
    </>
  );
}

// Step 2 "Lista de productos": the repeating rows of the shared wizard kit.
import { newRowKey, ProductRows } from '@almacen/shared/kit';
import { useProductOptions } from '../lib/catalog-options';
import { emptyRow, type InvoiceRowValues } from '../lib/invoice-values';
import { InvoiceProductRow } from './invoice-product-row';

export function InvoiceProductsStep() {
  const { options } = useProductOptions();
  return (
    <ProductRows<InvoiceRowValues> name="products" newRow={() => emptyRow(newRowKey())}>
      {({ name }) => <InvoiceProductRow name={name} products={options} />}
    </ProductRows>
  );
}

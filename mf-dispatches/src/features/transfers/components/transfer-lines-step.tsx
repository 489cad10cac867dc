// Step 2, «Productos del traspaso»: «Código de barras», the repeating rows (the kit adds «Añadir un
// producto» and the confirmed removal) and, per product, the origin's stock: what is available
// (a larger quantity is refused before sending) and the average the line leaves with, read-only.
import { useEffect } from 'react';
import { useField, useForm, useFormState } from 'react-final-form';
import { LoadProblem } from '@almacen/shared';
import { formatPrice, MAX_OBSERVATIONS_LENGTH, QUANTITY_SCALE } from '@almacen/shared/domain';
import { makeStyles, tokens } from '@almacen/shared/fluent';
import { Field, Input } from '@almacen/shared/fluent-pages';
import {
  DecimalField,
  newRowKey,
  ProductRows,
  READ_ONLY_APPEARANCE,
  ScanCodeField,
  SelectField,
  type SelectOption,
  TextField,
  withScanned,
} from '@almacen/shared/kit';
import { useOriginStock } from '../../../api/transfers';
import { STOCK_MESSAGES } from '../../../lib/stock-limits';
import { emptyRow, type TransferFormValues, type TransferRow } from '../form/transfer-form';
import { FIELD_LABELS } from '../lib/texts';
import { useProductOptions } from './choices';

const useStyles = makeStyles({
  row: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'minmax(220px, 2fr) minmax(140px, 1fr) minmax(140px, 1fr)',
    // A quantity with its message is taller: the product and the cost stay level with its input.
    alignItems: 'start',
    '@media (max-width: 720px)': { gridTemplateColumns: '1fr' },
  },
});

const VALUE = { subscription: { value: true }, allowNull: true } as const;

export function TransferLinesStep() {
  const { products, options, placeholder } = useProductOptions();
  const form = useForm();
  return (
    <>
      <ScanCodeField
        products={products}
        onScanned={(product) => {
          const rows = (form.getState().values as TransferFormValues).lines ?? [];
          form.change(
            'lines',
            withScanned(rows, product.id, () => emptyRow(newRowKey())),
          );
        }}
      />
      <ProductRows<TransferRow> name="lines" newRow={() => emptyRow(newRowKey())}>
        {({ name }) => <TransferLineRow name={name} options={options} placeholder={placeholder} />}
      </ProductRows>
      {/* After the rows: their fields subscribe before these change them. */}
      <OriginStockSync />
    </>
  );
}

function TransferLineRow({ name, options, placeholder }: { name: string; options: readonly SelectOption<number>[]; placeholder: string }) {
  const styles = useStyles();
  const form = useForm();
  const productId = useField<number | null>(`${name}.productId`, VALUE).input.value;
  const origin = useField<number | null>('originWarehouseId', VALUE).input.value;
  const available = useField<string | null>(`${name}.availableQuantity`, VALUE).input.value;
  const average = useField<string | null>(`${name}.averagePrice`, VALUE).input.value;
  const stock = useOriginStock(typeof productId === 'number' ? productId : null, origin);
  const hint =
    typeof productId !== 'number'
      ? undefined
      : origin == null
        ? FIELD_LABELS.chooseOrigin
        : available
          ? FIELD_LABELS.available(available)
          : stock.isLoading
            ? FIELD_LABELS.loadingStock
            : undefined;
  return (
    <div className={styles.row}>
      <div className={styles.grid}>
        <SelectField<number>
          name={`${name}.productId`}
          label={FIELD_LABELS.product}
          options={options}
          placeholder={placeholder}
          required
          onSelect={() =>
            // Another product: forget the old one's figures until its stock is read.
            form.batch(() => {
              form.change(`${name}.averagePrice`, null);
              form.change(`${name}.availableQuantity`, null);
            })
          }
        />
        <DecimalField name={`${name}.quantity`} label={FIELD_LABELS.quantity} scale={QUANTITY_SCALE} hint={hint} required />
        <Field label={FIELD_LABELS.averageCost}>
          <Input readOnly appearance={READ_ONLY_APPEARANCE} value={average ? formatPrice(average) : ''} placeholder="$" />
        </Field>
      </div>
      <TextField name={`${name}.observations`} label={FIELD_LABELS.observations} maxLength={MAX_OBSERVATIONS_LENGTH} />
      <LoadProblem resource={stock} what={STOCK_MESSAGES.loadError} text={STOCK_MESSAGES.unavailable} />
    </div>
  );
}

/** One read per product at the origin (rows of the same product share one availability). */
function OriginStockSync() {
  const { values } = useFormState<TransferFormValues>({ subscription: { values: true } });
  const rows = values.lines ?? [];
  const productIds = [...new Set(rows.map((row) => row?.productId).filter((id): id is number => typeof id === 'number'))];
  return (
    <>
      {productIds.map((productId) => (
        <ProductStockSync
          key={`${values.originWarehouseId}-${productId}`}
          productId={productId}
          origin={values.originWarehouseId}
          rows={rows}
        />
      ))}
    </>
  );
}

function ProductStockSync({ productId, origin, rows }: { productId: number; origin: number | null; rows: TransferRow[] }) {
  const form = useForm();
  const { data } = useOriginStock(productId, origin);
  useEffect(() => {
    if (!data) return;
    const stale = rows.flatMap((row, index) =>
      row?.productId === productId && (row.availableQuantity !== data.availableQuantity || row.averagePrice !== data.averagePrice)
        ? [index]
        : [],
    );
    if (stale.length === 0) return;
    form.batch(() => {
      for (const index of stale) {
        form.change(`lines[${index}].availableQuantity`, data.availableQuantity);
        form.change(`lines[${index}].averagePrice`, data.averagePrice);
      }
    });
  }, [data, rows, productId, form]);
  return null;
}

// One row of "Lista de productos": product, quantity (with what is available), the exit price the
// stock dictates (read-only) and observations.
import { useField, useForm } from 'react-final-form';
import { LoadProblem, useStock } from '@almacen/shared';
import { formatPrice, formatQuantity, MAX_OBSERVATIONS_LENGTH, QUANTITY_SCALE } from '@almacen/shared/domain';
import { makeStyles, tokens } from '@almacen/shared/fluent';
import { Field, Input } from '@almacen/shared/fluent-pages';
import { DecimalField, READ_ONLY_APPEARANCE, SelectField, type SelectOption, TextField, visibleError } from '@almacen/shared/kit';
import { STOCK_MESSAGES } from '../../../lib/stock-limits';

export const ROW_LABELS = {
  product: 'Producto',
  quantity: 'Cantidad',
  exitPrice: 'Precio de salida',
  observations: 'Observaciones',
  available: (quantity: string) => `Disponible: ${formatQuantity(quantity)}`,
  loadingStock: 'Consultando la existencia disponible…',
} as const;

const useStyles = makeStyles({
  row: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'minmax(220px, 2fr) minmax(140px, 1fr) minmax(140px, 1fr)',
    '@media (max-width: 720px)': { gridTemplateColumns: '1fr' },
  },
});

export interface DispatchProductRowProps {
  /** "products[1]" */
  name: string;
  options: readonly SelectOption<number>[];
  productsLoading: boolean;
}

export function DispatchProductRow({ name, options, productsLoading }: DispatchProductRowProps) {
  const styles = useStyles();
  const form = useForm();
  const productId = useField<number | null>(`${name}.productId`, { subscription: { value: true }, allowNull: true }).input.value;
  const available = useField<string | null>(`${name}.availableQuantity`, { subscription: { value: true }, allowNull: true }).input.value;
  const stock = useStock(typeof productId === 'number' ? productId : null);

  const hint =
    typeof productId !== 'number'
      ? undefined
      : available
        ? ROW_LABELS.available(available)
        : stock.isLoading
          ? ROW_LABELS.loadingStock
          : undefined;

  return (
    <div className={styles.row}>
      <div className={styles.grid}>
        <SelectField<number>
          name={`${name}.productId`}
          label={ROW_LABELS.product}
          options={options}
          placeholder={productsLoading ? 'Cargando productos…' : 'Busca un producto'}
          required
          onSelect={() =>
            // A new product: forget the old one's price and availability until its stock is read.
            form.batch(() => {
              form.change(`${name}.exitPrice`, '');
              form.change(`${name}.averagePrice`, null);
              form.change(`${name}.availableQuantity`, null);
            })
          }
        />
        <DecimalField name={`${name}.quantity`} label={ROW_LABELS.quantity} scale={QUANTITY_SCALE} hint={hint} required />
        <ExitPriceField row={name} />
      </div>
      <TextField name={`${name}.observations`} label={ROW_LABELS.observations} maxLength={MAX_OBSERVATIONS_LENGTH} />
      <LoadProblem resource={stock} what={STOCK_MESSAGES.loadError} text={STOCK_MESSAGES.unavailable} />
    </div>
  );
}

/** Read-only: the API records the average price at commit time; the clerk only sees it. */
/** Read-only: the average price the ledger will record, shown with at most 3 decimals; errors are the sent price's. */
function ExitPriceField({ row }: { row: string }) {
  const { input, meta } = useField<string>(`${row}.exitPrice`, {
    subscription: { value: true, error: true, touched: true, modified: true, submitFailed: true },
  });
  const average = useField<string | null>(`${row}.averagePrice`, { subscription: { value: true }, allowNull: true }).input.value;
  const message = visibleError(meta);
  const shown = average || input.value;
  return (
    <Field label={ROW_LABELS.exitPrice} validationMessage={message} validationState={message ? 'error' : 'none'}>
      <Input readOnly appearance={READ_ONLY_APPEARANCE} name={input.name} value={shown ? formatPrice(shown) : ''} placeholder="$" />
    </Field>
  );
}

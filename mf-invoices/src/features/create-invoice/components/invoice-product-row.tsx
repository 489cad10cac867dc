// One product of the invoice. The price input edits the
// typed base price; with "Agregar IVA" or "Agregar IEPS" ticked it is disabled and shows the
// adjusted price derived from that base (see lib/invoice-values.ts for why). Under it, what the
// price is made of: a row that carries its CFDI concept's value says so.
import { useField } from 'react-final-form';
import {
  compareDecimal,
  formatCurrency,
  formatPrice,
  formatQuantity,
  IEPS_RATE_SCALE,
  MAX_OBSERVATIONS_LENGTH,
  PRICE_SCALE,
  QUANTITY_SCALE,
} from '@almacen/shared/domain';
import { makeStyles, tokens } from '@almacen/shared/fluent';
import { Checkbox, Field } from '@almacen/shared/fluent-pages';
import { DecimalField, DecimalInput, SelectField, TextField, type SelectOption } from '@almacen/shared/kit';
import { CFDI_TEXTS } from '../lib/cfdi';
import {
  carriesCfdiValue,
  effectiveExciseRate,
  isAdjustablePrice,
  isValidExciseRate,
  purchasePriceOf,
  type InvoiceRowValues,
} from '../lib/invoice-values';
import { CfdiConcept } from './cfdi-concept';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'end',
  },
  product: { gridColumn: '1 / -1' },
  observations: { gridColumn: '1 / -1' },
  check: { paddingBottom: tokens.spacingVerticalXS },
});

const ROW_SUBSCRIPTION = { value: true } as const;

export interface InvoiceProductRowProps {
  /** "products[0]" */
  name: string;
  products: SelectOption<number>[];
}

export function InvoiceProductRow({ name, products }: InvoiceProductRowProps) {
  const styles = useStyles();
  const { input: row } = useField<InvoiceRowValues>(name, { subscription: ROW_SUBSCRIPTION });
  const values = row.value;
  const vat = !!values?.applyValueAddedTaxToPurchasePrice;
  const ieps = !!values?.applyExciseTax;
  const base = values?.basePrice ?? '';
  const rate = values?.exciseTaxRate ?? '';
  // A tax can only be put on a price that is there, and IEPS only at a valid rate.
  const priceReady = isAdjustablePrice(base);
  return (
    <div className={styles.grid}>
      {values?.cfdi && (
        <div className={styles.product}>
          <CfdiConcept name={name} concept={values.cfdi} productId={values.productId} typed={!carriesCfdiValue(values)} />
        </div>
      )}
      <div className={styles.product}>
        <SelectField<number> name={`${name}.productId`} label="Producto" options={products} required />
      </div>
      <DecimalField name={`${name}.quantity`} label="Cantidad" scale={QUANTITY_SCALE} required />
      <PriceField name={`${name}.basePrice`} shown={vat || ieps ? purchasePriceOf(values) : undefined} hint={priceHint(values)} />
      <TaxCheckbox name={`${name}.applyValueAddedTaxToPurchasePrice`} label="Agregar IVA" disabled={!vat && !priceReady} />
      <DecimalField name={`${name}.exciseTaxRate`} label="Tasa del IEPS" scale={IEPS_RATE_SCALE} disabled={ieps} contentAfter="%" />
      <TaxCheckbox name={`${name}.applyExciseTax`} label="Agregar IEPS" disabled={!ieps && (!priceReady || !isValidExciseRate(rate))} />
      <div className={styles.observations}>
        <TextField name={`${name}.observations`} label="Observaciones" multiline maxLength={MAX_OBSERVATIONS_LENGTH} />
      </div>
    </div>
  );
}

/**
 * What the price is made of, under the field: a row that carries its CFDI concept's value says
 * that value over the quantity; a typed price with taxes says base + taxes = the price recorded.
 */
export function priceHint(row: InvoiceRowValues | undefined): string | undefined {
  if (!row) return undefined;
  if (carriesCfdiValue(row)) {
    const taxes = [
      compareDecimal(row.cfdi.vatAmount ?? '0', '0') > 0 ? `IVA ${formatCurrency(row.cfdi.vatAmount!)}` : null,
      compareDecimal(row.cfdi.iepsAmount ?? '0', '0') > 0 ? `IEPS ${formatCurrency(row.cfdi.iepsAmount!)}` : null,
    ].filter(Boolean);
    return CFDI_TEXTS.cfdiValue(
      formatCurrency(row.cfdi.value),
      taxes.length ? ` (incluye ${taxes.join(' e ')})` : '',
      formatQuantity(row.quantity),
      formatPrice(row.cfdi.purchasePrice),
    );
  }
  const vat = row.applyValueAddedTaxToPurchasePrice;
  const ieps = row.applyExciseTax;
  if ((!vat && !ieps) || !isAdjustablePrice(row.basePrice)) return undefined;
  const parts = [formatPrice(row.basePrice.trim()), ieps ? `IEPS ${effectiveExciseRate(row)} %` : null, vat ? 'IVA 16 %' : null].filter(
    Boolean,
  );
  return `${parts.join(' + ')} = ${formatPrice(purchasePriceOf(row))}`;
}

const PRICE_SUBSCRIPTION = { value: true, error: true, touched: true, modified: true, submitFailed: true } as const;

/** "Precio del artículo": the typed price, or (disabled) the adjusted price while a tax is on. */
function PriceField({ name, shown, hint }: { name: string; shown: string | undefined; hint?: string }) {
  const { input, meta } = useField<string>(name, { subscription: PRICE_SUBSCRIPTION, parse: (v) => v });
  const message = (meta.touched || meta.modified || meta.submitFailed) && typeof meta.error === 'string' ? meta.error : undefined;
  const disabled = shown !== undefined;
  return (
    <Field
      label="Precio del artículo"
      required
      validationMessage={message}
      validationState={message ? 'error' : 'none'}
      hint={message ? undefined : hint}
    >
      <DecimalInput
        name={input.name}
        value={disabled ? shown : (input.value ?? '')}
        scale={PRICE_SCALE}
        disabled={disabled}
        contentBefore="$"
        onValueChange={(next) => input.onChange(next)}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
      />
    </Field>
  );
}

function TaxCheckbox({ name, label, disabled }: { name: string; label: string; disabled: boolean }) {
  const styles = useStyles();
  const { input } = useField<boolean>(name, { subscription: ROW_SUBSCRIPTION, type: 'checkbox' });
  return (
    <Checkbox
      className={styles.check}
      name={input.name}
      label={label}
      checked={!!input.checked}
      disabled={disabled}
      onChange={(_event, data) => input.onChange(data.checked === true)}
    />
  );
}

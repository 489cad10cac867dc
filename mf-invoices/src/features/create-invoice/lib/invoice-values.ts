// The invoice wizard's values and how they become the POST body — with the price rule
// (IVA and IEPS adjustments, 3 decimals) kept exact.
//
// Why a typed `basePrice` beside the flags instead of rewriting the price on every tick: the
// spec says ticking "Agregar IVA" multiplies the price by 1.16 and unticking divides. Done on the
// displayed value, each step rounds to 3 decimals and a few ticks drift away from what the user
// typed (33.333 × 1.16 = 38.66628 → 38.666; 38.666 ÷ 1.16 = 33.3327… → 33.333 here, but not for
// every price and rate). Keeping the typed price and deriving the shown/sent price from it with
// ONE rounding gives the same numbers the spec describes and returns exactly the typed price
// whenever the boxes are unticked, in any order and any number of times.
import {
  addDecimal,
  compareDecimal,
  decimalPlaces,
  divideDecimal,
  subtractDecimal,
  formatScaled,
  IEPS_RATE_SCALE,
  MAX_IEPS_RATE,
  multiplyDecimal,
  parseDecimal,
  PRICE_SCALE,
  toDecimalString,
  trimDecimal,
  VAT_FACTOR,
  type InvoiceType,
} from '@almacen/shared/domain';
import { DOCUMENT_MESSAGES, type CreateInvoice } from '@almacen/shared/schemas';
import { CFDI_TEXTS, type InvoiceCfdi, type RowCfdi } from './cfdi';

/** A row's value in pesos, to the cent: the CFDI's for a row that carries it, else quantity × price; null while it cannot be computed. */
export function lineValueOf(row: ValueFields): string | null {
  if (carriesCfdiValue(row)) return row.cfdi.value;
  const price = purchasePriceOf(row);
  const quantity = row.quantity.trim();
  if (decimalOrNull(quantity, 3) === null || decimalOrNull(price, PRICE_SCALE) === null) return null;
  return multiplyDecimal(quantity, price, 2);
}

export interface InvoiceTotals {
  /** Σ of the lines' values: "Total de la entrada". */
  total: string;
  /** Of it, the IVA and the IEPS (stated by the CFDI on its rows, split from the amount on typed ones). */
  vat: string;
  ieps: string;
  net: string;
}

/**
 * The entry's totals as its voucher prints them: each line's value to the cent; a CFDI row's taxes
 * as the CFDI states them, a typed row's split from its amount (÷ 1.16 for IVA, then ÷ (1 + rate)
 * for IEPS, each to the cent, as the API's voucher does).
 */
export function invoiceTotals(rows: InvoiceRowValues[]): InvoiceTotals {
  let total = '0';
  let vat = '0';
  let ieps = '0';
  for (const row of rows) {
    const value = lineValueOf(row);
    if (value === null) continue;
    total = addDecimal(total, value);
    if (carriesCfdiValue(row)) {
      vat = addDecimal(vat, row.cfdi.vatAmount ?? '0');
      ieps = addDecimal(ieps, row.cfdi.iepsAmount ?? '0');
      continue;
    }
    const beforeVat = row.applyValueAddedTaxToPurchasePrice ? divideDecimal(value, VAT_FACTOR, 2) : value;
    const rate = effectiveExciseRate(row);
    const net = row.applyExciseTax && isValidExciseRate(rate) ? divideDecimal(beforeVat, exciseFactor(rate), 2) : beforeVat;
    vat = addDecimal(vat, subtractDecimal(value, beforeVat));
    ieps = addDecimal(ieps, subtractDecimal(beforeVat, net));
  }
  return { total, vat, ieps, net: subtractDecimal(subtractDecimal(total, vat), ieps) };
}

export interface InvoiceRowValues {
  /** Client-side key, so React keeps each row's inputs when a row above is removed. */
  key: string;
  productId: number | null;
  quantity: string;
  /** The price the user typed, before IVA/IEPS. */
  basePrice: string;
  applyValueAddedTaxToPurchasePrice: boolean;
  applyExciseTax: boolean;
  /** Percent, e.g. "8" or "26.5". */
  exciseTaxRate: string;
  observations: string;
  /** The CFDI concept this row was filled from, if any. */
  cfdi?: RowCfdi | null;
}

export interface InvoiceFormValues {
  supplierId: number | null;
  invoiceNumber: string;
  invoiceDate: string;
  invoiceType: InvoiceType | null;
  directorEmployeeId: number | null;
  enteredByEmployeeId: number | null;
  warehouseKeeperEmployeeId: number | null;
  products: InvoiceRowValues[];
  /** The supplier's CFDI loaded into the form; kept with the entry when saved. */
  cfdi?: InvoiceCfdi | null;
}

export function emptyInvoice(today: string): InvoiceFormValues {
  return {
    supplierId: null,
    invoiceNumber: '',
    invoiceDate: today,
    invoiceType: null,
    directorEmployeeId: null,
    enteredByEmployeeId: null,
    warehouseKeeperEmployeeId: null,
    products: [],
    cfdi: null,
  };
}

export function emptyRow(key: string): InvoiceRowValues {
  return {
    key,
    productId: null,
    quantity: '',
    basePrice: '',
    applyValueAddedTaxToPurchasePrice: false,
    applyExciseTax: false,
    exciseTaxRate: '0',
    observations: '',
  };
}

/** A valid non-negative decimal text, or null. */
function decimalOrNull(value: string, scale: number, max?: string): string | null {
  const text = toDecimalString(value);
  if (text === null || decimalPlaces(text) > scale) return null;
  if (max !== undefined && compareDecimal(text, max) > 0) return null;
  return text;
}

/** Whether a base price can be adjusted (a decimal above 0 with at most 3 decimals). */
export function isAdjustablePrice(value: string): boolean {
  const text = decimalOrNull(value, PRICE_SCALE);
  return text !== null && compareDecimal(text, '0') > 0;
}

/** Whether an IEPS rate can be applied (0–1000 %, at most 5 decimals). */
export function isValidExciseRate(value: string): boolean {
  return decimalOrNull(value, IEPS_RATE_SCALE, MAX_IEPS_RATE) !== null;
}

/** The IEPS multiplier 1 + rate/100, exact ("26.5" → "1.265"). */
export function exciseFactor(rate: string): string {
  return addDecimal('1', divideDecimal(rate, '100', decimalPlaces(rate) + 2));
}

type PriceFields = Pick<InvoiceRowValues, 'basePrice' | 'applyValueAddedTaxToPurchasePrice' | 'applyExciseTax' | 'exciseTaxRate'>;
type ValueFields = PriceFields & Pick<InvoiceRowValues, 'quantity' | 'cfdi'>;

/**
 * Whether a row filled from a CFDI concept still carries the concept's value: its quantity, price
 * and boxes are as the CFDI filled them. Then the line is worth what the CFDI states and its price
 * is that value over the quantity; once the person changes any of them it is a typed line
 * (quantity × the price, the spec's rule).
 */
export function carriesCfdiValue(
  row: ValueFields,
): row is ValueFields & { cfdi: Required<Pick<RowCfdi, 'value' | 'purchasePrice' | 'filled'>> & RowCfdi } {
  const cfdi = row.cfdi;
  if (!cfdi?.value || !cfdi.purchasePrice || !cfdi.filled) return false;
  const filled = cfdi.filled;
  return (
    row.quantity.trim() === filled.quantity &&
    row.basePrice.trim() === filled.basePrice &&
    row.applyValueAddedTaxToPurchasePrice === filled.applyValueAddedTaxToPurchasePrice &&
    row.applyExciseTax === filled.applyExciseTax &&
    row.exciseTaxRate.trim() === filled.exciseTaxRate
  );
}

/**
 * The unit price the invoice records ("Precio de adquisición"): for a row that carries its CFDI
 * concept's value, that value over the quantity (3 decimals, a display); otherwise the typed price
 * times 1.16 when IVA is ticked and times (1 + rate/100) when IEPS is ticked, rounded half up to
 * 3 decimals once. With no box ticked it is the typed text itself. A price or rate that cannot be
 * computed yields the typed text, so validation reports it.
 */
export function purchasePriceOf(row: PriceFields & Partial<Pick<InvoiceRowValues, 'quantity' | 'cfdi'>>): string {
  if (row.cfdi && row.quantity !== undefined && carriesCfdiValue(row as ValueFields)) return row.cfdi.purchasePrice!;
  const { basePrice, applyValueAddedTaxToPurchasePrice: vat, applyExciseTax: ieps, exciseTaxRate } = row;
  if (!vat && !ieps) return basePrice;
  if (!isAdjustablePrice(basePrice)) return basePrice;
  let factor = '1';
  if (vat) factor = VAT_FACTOR;
  if (ieps) {
    if (!isValidExciseRate(exciseTaxRate)) return basePrice;
    const excise = exciseFactor(exciseTaxRate.trim());
    factor = multiplyDecimal(factor, excise, decimalPlaces(factor) + decimalPlaces(excise));
  }
  return multiplyDecimal(basePrice.trim(), factor, PRICE_SCALE);
}

/** "007.50" → "7.5": one spelling per value. */
export function canonicalDecimal(value: string): string {
  const text = toDecimalString(value);
  if (text === null) return value;
  return trimDecimal(formatScaled(parseDecimal(text, decimalPlaces(text))));
}

/**
 * A decimal for the JSON body: a JSON number when that number's shortest text IS the decimal
 * (so the server reads back exactly what was typed), else the decimal string (the API accepts
 * both; no value is ever rounded by a float on its way).
 */
export function jsonDecimal(value: string): number | string {
  const text = canonicalDecimal(value);
  const number = Number(text);
  return Number.isFinite(number) && String(number) === text ? number : text;
}

/** The rate the row sends: the typed one, or 0 when IEPS is off and the box was left empty. */
export function effectiveExciseRate(row: Pick<InvoiceRowValues, 'applyExciseTax' | 'exciseTaxRate'>): string {
  return !row.applyExciseTax && row.exciseTaxRate.trim() === '' ? '0' : row.exciseTaxRate.trim();
}

/** What the line schema checks for one row (the derived price, the effective rate). */
export function toLine(row: InvoiceRowValues) {
  return {
    key: row.key,
    productId: row.productId,
    purchasePrice: purchasePriceOf(row).trim(),
    quantity: row.quantity.trim(),
    observations: row.observations,
    applyExciseTax: row.applyExciseTax,
    applyValueAddedTaxToPurchasePrice: row.applyValueAddedTaxToPurchasePrice,
    exciseTaxRate: effectiveExciseRate(row),
  };
}

/**
 * What the line schema cannot see in one row: a CFDI row the entry would refuse as it is (its
 * errors, said at once), a remembered product the person has not confirmed, a typed line worth
 * less than a cent. Errors keyed like the schema's, on the fields the row shows.
 */
export function invoiceRowsStep(values: InvoiceFormValues | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  (values?.products ?? []).forEach((row, index) => {
    const cfdi = row.cfdi;
    if (
      cfdi?.rememberedDescription != null &&
      !cfdi.productConfirmed &&
      row.productId !== null &&
      row.productId === cfdi.rememberedProductId
    ) {
      errors[`products.${index}.productId`] = CFDI_TEXTS.rememberedOther(cfdi.rememberedDescription);
    }
    if (carriesCfdiValue(row)) {
      if (cfdi?.errors?.length) errors[`products.${index}.basePrice`] = cfdi.errors[0];
      return;
    }
    const value = lineValueOf(row);
    if (value !== null && compareDecimal(value, '0') === 0 && compareDecimal(purchasePriceOf(row), '0') > 0) {
      errors[`products.${index}.basePrice`] = DOCUMENT_MESSAGES.lineValue;
    }
  });
  return errors;
}

/** The schema reports the price on `purchasePrice`; the user sees it under "Precio del artículo". */
export const rowFieldOf = (field: string) => (field === 'purchasePrice' ? 'basePrice' : field);

export type CreateInvoiceBody = Omit<CreateInvoice, 'products'> & {
  /** The supplier's CFDI, kept with the entry. */
  cfdi?: { uuid: string; xml: string };
  products: Array<{
    /** With `cfdi`: the concept this line came from, so its product is remembered. */
    cfdiIndex?: number;
    /** With `cfdiIndex`, a line left as the CFDI filled it: the concept's value, which the server reads again from the XML. */
    amount?: string;
    productId: number;
    purchasePrice: number | string;
    quantity: number | string;
    observations: string | null;
    applyExciseTax: boolean;
    applyValueAddedTaxToPurchasePrice: boolean;
    exciseTaxRate: number | string;
  }>;
};

/** The POST /api/invoices body, from values that passed validation. */
export function toCreateInvoiceBody(values: InvoiceFormValues): CreateInvoiceBody {
  return {
    supplierId: values.supplierId as number,
    invoiceNumber: values.invoiceNumber.trim(),
    invoiceDate: values.invoiceDate,
    invoiceType: values.invoiceType as InvoiceType,
    directorEmployeeId: values.directorEmployeeId as number,
    enteredByEmployeeId: values.enteredByEmployeeId as number,
    warehouseKeeperEmployeeId: values.warehouseKeeperEmployeeId as number,
    ...(values.cfdi ? { cfdi: { uuid: values.cfdi.uuid, xml: values.cfdi.xml } } : {}),
    products: values.products.map((row) => {
      const observations = row.observations.trim();
      return {
        ...(values.cfdi && row.cfdi ? { cfdiIndex: row.cfdi.index } : {}),
        ...(values.cfdi && carriesCfdiValue(row) ? { amount: row.cfdi.value } : {}),
        productId: row.productId as number,
        purchasePrice: jsonDecimal(purchasePriceOf(row)),
        quantity: jsonDecimal(row.quantity),
        observations: observations === '' ? null : observations,
        applyExciseTax: row.applyExciseTax,
        applyValueAddedTaxToPurchasePrice: row.applyValueAddedTaxToPurchasePrice,
        exciseTaxRate: jsonDecimal(effectiveExciseRate(row)),
      };
    }),
  };
}

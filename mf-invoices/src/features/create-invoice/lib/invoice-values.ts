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
  formatScaled,
  IEPS_RATE_SCALE,
  MAX_IEPS_RATE,
  multiplyDecimal,
  parseDecimal,
  PRICE_SCALE,
  toDecimalString,
  trimDecimal,
  VAT_FACTOR,
  type CreateInvoice,
  type InvoiceType,
} from '@almacen/shared/domain';
import type { InvoiceCfdi, RowCfdi } from './cfdi';

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
  /** The CFDI concept this row was filled from (issue #19), if any. */
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
  /** The supplier's CFDI loaded into the form (issue #19); kept with the entry when saved. */
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

/**
 * The unit price the invoice records ("Precio de adquisición"): the typed price times 1.16 when
 * IVA is ticked and times (1 + rate/100) when IEPS is ticked, rounded half up to 3 decimals once.
 * With no box ticked it is the typed text itself. A price or rate that cannot be computed yields
 * the typed text, so validation reports it.
 */
export function purchasePriceOf(
  row: Pick<InvoiceRowValues, 'basePrice' | 'applyValueAddedTaxToPurchasePrice' | 'applyExciseTax' | 'exciseTaxRate'>,
): string {
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

/** The schema reports the price on `purchasePrice`; the user sees it under "Precio del artículo". */
export const rowFieldOf = (field: string) => (field === 'purchasePrice' ? 'basePrice' : field);

export type CreateInvoiceBody = Omit<CreateInvoice, 'products'> & {
  /** The supplier's CFDI, kept with the entry (issue #19). */
  cfdi?: { uuid: string; xml: string };
  products: Array<{
    /** With `cfdi`: the concept this line came from, so its product is remembered. */
    cfdiIndex?: number;
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

// What a CFDI concept is worth in the stock: its value in pesos AS THE CFDI STATES IT — the
// concept's Importe less its Descuento, plus the IVA and IEPS traslados it states (their Importe,
// never recomputed from a rate), times TipoCambio when the currency is not MXN, rounded to the
// cent once. Retentions stay out of the cost. The unit price the wizard shows is that value over
// the quantity, a display; the ledger records the value. Pure decimal-text arithmetic, shared by
// the parse (the row the wizard fills) and the registration (which reads the XML again and
// values the line from it, never from what a client sends).
import {
  addDecimal,
  compareDecimal,
  decimalPlaces,
  divideDecimal,
  formatCurrency,
  MAX_PRICE,
  MAX_QUANTITY,
  multiplyDecimal,
  PRICE_SCALE,
  QUANTITY_SCALE,
  subtractDecimal,
  trimDecimal,
} from '@almacen/shared/domain';
import type { Cfdi, CfdiConcept } from './cfdi-reader';

export const IVA = '002';
export const IEPS = '003';
const VAT_RATE = '0.16';
/** A stated tax further than this from the rate's own figure is named in a warning. */
const TAX_TOLERANCE = '0.01';

export interface ConceptValue {
  /** The concept's quantity at the ledger's 3 decimals. */
  quantity: string;
  /** Pesos, to the cent: what the entry line records. */
  value: string;
  /** Of which the stated IVA and IEPS, in pesos, to the cent. */
  vatAmount: string;
  iepsAmount: string;
  /** (Importe − Descuento) in pesos over the CFDI's quantity, 3 decimals: the price before taxes. */
  basePrice: string;
  /** value ÷ quantity, 3 decimals: the price the screens show. */
  purchasePrice: string;
  /** value ÷ quantity, 6 decimals: the unit cost the kardex shows for the line. */
  unitCost: string;
  /** Said on the row; the line is still worth `value`. */
  warnings: string[];
  /** What the form would refuse at save (over a maximum, nothing left after rounding): said at parse. */
  errors: string[];
}

/** The multiplier to pesos: TipoCambio for a foreign currency, else 1. */
export const toPesos = (cfdi: Pick<Cfdi, 'currency' | 'exchangeRate'>): string =>
  cfdi.currency !== 'MXN' && cfdi.currency !== 'XXX' && cfdi.exchangeRate ? cfdi.exchangeRate : '1';

const cents = (value: string) => multiplyDecimal(value, '1', 2);
const money = (value: string) => formatCurrency(cents(value));
const sum = (values: Array<string | null>) => addDecimal('0', ...values.map((v) => v ?? '0'));
const percent = (rate: string) => trimDecimal(multiplyDecimal(rate, '100', 6));

/** The concept's value and its row's figures (ConceptValue). */
export function conceptValue(cfdi: Pick<Cfdi, 'currency' | 'exchangeRate'>, concept: CfdiConcept): ConceptValue {
  const warnings: string[] = [];
  const errors: string[] = [];
  const rate = toPesos(cfdi);
  const net = subtractDecimal(concept.amount, concept.discount);
  const vat = sum(concept.transfers.filter((t) => t.tax === IVA).map((t) => t.amount));
  const ieps = sum(concept.transfers.filter((t) => t.tax === IEPS).map((t) => t.amount));
  const value = cents(multiplyDecimal(addDecimal(net, vat, ieps), rate, 12));
  // An amount the CFDI states, as the CFDI states it: in pesos, or in its currency with what it is in pesos.
  const stated = (amount: string) =>
    rate === '1'
      ? money(amount)
      : `${formatCurrency(cents(amount)).replace('$', '')} ${cfdi.currency} = ${money(multiplyDecimal(amount, rate, 12))}`;
  const vatAmount = cents(multiplyDecimal(vat, rate, 12));
  const iepsAmount = cents(multiplyDecimal(ieps, rate, 12));

  for (const t of concept.transfers) {
    if (t.tax === IVA && t.factor === 'Tasa' && t.amount !== null && compareDecimal(t.rate!, VAT_RATE) === 0) {
      // IVA is charged on the price with IEPS; some issuers leave the IEPS out of its base. A
      // stated amount far from both is named (the value still takes it as stated).
      const expected = cents(multiplyDecimal(addDecimal(net, ieps), VAT_RATE, 12));
      const withoutIeps = cents(multiplyDecimal(net, VAT_RATE, 12));
      const amount = t.amount;
      const far = (figure: string) => compareDecimal(subtractDecimal(amount, figure).replace('-', ''), TAX_TOLERANCE) > 0;
      if (far(expected) && far(withoutIeps)) {
        warnings.push(
          `El IVA del concepto en el CFDI (${stated(amount)}) no es el 16 % de su importe (${stated(expected)}); se tomó el del CFDI.`,
        );
      }
    } else if (t.tax === IVA && t.factor === 'Tasa' && t.amount !== null && compareDecimal(t.rate!, '0') > 0) {
      warnings.push(`IVA a la tasa de ${percent(t.rate!)} %: el valor incluye el IVA que declara el CFDI (${stated(t.amount)}).`);
    } else if (t.tax !== IVA && t.tax !== IEPS) {
      warnings.push(`Traslado de impuesto ${t.tax} que no forma parte del costo.`);
    }
  }
  for (const w of concept.withholdings) {
    const name = w.tax === '001' ? 'ISR' : w.tax === IVA ? 'IVA' : w.tax;
    warnings.push(`Retención de ${name} por ${stated(w.amount ?? '0')}: no forma parte del costo; el total del CFDI la descuenta.`);
  }
  const quantity = multiplyDecimal(concept.quantity, '1', QUANTITY_SCALE);
  if (decimalPlaces(concept.quantity) > QUANTITY_SCALE && compareDecimal(quantity, concept.quantity) !== 0) {
    warnings.push(
      `La cantidad ${concept.quantity} tiene más de ${QUANTITY_SCALE} decimales; se registra ${quantity} y el valor del concepto no cambia.`,
    );
  }
  let basePrice = '0';
  let purchasePrice = '0';
  let unitCost = '0';
  if (compareDecimal(quantity, '0') === 0) {
    errors.push(`La cantidad ${concept.quantity} redondeada a ${QUANTITY_SCALE} decimales es 0; el almacén no la puede registrar.`);
  } else {
    // The CFDI's unit value after its discount, in pesos (over the CFDI's own quantity).
    basePrice = divideDecimal(multiplyDecimal(net, rate, 12), concept.quantity, PRICE_SCALE);
    purchasePrice = divideDecimal(value, quantity, PRICE_SCALE);
    unitCost = divideDecimal(value, quantity, 6);
    if (compareDecimal(quantity, MAX_QUANTITY) > 0) {
      errors.push(`La cantidad ${concept.quantity} es mayor que la máxima que registra el almacén (${MAX_QUANTITY}).`);
    }
    if (compareDecimal(value, '0') === 0) {
      errors.push('El concepto no tiene valor (importe menos descuento e impuestos en 0); el almacén no registra entradas sin valor.');
    } else if (compareDecimal(purchasePrice, '0') === 0) {
      errors.push(
        `El precio unitario que resulta (${money(value)} entre ${trimDecimal(quantity)}) es menor que $0.001; el almacén no lo puede mostrar.`,
      );
    }
    if (compareDecimal(purchasePrice, MAX_PRICE) > 0) {
      errors.push(`El precio unitario que resulta (${purchasePrice}) es mayor que el máximo que registra el almacén (${MAX_PRICE}).`);
    }
  }
  return { quantity, value, vatAmount, iepsAmount, basePrice, purchasePrice, unitCost, warnings, errors };
}

/** The CFDI's own figures in pesos: its Total and its retentions, to the cent. */
export function cfdiTotals(cfdi: Pick<Cfdi, 'currency' | 'exchangeRate' | 'total' | 'withheldTotal'>): { total: string; withheld: string } {
  const rate = toPesos(cfdi);
  return { total: cents(multiplyDecimal(cfdi.total, rate, 12)), withheld: cents(multiplyDecimal(cfdi.withheldTotal, rate, 12)) };
}

// The supplier's CFDI in the invoice wizard: what POST /api/cfdi/parse answers and how
// it fills the form — exactly as if the person had typed each value and ticked the boxes, so the
// price shown and saved follows the wizard's own rules (invoice-values.ts). What the form cannot
// hold exactly comes as a warning that stays visible on its row.
import { isGtin, normalizeBarcode, type CfdiAnalysis } from '@almacen/shared/domain';
import { unitNameOfCfdi } from '@almacen/shared/domain-pages';
import { newRowKey } from '@almacen/shared/kit';
import type { InvoiceFormValues, InvoiceRowValues } from './invoice-values';

export type { CfdiAnalysis };

/** The CFDI the form carries until it is saved with the entry. */
export interface InvoiceCfdi {
  uuid: string;
  /** The file's text, sent back with the entry and kept by the server. */
  xml: string;
  fileName: string;
  issuer: { rfc: string; name: string };
  /** The warnings that belong to no row (currency, totals). */
  warnings: string[];
  /** "Total del CFDI" (Total × TipoCambio) and the retentions it discounts, in pesos. */
  totalInPesos?: string;
  withheldInPesos?: string;
}

/** What a row remembers of its concept: shown above the row, sent as `cfdiIndex`. */
export interface RowCfdi {
  index: number;
  description: string;
  unit: string;
  /** The unit of measure «Registrar producto» proposes (ClaveUnidad by SAT_UNIT_NAMES), or null. */
  productUnit?: string | null;
  warnings: string[];
  /**
   * The concept's value in pesos as the CFDI states it, and the row as the CFDI filled it: while
   * the row is left as filled it carries that value (invoice-values.ts, carriesCfdiValue); a row
   * whose quantity, price or boxes the person changes becomes a typed line.
   */
  value?: string;
  vatAmount?: string;
  iepsAmount?: string;
  /** value ÷ quantity, 3 decimals: the price shown. */
  purchasePrice?: string;
  filled?: Pick<InvoiceRowValues, 'quantity' | 'basePrice' | 'applyValueAddedTaxToPurchasePrice' | 'applyExciseTax' | 'exciseTaxRate'>;
  /** What the entry would refuse as it is (over a maximum…): said on the row before anything is filled. */
  errors?: string[];
  /** The product was remembered for this code with another description: the person confirms it. */
  rememberedDescription?: string | null;
  /** The product remembered for it, while that is the one chosen and not yet confirmed. */
  rememberedProductId?: number | null;
  productConfirmed?: boolean;
  /** The concept's NoIdentificacion when it is a GTIN: offered as the product's «Código de barras». */
  gtin?: string | null;
}

export const CFDI_TEXTS = {
  load: 'Cargar CFDI (XML)',
  drop: 'o arrastra aquí el XML de la factura',
  loading: 'Leyendo el CFDI…',
  loaded: (uuid: string, fileName: string) => `CFDI ${uuid} cargado (${fileName}). Revisa los datos antes de guardar.`,
  registerSupplier: (name: string, rfc: string) => `Registrar proveedor ${name} (${rfc})`,
  noSupplier: (name: string, rfc: string) => `Ningún proveedor tiene el RFC ${rfc} (${name}).`,
  registerProduct: 'Registrar producto',
  concept: (row: RowCfdi) => `Concepto ${row.index} del CFDI: ${row.description} (${row.unit})`,
  loadError: 'leer el CFDI',
  supplierError: 'registrar el proveedor',
  notXmlFile: 'Elige el archivo XML del CFDI (termina en .xml).',
  tooLarge: 'El archivo XML es demasiado grande (máximo 2 MB).',
  remove: 'Quitar CFDI',
  confirmProduct: 'Es el mismo producto',
  rememberedOther: (description: string) =>
    description === ''
      ? 'Este código ya se registró antes con un producto; revisa que sea el mismo.'
      : `Antes se registró «${description}» con este código; revisa el producto.`,
  typed: 'Tecleado: ya no lleva el valor del CFDI.',
  cfdiValue: (value: string, taxes: string, quantity: string, price: string) => `Valor del CFDI: ${value}${taxes} ÷ ${quantity} = ${price}`,
  offerBarcode: (code: string, name: string) => `El CFDI trae el código de barras ${code} (NoIdentificacion) y «${name}» no tiene uno.`,
  saveBarcode: 'Guardar como su código de barras',
  barcodeOfOther: (code: string, name: string) => `El código de barras ${code} de este concepto es de «${name}»; revisa el producto.`,
} as const;

/** A concept's NoIdentificacion as a «Código de barras», when it is a GTIN (check digit right). */
export function gtinOf(productCode: string | null | undefined): string | null {
  const code = productCode ? normalizeBarcode(productCode) : '';
  return isGtin(code) ? code : null;
}

export const MAX_CFDI_FILE_BYTES = 2 * 1024 * 1024;

/** "Número de factura": Serie + Folio, or the UUID when there is no folio. */
export function invoiceNumberOf(analysis: Pick<CfdiAnalysis, 'series' | 'folio' | 'uuid'>): string {
  if (!analysis.folio) return analysis.uuid;
  return `${analysis.series ?? ''}${analysis.folio}`.slice(0, 50);
}

/** The global warnings: those that name no concept (each row shows its own). */
export function headerWarnings(analysis: CfdiAnalysis): string[] {
  return analysis.warnings.filter((w) => !/^Concepto \d+ \(/.test(w));
}

/** The form after loading a CFDI: header and one row per concept; type and signers are kept. */
export function applyCfdi(
  values: InvoiceFormValues,
  analysis: CfdiAnalysis,
  xml: string,
  fileName: string,
  newKey: () => string = newRowKey,
): InvoiceFormValues {
  return {
    ...values,
    supplierId: analysis.supplier?.id ?? null,
    invoiceNumber: invoiceNumberOf(analysis),
    invoiceDate: analysis.date,
    cfdi: {
      uuid: analysis.uuid,
      xml,
      fileName,
      issuer: analysis.issuer,
      warnings: headerWarnings(analysis),
      totalInPesos: analysis.totalInPesos,
      withheldInPesos: analysis.withheldInPesos,
    },
    products: analysis.lines.map((line): InvoiceRowValues => {
      const filled = {
        quantity: line.form.quantity,
        basePrice: line.form.basePrice,
        applyValueAddedTaxToPurchasePrice: line.form.applyValueAddedTaxToPurchasePrice,
        applyExciseTax: line.form.applyExciseTax,
        exciseTaxRate: line.form.exciseTaxRate,
      };
      return {
        key: newKey(),
        productId: line.product?.id ?? null,
        ...filled,
        observations: '',
        cfdi: {
          index: line.index,
          description: line.description,
          unit: line.unitName ? `${line.unitName}, ${line.satUnitCode}` : line.satUnitCode,
          productUnit: unitNameOfCfdi(line.satUnitCode, line.unitName),
          warnings: line.warnings,
          value: line.value,
          vatAmount: line.vatAmount,
          iepsAmount: line.iepsAmount,
          purchasePrice: line.purchasePrice,
          filled,
          errors: line.errors,
          rememberedDescription: line.rememberedDescription,
          rememberedProductId: line.rememberedDescription === null ? null : (line.product?.id ?? null),
          productConfirmed: false,
          gtin: gtinOf(line.productCode),
        },
      };
    }),
  };
}

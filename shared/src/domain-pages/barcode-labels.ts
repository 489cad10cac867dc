// «Imprimir etiquetas»: what POST /api/reports/labels accepts and how each code is drawn. The
// portal's dialog and the API share these limits and messages.
//
// Symbology: a GTIN is printed in the symbology made for its length — GTIN-13 as EAN-13, GTIN-8
// as EAN-8, GTIN-12 as UPC-A. A GTIN-14 is printed as Code 128 of its 14 digits rather than
// ITF-14: ITF-14 is meant for corrugated cartons, needs bearer bars and a tall symbol, and does
// not read reliably at the 25 mm height of these labels; Code 128 reads back the same 14 digits.
// Internal codes (and any other code with letters) are Code 128.
import { isGtin } from '@almacen/shared/domain';

export const LABEL_LAYOUTS = ['LETTER_30', 'THERMAL_50X25'] as const;
export type LabelLayout = (typeof LABEL_LAYOUTS)[number];

export const LABEL_LAYOUT_NAMES: Record<LabelLayout, string> = {
  LETTER_30: 'Hoja carta de 30 (5160)',
  THERMAL_50X25: 'Etiqueta térmica 50 × 25 mm',
};

export const MAX_LABEL_COPIES = 100;
/** Labels in one file: 50 letter sheets, or 1,500 thermal labels. */
export const MAX_LABELS = 1500;

export type Symbology = 'EAN13' | 'EAN8' | 'UPCA' | 'CODE128';

export function symbologyOf(code: string): Symbology {
  if (!isGtin(code)) return 'CODE128';
  if (code.length === 13) return 'EAN13';
  if (code.length === 8) return 'EAN8';
  if (code.length === 12) return 'UPCA';
  return 'CODE128';
}

export const LABEL_MESSAGES = {
  noProducts: 'Elige al menos un producto para imprimir sus etiquetas.',
  productIds: 'Los productos deben indicarse por su número: productIds es una lista de identificadores enteros positivos.',
  copies: `Las copias por producto deben ser un número entero de 1 a ${MAX_LABEL_COPIES}.`,
  layout: 'El formato de etiqueta debe ser "LETTER_30" (hoja carta de 30) o "THERMAL_50X25" (etiqueta térmica de 50 × 25 mm).',
} as const;

/** «Son 1,600 etiquetas: …» when products × copies is over MAX_LABELS. */
export const tooManyLabelsMessage = (count: number) =>
  `Son ${count.toLocaleString('es-MX')} etiquetas y el máximo por archivo es ${MAX_LABELS.toLocaleString('es-MX')}: elige menos productos o menos copias.`;

/** «No existe el producto no. 12.» / «No existen los productos no. 12, 14.» */
export const unknownLabelProductsMessage = (ids: number[]) =>
  ids.length === 1 ? `No existe el producto no. ${ids[0]}.` : `No existen los productos no. ${ids.join(', ')}.`;

/** The products that cannot get a label yet, named, and what to do about it. */
export function missingBarcodeMessage(products: Array<{ id: number; name: string }>): string {
  const named = products.map((product) => `no. ${product.id} «${product.name}»`);
  const what =
    products.length === 1
      ? `El producto ${named[0]} no tiene código de barras`
      : `Estos productos no tienen código de barras: ${named.join(', ')}`;
  return `${what}. Genéralo con «Generar código interno» o captúralo en «Editar producto», y vuelve a imprimir.`;
}

export interface LabelsRequest {
  productIds: number[];
  copies: number;
  layout: LabelLayout;
}

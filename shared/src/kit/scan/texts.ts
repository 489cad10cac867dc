// What every way of reading a code says, and how a read code finds its product.
import { normalizeBarcode } from '@almacen/shared/domain';

export const SCAN_TEXTS = {
  label: 'Código de barras',
  hint: 'Escanea el código del producto o escríbelo y pulsa Enter: se agrega a la lista.',
  unknown: (code: string) => `No hay un producto con el código ${code}.`,
  openInProducts: 'Abrirlo en «Productos»',
  added: (name: string) => `Agregado: ${name}.`,
  camera: 'Escanear',
  cameraTitle: 'Escanear con la cámara',
  cameraAim: 'Apunta la cámara al código de barras del producto: se lee solo.',
  cameraStarting: 'Abriendo la cámara…',
  cameraDenied: 'No se pudo usar la cámara: permite el acceso a la cámara en el navegador para este portal y vuelve a intentarlo.',
  cameraMissing: 'Este navegador o este equipo no tiene una cámara que el portal pueda usar.',
  readerFailed: 'No se pudo cargar el lector de códigos. Cierra y vuelve a intentarlo.',
  cameraRead: (name: string) => `Leído: ${name}`,
  cameraReads: (count: number) => (count === 1 ? '1 código leído' : `${count} códigos leídos`),
  close: 'Cerrar',
  video: 'Imagen de la cámara',
} as const;

/** Where an unknown code is offered: the products page opens its form with the code filled in. */
export const productsLink = (code: string) => `/dashboard/catalogs/products?codigo=${encodeURIComponent(code)}`;

/** The query parameter of that link. */
export const CODE_PARAM = 'codigo';

export interface ScannableProduct {
  id: number;
  name: string;
  barcode?: string | null;
}

/** What a page answers to a read product: nothing when taken, a sentence when refused. */
export type ScanResult = string | void;

/**
 * The product of a typed or read code, or the normalized code when none has it; null for a blank
 * text. A UPC-A read (12 digits) also finds the same GTIN stored with its leading zero (13), and
 * the other way round: cameras report either.
 */
export function findByCode<P extends ScannableProduct>(
  products: readonly P[] | undefined,
  text: string,
): { code: string; product: P | undefined } | null {
  const code = normalizeBarcode(text);
  if (!code) return null;
  const same = [code, /^\d{12}$/.test(code) ? `0${code}` : null, /^0\d{12}$/.test(code) ? code.slice(1) : null];
  const product = products?.find((p) => p.barcode != null && same.includes(p.barcode));
  return { code, product };
}

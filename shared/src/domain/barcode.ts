// A product's «Código de barras»: a manufacturer's GTIN (8, 12, 13 or 14 digits, the last one a
// check digit) or an internal code. A code of digits only is a GTIN, so its check digit is
// verified (a misread or mistyped digit is caught before it names another product); an internal
// code holds at least one letter, so it can never be taken for a GTIN. Internal codes made by
// Almacén are "ALM" and the product's id in at least six digits ("ALM000042"), printed as Code 128.

export const GTIN_LENGTHS = [8, 12, 13, 14] as const;
export const MAX_BARCODE_LENGTH = 40;
export const INTERNAL_BARCODE_PREFIX = 'ALM';

export const BARCODE_MESSAGES = {
  gtinLength: 'Un código de barras de solo dígitos es un GTIN: debe tener 8, 12, 13 o 14 dígitos.',
  characters: `El código de barras admite letras sin acentos, dígitos y los signos - . / (hasta ${MAX_BARCODE_LENGTH} caracteres).`,
} as const;

/** «El dígito verificador no corresponde…», with the digit the code should end in. */
export const checkDigitMessage = (expected: number) =>
  `El dígito verificador no corresponde: con esos dígitos, el código debe terminar en ${expected}.`;

/** The GS1 check digit of the digits before it (weights 3 and 1 from the right). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

const INTERNAL_RE = /^[A-Z0-9][A-Z0-9./-]*$/;

/** The code as stored: trimmed, letters in capitals. */
export const normalizeBarcode = (code: string): string => code.trim().toUpperCase();

/** What is wrong with a code (already normalized), or null when it is a valid GTIN or internal code. */
export function barcodeProblem(code: string): string | null {
  if (/^\d+$/.test(code)) {
    if (!(GTIN_LENGTHS as readonly number[]).includes(code.length)) return BARCODE_MESSAGES.gtinLength;
    const expected = gtinCheckDigit(code.slice(0, -1));
    return Number(code.at(-1)) === expected ? null : checkDigitMessage(expected);
  }
  if (code.length > MAX_BARCODE_LENGTH || !INTERNAL_RE.test(code)) return BARCODE_MESSAGES.characters;
  return null;
}

/** Whether the code is a GTIN (digits only, of a GTIN's length, its check digit right). */
export const isGtin = (code: string): boolean => /^\d+$/.test(code) && barcodeProblem(code) === null;

/** The internal code Almacén gives a product: stable, one per id. */
export const internalBarcode = (productId: number): string => `${INTERNAL_BARCODE_PREFIX}${String(productId).padStart(6, '0')}`;

/** «Ya existe el producto «Café molido» con el código de barras 7501234567895.» */
export const duplicateBarcodeMessage = (name: string, code: string) => `Ya existe el producto «${name}» con el código de barras ${code}.`;
export const HAS_BARCODE_MESSAGE = 'El producto ya tiene un código de barras; bórralo en «Editar producto» para generar uno interno.';
/** The product already has a code and a given one would replace it: it is kept. */
export const keptBarcodeMessage = (code: string) => `El producto ya tiene el código de barras ${code}; se conserva.`;

// Building blocks for the schemas: each carries its Spanish message, so the forms and the API
// show the same words.
import { Struct } from 'superstruct';
import {
  BARCODE_MESSAGES,
  barcodeProblem,
  normalizeBarcode,
  MAX_INT4,
  MAX_OBSERVATIONS_LENGTH,
  MAX_TEXT_LENGTH,
  MIN_DOCUMENT_DATE,
  compareDecimal,
  decimalPlaces,
  toDecimalString,
  isCalendarDate,
} from '@almacen/shared/domain';
import { described, describedList, type JsonSchema } from './json-schema';

export const MESSAGES = {
  tooLong: (max: number) => `Este campo admite como máximo ${max} caracteres.`,
  decimals: (scale: number) => `El valor admite como máximo ${scale} decimales.`,
  tooLarge: (max: string) => `El valor no puede ser mayor a ${max}.`,
  notNumber: 'El valor debe ser un número no negativo.',
  invalidDate: 'La fecha no es válida; usa el formato AAAA-MM-DD.',
  futureDate: 'La fecha no puede ser posterior a hoy.',
  pastDate: 'La fecha no puede ser anterior al 1 de enero de 2000.',
  bidiControl: 'El texto contiene caracteres de control invisibles no permitidos.',
  observations: `Las observaciones admiten como máximo ${MAX_OBSERVATIONS_LENGTH} caracteres.`,
  boolean: 'El valor debe ser verdadero o falso.',
  rfc: 'El RFC del proveedor no tiene un formato válido (por ejemplo, ABC010203XY9).',
} as const;

/**
 * A character someone can see: not white space, not a control or format character (zero-width
 * space and joiners, bidi controls, BOM), not a combining mark on its own, not a blank filler.
 */
const VISIBLE_RE = /[^\s\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{M}\p{Z}\u115F\u1160\u3164\uFFA0\u2800]/u;
/** Bidi embeddings, overrides and isolates: they make a name read differently from what it is. */
const BIDI_CONTROL_RE = /[\u202A-\u202E\u2066-\u2069]/;

/** Whether a text has at least one visible character ("\u200B\u202E" has none). */
export const hasVisibleText = (value: string): boolean => VISIBLE_RE.test(value);

/** Whether a text holds a bidi embedding, override or isolate. */
export const hasBidiControl = (value: string): boolean => BIDI_CONTROL_RE.test(value);

/**
 * The rule every free text a request carries obeys — names, invoice numbers, descriptions,
 * observations, reasons, typed or from a file: no bidi embedding, override or isolate, which
 * would make the kardex, the acta or a report read something other than what was stored.
 * Answers the message to show, or null when the text passes.
 */
export const freeTextError = (value: string): string | null => (hasBidiControl(value) ? MESSAGES.bidiControl : null);

/** A required text with something visible in it (white space or invisible characters alone fail). */
export const requiredText = (message: string, max: number = MAX_TEXT_LENGTH) =>
  described<string>('requiredText', { type: 'string', minLength: 1, maxLength: max }, (value) => {
    if (typeof value !== 'string' || !hasVisibleText(value)) return message;
    const refused = freeTextError(value);
    if (refused) return refused;
    if (value.trim().length > max) return MESSAGES.tooLong(max);
    return true;
  });

/** A positive integer id, as a PostgreSQL `integer` holds it. */
export const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= MAX_INT4;

/** A required integer id (database serial). */
const ID_SCHEMA: JsonSchema = { type: 'integer', minimum: 1, maximum: MAX_INT4 };

export const entityId = (message: string) => described<number>('entityId', ID_SCHEMA, (value) => isId(value) || message);

/** An id that may be empty (null or absent). */
export const optionalEntityId = (message: string) =>
  described<number | null | undefined>(
    'optionalEntityId',
    ID_SCHEMA,
    (value) => value === null || value === undefined || isId(value) || message,
  );

export const WAREHOUSE_ID_MESSAGE = 'Indica un almacén válido.';
/** The warehouse a document belongs to: absent = the only one the caller may use. */
export const documentWarehouse = () => optionalEntityId(WAREHOUSE_ID_MESSAGE);

export interface DecimalOptions {
  /** Message when the value is missing, not a number, or (with `positive`) not above 0. */
  message: string;
  scale: number;
  max: string;
  positive?: boolean;
}

/** A non-negative decimal written out, as the API reads one (toDecimalString). */
export const DECIMAL_PATTERN = '[0-9]+(\\.[0-9]+)?';

/** The JSON Schema branches of a decimal a client sends: its text ("12.5"; `empty` also takes ""), or a non-negative number. */
export const decimalBranches = (empty = false): JsonSchema[] => [
  { type: 'string', pattern: empty ? `^(${DECIMAL_PATTERN})?$` : `^${DECIMAL_PATTERN}$` },
  { type: 'number', minimum: 0 },
];

/** A decimal as JSON carries it, with what it must be. */
const decimalSchema = (description: string, empty = false): JsonSchema => ({
  oneOf: decimalBranches(empty),
  description: `Decimal (texto o número) ${description}.`,
});
const limits = (scale: number, max: string) => `a lo más ${scale} decimales, hasta ${max}`;

/** A non-negative decimal given as a number or a decimal string, with a fixed number of decimals. */
export const decimal = ({ message, scale, max, positive = true }: DecimalOptions) =>
  described<string | number>('decimal', decimalSchema(`${positive ? '> 0' : '≥ 0'}, ${limits(scale, max)}`), (value) => {
    if (value === undefined || value === null || value === '') return message;
    const text = toDecimalString(value);
    if (text === null) return positive ? message : MESSAGES.notNumber;
    if (positive && compareDecimal(text, '0') <= 0) return message;
    if (decimalPlaces(text) > scale) return MESSAGES.decimals(scale);
    if (compareDecimal(text, max) > 0) return MESSAGES.tooLarge(max);
    return true;
  });

/**
 * An optional non-negative decimal (a stock level): absent (undefined) leaves the stored value
 * as it is, null or "" clears it; otherwise ≥ 0 with at most `scale` decimals, up to `max`.
 */
export const optionalDecimal = ({ message, scale, max }: Omit<DecimalOptions, 'positive'>) =>
  described<string | number | null | undefined>(
    'optionalDecimal',
    decimalSchema(`≥ 0, ${limits(scale, max)}; null o "" lo borra, omitido no cambia`, true),
    (value) => {
      if (value === undefined || value === null || value === '') return true;
      const text = toDecimalString(value);
      if (text === null) return message;
      if (decimalPlaces(text) > scale) return MESSAGES.decimals(scale);
      if (compareDecimal(text, max) > 0) return MESSAGES.tooLarge(max);
      return true;
    },
  );

/** A calendar date (YYYY-MM-DD) from MIN_DOCUMENT_DATE up to `today()`. */
export const pastOrToday = (message: string, today: () => string) =>
  described<string>(
    'pastOrToday',
    {
      type: 'string',
      format: 'date',
      example: '2026-03-31',
      description: `Desde ${MIN_DOCUMENT_DATE}, no posterior a hoy (zona horaria de la institución)`,
    },
    (value) => {
      if (value === undefined || value === null || value === '') return message;
      if (!isCalendarDate(value)) return MESSAGES.invalidDate;
      if (value > today()) return MESSAGES.futureDate;
      if (value < MIN_DOCUMENT_DATE) return MESSAGES.pastDate;
      return true;
    },
  );

/** Optional observations: at most MAX_OBSERVATIONS_LENGTH characters, a free text (freeTextError). */
export const observations = () =>
  described<string | null | undefined>('observations', { type: 'string', maxLength: MAX_OBSERVATIONS_LENGTH }, (value) => {
    if (value === undefined || value === null) return true;
    if (typeof value !== 'string' || value.length > MAX_OBSERVATIONS_LENGTH) return MESSAGES.observations;
    return freeTextError(value) ?? true;
  });

export const flag = () => described<boolean>('flag', { type: 'boolean' }, (value) => typeof value === 'boolean' || MESSAGES.boolean);

export const oneOf = <T extends string>(values: readonly T[], message: string) =>
  described<T>(
    'oneOf',
    { type: 'string', enum: [...values] },
    (value) => (typeof value === 'string' && (values as readonly string[]).includes(value)) || message,
  );

/** A list of document lines: at least `min` (with `minMessage`), each checked by `line`. */
export function lines<T, S>(line: Struct<T, S>, minMessage: string, max: number) {
  return describedList<T[], Struct<T, S>>(
    {
      type: 'lines',
      // A list over the limit is refused as a list, without reading its lines.
      *entries(value) {
        if (Array.isArray(value) && value.length <= max) {
          for (const [i, v] of value.entries()) yield [i, v, line];
        }
      },
      validator: (value) =>
        !Array.isArray(value) || value.length < 1 ? minMessage : value.length <= max || `El documento admite como máximo ${max} productos.`,
    },
    line,
    { minItems: 1, maxItems: max },
  );
}

/** Mexican RFC: 3 (moral) or 4 (física) letters, a YYMMDD date and a 3-character homoclave. */
/**
 * SAT's generic RFCs, shared by many suppliers (foreign ones, the general public): the only RFCs
 * two suppliers may have in common.
 */
export const GENERIC_RFCS: readonly string[] = ['XAXX010101000', 'XEXX010101000'];

/** «Ya existe el proveedor «Papelería Sol» con el RFC PSO010203AB1.» */
export const duplicateRfcMessage = (name: string, rfc: string) => `Ya existe el proveedor «${name}» con el RFC ${rfc}.`;

export const RFC_RE = /^[A-ZÑ&]{3,4}\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[A-Z\d]{2}[A\d]$/;

export const rfc = (requiredMessage: string) =>
  described<string>(
    'rfc',
    {
      type: 'string',
      example: 'ABC010203XY9',
      description: 'RFC: 3 o 4 letras, la fecha AAMMDD y una homoclave de 3 caracteres',
    },
    (value) => {
      if (typeof value !== 'string' || value.trim().length === 0) return requiredMessage;
      return RFC_RE.test(value.trim().toUpperCase()) || MESSAGES.rfc;
    },
  );

/**
 * A product's «Código de barras» that may be empty (null, "" or absent): a GTIN whose check digit
 * is right, or an internal code (barcode.ts). Spaces around it and lower-case letters are accepted
 * and stored trimmed, in capitals.
 */
const BARCODE_SCHEMA: JsonSchema = {
  type: 'string',
  example: '7501234567895',
  description:
    'Código de barras: un GTIN de 8, 12, 13 o 14 dígitos con su dígito verificador, o un código interno (letras, dígitos y - . /, con al menos una letra).',
};

export const optionalBarcode = () =>
  described<string | null | undefined>('optionalBarcode', BARCODE_SCHEMA, (value) => {
    if (value === null || value === undefined || value === '') return true;
    if (typeof value !== 'string') return BARCODE_MESSAGES.characters;
    const code = normalizeBarcode(value);
    return code === '' || barcodeProblem(code) || true;
  });

/** What an e-mail looks like: one @, no spaces, a dot in the domain; at most 254 characters. */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

/** An e-mail as it is kept: trimmed and in lower case ('' for none). */
export const normalizeEmail = (value: string): string => value.trim().toLowerCase();

/** An optional e-mail: absent, null or '' for none; else it must look like one (`message`). */
export const optionalEmail = (message: string) =>
  described<string | null | undefined>(
    'optionalEmail',
    { type: 'string', maxLength: 254, example: 'maria.lopez@escuela.edu.mx' },
    (value) => {
      if (value === null || value === undefined || value === '') return true;
      if (typeof value !== 'string') return message;
      const email = normalizeEmail(value);
      return email === '' || (email.length <= 254 && EMAIL_RE.test(email)) || message;
    },
  );

// «Imprimir etiquetas»: the body of POST /api/reports/labels, with the limits and messages the
// portal's dialog shows (@almacen/shared/domain-pages' barcode-labels).
import { refine, type, type Infer } from 'superstruct';
import { MAX_INT4 } from '@almacen/shared/domain';
import {
  LABEL_LAYOUT_NAMES,
  LABEL_LAYOUTS,
  LABEL_MESSAGES,
  MAX_LABEL_COPIES,
  MAX_LABELS,
  tooManyLabelsMessage,
} from '@almacen/shared/domain-pages';
import type { LabelLayout } from '@almacen/shared/domain-pages';
import { described } from './json-schema';
import { isId } from './primitives';

const productIds = () =>
  described<number[]>(
    'labelProductIds',
    {
      type: 'array',
      minItems: 1,
      items: { type: 'integer', minimum: 1, maximum: MAX_INT4 },
      description: 'Los productos, en el orden en que se imprimen (uno repetido cuenta una vez)',
    },
    (value) => {
      if (value === undefined || (Array.isArray(value) && value.length === 0)) return LABEL_MESSAGES.noProducts;
      return (Array.isArray(value) && value.every(isId)) || LABEL_MESSAGES.productIds;
    },
  );

const copies = () =>
  described<number>(
    'labelCopies',
    { type: 'integer', minimum: 1, maximum: MAX_LABEL_COPIES, description: 'Etiquetas de cada producto' },
    (value) => (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_LABEL_COPIES) || LABEL_MESSAGES.copies,
  );

const layout = () =>
  described<LabelLayout>(
    'labelLayout',
    {
      type: 'string',
      enum: [...LABEL_LAYOUTS],
      description: LABEL_LAYOUTS.map((name) => `${name}: ${LABEL_LAYOUT_NAMES[name]}`).join('; '),
    },
    (value) => (typeof value === 'string' && (LABEL_LAYOUTS as readonly string[]).includes(value)) || LABEL_MESSAGES.layout,
  );

/** The labels asked for: at most MAX_LABELS in one file (the products, each once, × the copies). */
export const labelsRequestSchema = refine(
  type({ productIds: productIds(), copies: copies(), layout: layout() }),
  'maxLabels',
  (value, context) => {
    const total = new Set(value.productIds).size * value.copies;
    return total <= MAX_LABELS || { path: [...context.path, 'copies'], message: tooManyLabelsMessage(total) };
  },
);

export type LabelsBody = Infer<typeof labelsRequestSchema>;

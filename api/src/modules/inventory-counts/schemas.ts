// JSON Schemas of the count sessions' answers (OpenAPI + serialization); their bodies are
// documented from the shared schemas that validate them.
import { COUNT_STATUSES } from '@almacen/shared/domain';
import { decimalString } from '../../http/schemas';
import { movementSchema } from '../ledger/schemas';

const id = { type: 'integer', minimum: 1 } as const;
const date = { type: 'string', format: 'date', example: '2026-03-31' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const decimal = { ...decimalString, example: '12.5' } as const;
const nullableDecimal = { ...decimalString, nullable: true } as const;
const who = { type: 'object', required: ['sub', 'name'], properties: { sub: { type: 'string' }, name: { type: 'string' } } } as const;
const signer = { type: 'object', nullable: true, required: ['id', 'name'], properties: { id, name: { type: 'string' } } } as const;

const summaryProperties = {
  id,
  cutoffDate: { ...date, description: 'Fecha de corte' },
  description: { type: 'string' },
  categoryIds: { type: 'array', items: id, description: 'Partidas del alcance; vacío = todos los productos' },
  status: { type: 'string', enum: [...COUNT_STATUSES] },
  createdAt: dateTime,
  createdBy: who,
  closedAt: { ...dateTime, nullable: true, description: 'Cuándo se aplicó o descartó' },
  closedBy: { ...who, nullable: true },
  director: { ...signer, description: 'Director del plantel (firma el acta)' },
  warehouseKeeper: { ...signer, description: 'Almacenista (firma el acta)' },
  witness: { ...signer, description: 'Testigo (firma el acta)' },
  lineCount: { type: 'integer' },
  countedLines: { type: 'integer' },
  uncountedLines: { type: 'integer', description: 'Líneas «Sin contar»: no se ajustan' },
  differences: { type: 'integer', description: 'Líneas contadas cuya cantidad difiere de la existencia en libros' },
  surplusQuantity: decimal,
  surplusValue: { ...decimal, description: 'Sobrantes × su costo unitario, o sin él el costo promedio al abrir el conteo (exacto)' },
  surplusLines: { type: 'integer', description: 'Líneas contadas con sobrante' },
  shortageLines: { type: 'integer', description: 'Líneas contadas con faltante' },
  shortageQuantity: decimal,
  shortageValue: { ...decimal, description: 'Faltantes × costo promedio al abrir el conteo (exacto)' },
} as const;

export const countSummarySchema = { type: 'object', required: Object.keys(summaryProperties), properties: summaryProperties } as const;

export const countLineSchema = {
  type: 'object',
  required: [
    'productId',
    'productName',
    'unit',
    'category',
    'bookQuantity',
    'bookAverage',
    'bookValue',
    'countedQuantity',
    'difference',
    'differenceValue',
    'unitCost',
    'observations',
    'movementId',
  ],
  properties: {
    productId: id,
    productName: { type: 'string' },
    unit: { type: 'string', nullable: true },
    category: { type: 'string', nullable: true, description: 'Partida' },
    bookQuantity: { ...decimal, description: 'Existencia en libros al abrir el conteo' },
    bookAverage: { ...decimal, description: 'Costo promedio al abrir el conteo' },
    bookValue: decimal,
    countedQuantity: nullableDecimal,
    difference: { ...nullableDecimal, description: 'Contada − en libros (null sin contar)' },
    differenceValue: {
      ...nullableDecimal,
      description: 'Diferencia × costo: el costo unitario de un sobrante, o el costo promedio al abrir el conteo',
    },
    unitCost: { ...nullableDecimal, description: 'Costo unitario de un sobrante (sin él: el costo promedio vigente)' },
    observations: { type: 'string', nullable: true },
    movementId: { type: 'integer', nullable: true, description: 'El ajuste que registró la aplicación' },
  },
} as const;

export const countDetailSchema = {
  type: 'object',
  required: [...Object.keys(summaryProperties), 'lines'],
  properties: { ...summaryProperties, lines: { type: 'array', items: countLineSchema } },
} as const;

export const applicationSchema = {
  type: 'object',
  required: ['count', 'movements'],
  properties: { count: countDetailSchema, movements: { type: 'array', items: movementSchema } },
} as const;

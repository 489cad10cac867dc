// What "Inventario físico" says; the messages of its actions are the API layer's
// (@almacen/shared, counts).
import type { CountStatus } from '@almacen/shared/domain';

export const COUNT_STATUS_LABELS: Record<CountStatus, string> = { ABIERTO: 'Abierto', APLICADO: 'Aplicado', DESCARTADO: 'Descartado' };

/** The description the "Inventario inicial" preset gives a session; such a session needs a unit cost on every counted line. */
export const OPENING_BALANCE = 'Inventario inicial';

export const COUNTS_TEXTS = {
  title: 'Inventario físico',
  create: 'Nuevo conteo',
  upload: 'Cargar archivo',
  apply: 'Aplicar ajustes',
  discard: 'Descartar',
  acta: 'Acta de inventario físico',
  sheet: 'Hoja de conteo',
  blind: 'Conteo a ciegas (sin existencia en libros)',
} as const;

/** "3 productos": how many lines, never a sum of quantities of different units. */
export const productCount = (n: number) => (n === 1 ? '1 producto' : `${n} productos`);

// What "Cierres de periodo" says; the messages of closing and reopening are the API
// layer's (@almacen/shared, closings).
import { formatCurrency, formatDate } from '@almacen/shared/domain';

export const CLOSINGS_TEXTS = {
  title: 'Cierres de periodo',
  close: (until: string) => `Cerrar periodo hasta ${formatDate(until)}`,
  closed: (until: string) => `Periodo hasta el ${formatDate(until)} cerrado correctamente.`,
  reopen: 'Reabrir',
  reopenTitle: (until: string) => `Reabrir el periodo hasta el ${formatDate(until)}`,
  reopenExplanation:
    'Se podrán registrar de nuevo entradas, salidas y conteos con fecha de ese mes. El cierre queda en el historial como reabierto.',
  reopened: (until: string) => `Periodo hasta el ${formatDate(until)} reabierto.`,
  reason: 'Motivo de la reapertura',
  report: 'Reporte de existencias',
  dateRuleDifference: (products: number, totalValue: string) =>
    `Se cerró cuando las existencias seguían la fecha de registro: con la fecha de cada documento, ${products} ${
      products === 1 ? 'producto cambia' : 'productos cambian'
    } y el valor al cierre sería ${formatCurrency(totalValue)}. Las cifras guardadas no se modificaron.`,
} as const;

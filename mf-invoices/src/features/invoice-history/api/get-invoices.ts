// GET /api/invoices and GET /api/movements/invoices/{id} (spec §7); the SWR keys are the paths,
// so a new entry (which invalidates '/api/invoices' and '/api/movements') refreshes both.
import type { Invoice, Movement } from '@almacen/shared/domain';
import useSWR from 'swr';

export const invoiceHistoryKeys = {
  list: '/api/invoices',
  movements: (invoiceId: number) => `/api/movements/invoices/${invoiceId}`,
} as const;

export function useInvoices() {
  return useSWR<Invoice[]>(invoiceHistoryKeys.list);
}

export function useInvoiceMovements(invoiceId: number) {
  return useSWR<Movement[]>(invoiceHistoryKeys.movements(invoiceId));
}

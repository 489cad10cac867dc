// POST /api/invoices (spec §7). The Idempotency-Key makes a repeated submission of the same
// invoice return the first result instead of creating a second document (ARCHITECTURE §5).
import type { ApiClient } from '@almacen/shared';
import type { Invoice } from '@almacen/shared/domain';
import type { CreateInvoiceBody } from '../lib/invoice-values';

export const invoiceKeys = { list: '/api/invoices' } as const;

/** What a new entry changes: the entry list, every product's stock and its movements. */
export const AFTER_INVOICE_INVALIDATE = ['/api/invoices', '/api/stock', '/api/movements'];

export function createInvoice(api: ApiClient, body: CreateInvoiceBody, idempotencyKey: string): Promise<Invoice> {
  return api<Invoice>(invoiceKeys.list, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

// Codes shown as labels.

export const INVOICE_TYPES = ['COMPRA_DIRECTA', 'ENTRADA_DE_ALMACEN', 'DONATIVO'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_TYPE_LABELS: Record<InvoiceType, string> = {
  COMPRA_DIRECTA: 'Compra directa',
  ENTRADA_DE_ALMACEN: 'Entrada de almacén',
  DONATIVO: 'Donativo',
};

export const MOVEMENT_TYPES = [
  'INVOICE',
  'DISPATCH',
  'INVOICE_CANCELLATION',
  'DISPATCH_CANCELLATION',
  'ADJUSTMENT_IN',
  'ADJUSTMENT_OUT',
  'TRANSFER_OUT',
  'TRANSFER_IN',
  'TRANSFER_RETURN',
] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
export const MOVEMENT_TYPE_LABELS: Record<MovementType, string> = {
  INVOICE: 'Entrada',
  DISPATCH: 'Salida',
  INVOICE_CANCELLATION: 'Cancelación de entrada',
  DISPATCH_CANCELLATION: 'Cancelación de salida',
  ADJUSTMENT_IN: 'Ajuste por inventario (sobrante)',
  ADJUSTMENT_OUT: 'Ajuste por inventario (faltante)',
  TRANSFER_OUT: 'Traspaso enviado',
  TRANSFER_IN: 'Traspaso recibido',
  TRANSFER_RETURN: 'Traspaso devuelto',
};

export const TRANSFER_STATUSES = ['ENVIADO', 'RECIBIDO', 'RECHAZADO', 'RETIRADO'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  ENVIADO: 'En tránsito',
  RECIBIDO: 'Recibido',
  RECHAZADO: 'Rechazado',
  RETIRADO: 'Retirado',
};

/**
 * Movements that add to a warehouse's stock (an entry, an exit given back by its cancellation, a
 * count's surplus, a transfer received or returned).
 */
export const isInboundMovement = (code: string): boolean =>
  code === 'INVOICE' ||
  code === 'DISPATCH_CANCELLATION' ||
  code === 'ADJUSTMENT_IN' ||
  code === 'TRANSFER_IN' ||
  code === 'TRANSFER_RETURN';

/** A document's state in the histories: cancelled once a cancellation document exists. */
export const DOCUMENT_STATUSES = ['REGISTRADA', 'CANCELADA'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export function invoiceTypeLabel(code: string): string {
  return INVOICE_TYPE_LABELS[code as InvoiceType] ?? code;
}

export function movementTypeLabel(code: string): string {
  return MOVEMENT_TYPE_LABELS[code as MovementType] ?? code;
}

/**
 * What a product without a unit of measure or a partida shows: in full on the portal's screens,
 * short in the reports' and the count sheet's narrow columns (and the home page's chart).
 */
export const MISSING_LABELS = {
  unit: 'Sin unidad de medida asignada',
  category: 'Sin partida asignada',
  unitShort: 'Sin unidad',
  categoryShort: 'Sin partida',
} as const;

/** An employee as every screen names one: first names, then last names. */
export const employeeName = (employee: { name: string; lastName: string }): string => `${employee.name} ${employee.lastName}`.trim();

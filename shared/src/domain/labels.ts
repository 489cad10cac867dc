// Codes shown as labels (product spec §3).

export const INVOICE_TYPES = ['COMPRA_DIRECTA', 'ENTRADA_DE_ALMACEN', 'DONATIVO'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_TYPE_LABELS: Record<InvoiceType, string> = {
  COMPRA_DIRECTA: 'Compra directa',
  ENTRADA_DE_ALMACEN: 'Entrada de almacén',
  DONATIVO: 'Donativo',
};

export const MOVEMENT_TYPES = ['INVOICE', 'DISPATCH'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
export const MOVEMENT_TYPE_LABELS: Record<MovementType, string> = {
  INVOICE: 'Entrada',
  DISPATCH: 'Salida',
};

export function invoiceTypeLabel(code: string): string {
  return INVOICE_TYPE_LABELS[code as InvoiceType] ?? code;
}

export function movementTypeLabel(code: string): string {
  return MOVEMENT_TYPE_LABELS[code as MovementType] ?? code;
}

// Shapes the API answers (inside `data`), every field it always sends required: the types
// generated from its OpenAPI document agree with these both ways
// (api/test/http/openapi-clients.test.ts). Request shapes are inferred from the schemas.
import type { DocumentStatus, InvoiceType, MovementType } from './labels';

export interface Described {
  id: number;
  description: string;
}
export type Category = Described;
export type Unit = Described;
export type Role = Described;

export interface Product {
  id: number;
  name: string;
  unit: Unit | null;
  category: Category | null;
  /** Existencia mínima, a decimal string; null when unset. */
  minimumStock: string | null;
  /** Existencia máxima, a decimal string; null when unset. */
  maximumStock: string | null;
  /** «Código de barras»: a GTIN or an internal code (barcode.ts); null when it has none. */
  barcode: string | null;
}

export interface Employee {
  id: number;
  name: string;
  lastName: string;
  /** The e-mail the person signs in with (lower case), or null. */
  email: string | null;
}

export interface EmployeeRoles {
  roles: Role[];
}

export interface Supplier {
  id: number;
  name: string;
  rfc: string;
}

/** An exit as the history lists it: whether it was cancelled, and if so who, when and why. */
export interface Dispatch {
  id: number;
  dispatchDate: string;
  createdAt: string;
  /** The folio of the material request it delivers ("SOL-000042"), or null. */
  requestFolio: string | null;
  status: DocumentStatus;
  cancellation: DocumentCancellation | null;
}

/** An entry as the history lists it. */
export interface Invoice {
  id: number;
  invoiceNumber: string;
  invoiceType: InvoiceType;
  invoiceDate: string;
  supplier: Supplier;
  createdAt: string;
  status: DocumentStatus;
  cancellation: DocumentCancellation | null;
  /** UUID of the supplier's CFDI kept with the entry, or null. */
  cfdiUuid: string | null;
}

/** Decimal values travel as strings so no float touches them. */
export interface Movement {
  id: number;
  productId: number;
  price: string;
  quantity: string;
  /** The value the ledger recorded for the movement (an entry's from its CFDI, if it came from one). */
  amount?: string;
  movementType: MovementType;
  observations: string | null;
  /** The date the movement counts on (YYYY-MM-DD): its document's, a count's cut-off, a cancellation's day. */
  dated?: string;
  /** The product's stock right after the movement, in registration order. */
  balanceQuantity?: string;
}

export interface Stock {
  availableQuantity: string;
  averagePrice: string;
}

/** Who cancelled a document: the token's subject and display name. */
export interface CancelledBy {
  sub: string;
  name: string;
}

/** The cancellation of an entry or an exit, as the histories show it. */
export interface DocumentCancellation {
  reason: string;
  cancelledAt: string;
  cancelledBy: CancelledBy;
}

// Answers of the API that the portal reads as they are, typed once for both sides.
import type { InvoiceType, MovementType, TransferStatus } from './labels';
import type { ClosingStatus } from './periods';

/** One concept of a CFDI as POST /api/cfdi/parse answers it. */
/** How a CFDI concept's IVA and IEPS are charged. */
export const CFDI_VAT_KINDS = ['TASA', 'EXENTO'] as const;
export const CFDI_IEPS_KINDS = ['TASA', 'CUOTA'] as const;

export interface CfdiLine {
  index: number;
  description: string;
  productCode: string | null;
  satProductCode: string;
  satUnitCode: string;
  unitName: string | null;
  quantity: string;
  unitValue: string;
  discount: string;
  amount: string;
  vat: { kind: (typeof CFDI_VAT_KINDS)[number]; rate: string | null } | null;
  ieps: { kind: (typeof CFDI_IEPS_KINDS)[number]; rate: string } | null;
  /**
   * The line's value in pesos as the CFDI states it: Importe − Descuento plus the IVA and IEPS
   * traslados it states, times TipoCambio, to the cent. What the entry records for the line.
   */
  value: string;
  /** Of `value`, the IVA and the IEPS the CFDI states, in pesos. */
  vatAmount: string;
  iepsAmount: string;
  /** value ÷ quantity to 3 decimals: the unit price shown ("Precio de adquisición"). */
  purchasePrice: string;
  product: { id: number; name: string } | null;
  /**
   * Set when `product` was remembered for this code with another description (or before
   * descriptions were kept, ""): the row asks the person to confirm the product.
   */
  rememberedDescription: string | null;
  /** The row as a typed edit starts from: the price before IVA/IEPS and the boxes. */
  form: {
    quantity: string;
    basePrice: string;
    applyValueAddedTaxToPurchasePrice: boolean;
    applyExciseTax: boolean;
    exciseTaxRate: string;
  };
  /** What the row says about the value (shown on the row). */
  warnings: string[];
  /** What the entry would refuse at save (over a maximum, a price that rounds to 0): said at once. */
  errors: string[];
}

/** POST /api/cfdi/parse. */
export interface CfdiAnalysis {
  uuid: string;
  series: string | null;
  folio: string | null;
  date: string;
  currency: string;
  exchangeRate: string | null;
  subtotal: string;
  discount: string;
  total: string;
  /** Total × TipoCambio, to the cent: "Total del CFDI". */
  totalInPesos: string;
  /** The retentions the Total discounts, in pesos (not part of any line's value). */
  withheldInPesos: string;
  issuer: { rfc: string; name: string };
  receiver: { rfc: string; name: string };
  supplier: { id: number; name: string; rfc: string } | null;
  lines: CfdiLine[];
  warnings: string[];
}

export interface SummaryMonth {
  /** YYYY-MM */
  month: string;
  entries: string;
  exits: string;
}

/** GET /api/stock/summary: the home page's figures and chart series. */
export interface StockSummary {
  /** The current month, YYYY-MM in APP_TIME_ZONE. */
  month: string;
  inventoryValue: string;
  productsWithStock: number;
  productsUnderMinimum: number;
  entries: { count: number; amount: string };
  exits: { count: number; amount: string };
  valueByCategory: Array<{ categoryId: number | null; category: string; value: string; others: boolean }>;
  monthly: SummaryMonth[];
  topProducts: Array<{ productId: number; name: string; quantity: string; value: string }>;
  recentMovements: Array<{
    id: number;
    productId: number;
    productName: string;
    movementType: string;
    quantity: string;
    price: string;
    amount: string;
    invoiceId: number | null;
    dispatchId: number | null;
    inventoryCountId: number | null;
    recordedAt: string;
  }>;
}

/** State of an inventory count session. */
export const COUNT_STATUSES = ['ABIERTO', 'APLICADO', 'DESCARTADO'] as const;
export type CountStatus = (typeof COUNT_STATUSES)[number];

/**
 * A count session's totals, decimals as text: surpluses valued at their typed unit cost or else the
 * snapshot average, shortages at that average. Quantities of different units add up to nothing a
 * person can read: screens say how many lines (surplusLines, shortageLines).
 */
export interface CountTotals {
  lineCount: number;
  countedLines: number;
  uncountedLines: number;
  differences: number;
  surplusQuantity: string;
  surplusValue: string;
  surplusLines: number;
  shortageLines: number;
  shortageQuantity: string;
  shortageValue: string;
}

export interface CountSigner {
  id: number;
  name: string;
}

/** One session of GET /api/inventory-counts. */
export interface CountSummary extends CountTotals {
  id: number;
  cutoffDate: string;
  description: string;
  categoryIds: number[];
  status: CountStatus;
  createdAt: string;
  createdBy: { sub: string; name: string };
  closedAt: string | null;
  closedBy: { sub: string; name: string } | null;
  director: CountSigner | null;
  warehouseKeeper: CountSigner | null;
  witness: CountSigner | null;
}

/** One line of GET /api/inventory-counts/{id}: the snapshot, the count and its difference. */
export interface CountLine {
  productId: number;
  productName: string;
  unit: string | null;
  category: string | null;
  bookQuantity: string;
  bookAverage: string;
  bookValue: string;
  countedQuantity: string | null;
  difference: string | null;
  differenceValue: string | null;
  unitCost: string | null;
  observations: string | null;
  movementId: number | null;
}

/** GET /api/inventory-counts/{id}. */
export interface CountDetail extends CountSummary {
  lines: CountLine[];
}

/** One line of PUT /api/inventory-counts/{id}/lines. */
export interface CountLineChange {
  productId: number;
  countedQuantity: string | null;
  unitCost?: string | null;
  observations?: string | null;
}

/** POST /api/inventory-counts/{id}/application: the three signers. */
export interface CountSigners {
  directorEmployeeId: number;
  warehouseKeeperEmployeeId: number;
  witnessEmployeeId: number;
}

/** One month closing of GET /api/period-closings. */
export interface PeriodClosing {
  id: number;
  until: string;
  totalValue: string;
  products: number;
  closedAt: string;
  closedBy: { sub: string; name: string };
  status: ClosingStatus['status'];
  reopening: { reason: string; reopenedAt: string; reopenedBy: { sub: string; name: string } } | null;
  /**
   * A closing taken when the stock at a date followed the registration, whose month end adds up
   * differently now that a document counts on its own date: how many products differ and the
   * value the month end has under the date rule. Null when the figures agree (and on every later
   * closing). The stored figures are never rewritten.
   */
  dateRuleDifference: { products: number; totalValue: string } | null;
}

/** A document dated in the month to close but registered after it ended (the closing includes it). */
export interface LateDocument {
  movementType: MovementType;
  documentId: number;
  documentDate: string;
  invoiceNumber: string | null;
  registeredAt: string;
}

/** GET /api/period-closings/next. */
export interface NextClosing {
  until: string;
  /** False while the month has not ended (today in APP_TIME_ZONE is on or before `until`). */
  closable: boolean;
  message: string | null;
  /** The stock value at the end of `until` (what the closing would store); null while not closable. */
  totalValue: string | null;
  products: number | null;
  /** Documents dated in the month but registered after it ended: they count in this month, the closing includes them. */
  lateDocuments: LateDocument[];
}

/**
 * What the signed-in person chose in their last registered entry (GET /api/invoices/defaults),
 * prefilled in the next one; null before their first.
 */
export interface InvoiceDefaults {
  invoiceType: InvoiceType;
  directorEmployeeId: number;
  enteredByEmployeeId: number;
  warehouseKeeperEmployeeId: number;
}

/** The «Almacenista» of the person's last registered exit (GET /api/dispatches/defaults); null before their first. */
export interface DispatchDefaults {
  warehouseKeeperEmployeeId: number;
}

/**
 * The answer of a paged list, the envelope itself: GET /api/audit and a product's movements with
 * `?limit=&cursor=`. Newest first; pass `nextCursor` as `cursor` for the next (older) page; it is
 * null on the last page.
 */
export interface CursorPage<T> {
  data: T[];
  nextCursor: string | null;
}

/** A transfer line: its cost and value are those it left the origin with. */
export interface TransferLine {
  id: number;
  lineNo: number;
  productId: number;
  productName: string;
  quantity: string;
  /** The origin's average when the line left (6 decimals): it enters (or returns) at exactly this cost. */
  unitCost: string;
  /** Its share of the origin's value, to the cent: what it is worth in transit and on arrival. */
  amount: string;
  observations: string | null;
}

/** A transfer between warehouses as GET /api/transfers answers it. */
export interface Transfer {
  id: number;
  originWarehouseId: number;
  originWarehouseName: string;
  destinationWarehouseId: number;
  destinationWarehouseName: string;
  date: string;
  senderEmployeeId: number;
  senderName: string;
  carrier: string | null;
  status: TransferStatus;
  receiverEmployeeId: number | null;
  receiverName: string | null;
  /** Why it was rejected or withdrawn. */
  reason: string | null;
  settledAt: string | null;
  settledBy: string | null;
  createdBy: string;
  createdAt: string;
  total: string;
  lines: TransferLine[];
}

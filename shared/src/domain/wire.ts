// Answers of the API that the portal reads as they are, typed once for both sides.

/** One concept of a CFDI as POST /api/cfdi/parse answers it (issue #19). */
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
  vat: { kind: 'TASA' | 'EXENTO'; rate: string | null } | null;
  ieps: { kind: 'TASA' | 'CUOTA'; rate: string } | null;
  product: { id: number; name: string } | null;
  /** The wizard's row, as if the person had typed it: the price before IVA/IEPS and the boxes. */
  form: {
    quantity: string;
    basePrice: string;
    applyValueAddedTaxToPurchasePrice: boolean;
    applyExciseTax: boolean;
    exciseTaxRate: string;
  };
  /** What the row cannot hold exactly (shown on the row). */
  warnings: string[];
}

/** POST /api/cfdi/parse (issue #19). */
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

/** GET /api/stock/summary (issue #20): the home page's figures and chart series. */
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
    recordedAt: string;
  }>;
}

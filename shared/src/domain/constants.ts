// Business constants: screen breakpoints, decimal places, limits, and the ledger rules (ARCHITECTURE.md, "The stock ledger").

export const MIN_PRODUCTS_PER_DOCUMENT = 1;
export const MIN_PRODUCTS_NOTICE_MS = 3000;
export const FORM_RESET_DELAY_MS = 1000;
export const REPORT_DOWNLOAD_RETRIES = 3;

/** Decimals kept for quantities and entered prices. */
export const QUANTITY_SCALE = 3;
export const PRICE_SCALE = 3;
/** Decimals kept for the IEPS rate (percent). */
export const IEPS_RATE_SCALE = 5;

/** VAT multiplier applied by "Agregar IVA" (16 %). */
export const VAT_FACTOR = '1.16';

/** Upper bounds, so a typo cannot overflow a column or a report. */
export const MAX_QUANTITY = '999999999.999';
export const MAX_PRICE = '999999999999.999';
export const MAX_IEPS_RATE = '1000';
export const MAX_TEXT_LENGTH = 200;
/** The largest id a PostgreSQL `integer` (serial) column holds. */
export const MAX_INT4 = 2_147_483_647;
/** Earliest document date: older ones are typos (0001-01-01) the ledger and its reports should not carry. */
export const MIN_DOCUMENT_DATE = '2000-01-01';
export const MAX_OBSERVATIONS_LENGTH = 500;
export const MAX_PRODUCTS_PER_DOCUMENT = 500;

export const PAGE_SIZES = [5, 10, 15, 20, 25, 30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_SKELETON_ROWS = 20;
export const COLUMN_SIZE = { default: 180, min: 40, max: 1000 } as const;
export const OVERSCAN = { columns: 3, rows: 4 } as const;
export const BREAKPOINTS = { mobile: 720, tablet: 1024 } as const;
export const WIZARD_MAX_WIDTH = 1024;

/** How long a table waits after the last keystroke before it searches, and filters a column. */
export const SEARCH_DEBOUNCE_MS = 250;
export const FILTER_DEBOUNCE_MS = 200;

export const DEFAULT_TIME_ZONE = 'America/Mexico_City';

/**
 * The User Timing marks of every DataTable that \`npm run bench\` (bench/catalog-table.ts) times:
 * \`rowsRendered\` once per commit that changes the rows shown, \`searchInput\` when the person types
 * in the search box. Each carries { label, search } (rowsRendered also the rows' total).
 */
export const TABLE_MARKS = {
  rowsRendered: 'datatable:rows-rendered',
  searchInput: 'datatable:search-input',
} as const;

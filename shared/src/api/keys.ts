// Every SWR key of the portal, in one place. A key is the API path it is fetched from (the
// platform's client is the fetcher), and all the remotes read the shell's one SWR cache: a list
// fetched by one remote is the same cached list for every other, and a change anywhere refreshes
// it by prefix (`useInvalidate`). No remote writes a path of its own for these resources.
import { ME_KEY } from '../platform/access';
import { PERIOD_CLOSINGS_KEY } from '../platform/period-closings';

export const apiKeys = {
  me: ME_KEY,
  // Catalogues.
  products: '/api/catalog/products',
  product: (id: number) => `/api/catalog/products/${id}`,
  units: '/api/catalog/product-units',
  unit: (id: number) => `/api/catalog/product-units/${id}`,
  categories: '/api/catalog/product-categories',
  category: (id: number) => `/api/catalog/product-categories/${id}`,
  suppliers: '/api/catalog/suppliers',
  supplier: (id: number) => `/api/catalog/suppliers/${id}`,
  employees: '/api/catalog/employees',
  employee: (id: number) => `/api/catalog/employees/${id}`,
  roles: '/api/catalog/roles',
  role: (id: number) => `/api/catalog/roles/${id}`,
  /** Every employee's role assignments (the prefix of each employee's). */
  employeeRoles: '/api/catalog/employee-roles',
  rolesOfEmployee: (employeeId: number) => `/api/catalog/employee-roles/${employeeId}`,
  // Documents and the ledger.
  invoices: '/api/invoices',
  invoice: (id: number) => `/api/invoices/${id}`,
  /** Under the history's prefix: registering an entry makes it stale with the history. */
  invoiceDefaults: '/api/invoices/defaults',
  dispatches: '/api/dispatches',
  dispatch: (id: number) => `/api/dispatches/${id}`,
  dispatchDefaults: '/api/dispatches/defaults',
  movements: '/api/movements',
  invoiceMovements: (invoiceId: number) => `/api/movements/invoices/${invoiceId}`,
  dispatchMovements: (dispatchId: number) => `/api/movements/dispatches/${dispatchId}`,
  /** A product's movements: a paged list (usePagedResource adds `?limit=&cursor=`). */
  productMovements: (productId: number) => `/api/movements/products/${productId}`,
  // Stock.
  stock: '/api/stock',
  stockOf: (productId: number) => `/api/stock/${productId}`,
  /** Every product's stock at the end of `date` (YYYY-MM-DD). */
  stockAt: (date: string) => `/api/stock?date=${date}`,
  summary: '/api/stock/summary',
  // Inventory counts and month closings.
  counts: '/api/inventory-counts',
  count: (id: number) => `/api/inventory-counts/${id}`,
  /** Material requests: the lists, the menu's counts and each request are under this prefix. */
  requests: '/api/requests',
  request: (id: number) => `/api/requests/${id}`,
  /** The warehouses the caller may use (an administrator: all of them, the inactive too). */
  warehouses: '/api/warehouses',
  closings: PERIOD_CLOSINGS_KEY,
  nextClosing: `${PERIOD_CLOSINGS_KEY}/next`,
} as const;

/** GET /api/warehouses (the person's own, for the header, come with /api/me). */
export const WAREHOUSES_KEY = apiKeys.warehouses;

/**
 * What each kind of change makes stale, as key prefixes. A document (entry, exit, their
 * cancellations, a count's adjustments) moves stock: the histories, every stock figure (the home
 * summary is under '/api/stock' too), the kardex and the month closing's preview. A catalogue name
 * shows in the stock page and beside movements.
 */
export const staleAfter = {
  // An exit (or its cancellation) may deliver a material request: its figures and the menu's counts.
  document: [apiKeys.invoices, apiKeys.dispatches, apiKeys.stock, apiKeys.movements, apiKeys.nextClosing, apiKeys.requests],
  /** A request's state change: every list, the counts the menu shows, the request itself. */
  request: [apiKeys.requests],
  productChange: [apiKeys.products, apiKeys.stock],
  unitChange: [apiKeys.units, apiKeys.products, apiKeys.stock],
  categoryChange: [apiKeys.categories, apiKeys.products, apiKeys.stock],
  supplierChange: [apiKeys.suppliers, apiKeys.invoices],
  employeeChange: [apiKeys.employees, apiKeys.employeeRoles],
  roleChange: [apiKeys.roles, apiKeys.employeeRoles],
  closing: [apiKeys.closings],
} as const;

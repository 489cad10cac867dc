// The one key factory of the stock feature. SWR keys are the API paths (the shell's fetcher is
// the api client), so the invoice and dispatch wizards — which after a save invalidate every key
// starting with '/api/stock' and '/api/movements' — refresh the open detail panels here too.
export const stockKeys = {
  products: '/api/catalog/products',
  units: '/api/catalog/product-units',
  categories: '/api/catalog/product-categories',
  stock: (productId: number) => `/api/stock/${productId}`,
  /** One page of a product's movements, newest first, below `before` (a movement id) if given. */
  movementsPage: (productId: number, limit: number, before?: number) =>
    `/api/movements/products/${productId}?limit=${limit}${before === undefined ? '' : `&before=${before}`}`,
} as const;


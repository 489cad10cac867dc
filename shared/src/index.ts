// @almacen/shared — shared as ONE Module Federation singleton by the shell and every remote: the
// domain, the platform (contexts, session, API client, notices), the API layer, and the light
// pieces every page uses (actions, load failures, page title, breakpoints, Spanish text order).
// The pure domain is also reachable as '@almacen/shared/domain'; the DataTable, forms and
// wizard are '@almacen/shared/kit', a singleton of its own loaded by the pages that use them.
export * from './domain';
export * from './platform';
export * from './kit/actions';
export { useDebouncedValue } from './kit/hooks/use-debounced-value';
export { usePageTitle } from './kit/hooks/use-page-title';
export { isAtLeast, useBreakpoint } from './kit/hooks/use-breakpoint';
export type { Breakpoint } from './kit/hooks/use-breakpoint';
export { compareValues, foldForSearch, spanishCollator } from './kit/text/spanish';
export { newIdempotencyKey, useIdempotencyKey } from './kit/wizard/idempotency';
export type { IdempotencyKeyOptions, IdempotencyKeys, IdempotencyState } from './kit/wizard/idempotency';
// The API layer: keys, read hooks and changes per resource.
export * from './api';

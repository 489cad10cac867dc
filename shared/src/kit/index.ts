// The kit every remote builds its screens from: the DataTable and the form pieces.
export * from './data-table';
export * from './form';
export * from './actions';
export * from './documents';
export * from './wizard';
export { compareValues, foldForSearch, spanishCollator } from './text/spanish';
export { useDebouncedValue } from './hooks/use-debounced-value';
export { usePageTitle } from './hooks/use-page-title';
export { isAtLeast, useBreakpoint } from './hooks/use-breakpoint';
export type { Breakpoint } from './hooks/use-breakpoint';

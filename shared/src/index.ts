// @almacen/shared — shared as ONE Module Federation singleton by the shell and every remote.
// The pure domain (schemas, decimals, formatters) is also reachable as '@almacen/shared/domain'.
export * from './domain';
export * from './platform';
// Kit: DataTable, form pieces, document wizard.
export * from './kit';
// The API layer: keys, read hooks and changes per resource.
export * from './api';

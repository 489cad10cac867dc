// @almacen/shared/schemas — each request body's superstruct schema with the spec's Spanish
// messages, which the forms and the API validate with alike. A Module Federation singleton of its
// own (rspack.shared.ts), apart from '@almacen/shared/domain': only pages with a form load it, and
// superstruct with it, not the dashboard. No React: the API imports it too. What these files use of
// the domain they import from '@almacen/shared/domain'.
export * from './primitives';
export * from './catalogs';
export * from './documents';
export * from './validate';
export * from './json-schema';
export * from './users';
export * from './counts';
export * from './labels';
export * from './requests';
export * from './warehouses';

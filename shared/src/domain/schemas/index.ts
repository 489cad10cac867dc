export * from './primitives';
export * from './catalogs';
export * from './documents';
export * from './validate';

// The pure part of @almacen/shared: no React, safe for the API to import.
export * from './access';
export * from './audit-labels';
export * from './backups';
export * from './barcode';
export * from './barcode-labels';
export * from './constants';
export * from './decimal';
export * from './errors';
export * from './format';
export * from './labels';
export * from './periods';
export * from './schemas';
export * from './types';
export * from './wire';
export * from './sat-units';

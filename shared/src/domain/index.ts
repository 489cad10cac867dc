// The pure part of @almacen/shared: no React, safe for the API to import.
export * from './access';
export * from './barcode';
export * from './constants';
export * from './decimal';
export * from './errors';
export * from './format';
export * from './labels';
export * from './periods';
export * from './requests';
export * from './types';
export * from './wire';

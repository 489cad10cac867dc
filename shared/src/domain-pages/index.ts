// @almacen/shared/domain-pages — the pure rules and texts that only some pages use: the audit
// log's labels, the label sheets' layouts, the SAT units of a CFDI, the backups' status, an import row's outcome. A Module
// Federation singleton of its own (rspack.shared.ts), apart from '@almacen/shared/domain', so the
// dashboard, which uses none of them, does not download them. No React: the API imports it too.
// What these files use of the domain they import from '@almacen/shared/domain'.
export * from './audit-labels';
export * from './audit-values';
export * from './backups';
export * from './barcode-labels';
export * from './imports';
export * from './sat-units';

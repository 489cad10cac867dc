// @almacen/shared/kit — the screens' heavy building blocks, a Module Federation singleton of its
// own (rspack.shared.ts): the DataTable, the form fields and dialogs, the document dialogs and
// the document wizard, the product dialog. Apart from '@almacen/shared' so that a page without a table or a form —
// the home page, the shell's frame — does not download them nor the Fluent UI components they
// are made of. What these files use of the platform they import from
// '@almacen/shared' (never by a relative path), so they see its one copy of every context.
export * from './data-table';
export * from './form';
export * from './documents';
export * from './wizard';
export * from './scan';
export * from './catalogs';
export * from './scroll-area';

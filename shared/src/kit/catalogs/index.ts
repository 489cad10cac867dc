export { NEW_UNIT, NewProductDialog, PRODUCT_FIELDS, ProductFields, useProductChoices } from './product-dialog';
export type { NewProductDialogProps, ProductFormValues } from './product-dialog';

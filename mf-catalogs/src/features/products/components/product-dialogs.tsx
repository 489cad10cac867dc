// "Editar producto" (id disabled; partida and unit optional, searchable; "Existencia mínima" /
// "Existencia máxima" and «Código de barras» optional). «Nuevo producto» has the same fields and is the kit's
// (NewProductDialog), as the entry wizard registers a CFDI's product with it too.
import { useMemo } from 'react';
import { useLoadErrorToast, useProduct, type SaveOutcome } from '@almacen/shared';
import { type Product } from '@almacen/shared/domain';
import { FormDialog, IdField, ProductFields, useProductChoices, validateSchema } from '@almacen/shared/kit';
import { updateProductSchema, type UpdateProduct } from '@almacen/shared/schemas';

const validateUpdate = validateSchema(updateProductSchema);

interface EditProductDialogProps {
  product: Product;
  onClose: () => void;
  onSave: (values: UpdateProduct) => Promise<SaveOutcome<unknown>>;
}

/**
 * Mounted only while editing, so the product, the partidas and the units are fetched when they
 * are needed. The form starts from the table's row and takes the server's fresher copy when it
 * arrives (without undoing what was typed).
 */
export function EditProductDialog({ product: row, onClose, onSave }: EditProductDialogProps) {
  const fresh = useProduct(row.id);
  useLoadErrorToast(fresh.error, 'obtener el producto solicitado.');
  const product = fresh.data ?? row;
  const { categoryOptions, unitOptions } = useProductChoices();
  const initialValues = useMemo<UpdateProduct>(
    () => ({
      id: product.id,
      name: product.name,
      categoryId: product.category?.id ?? null,
      unitId: product.unit?.id ?? null,
      minimumStock: product.minimumStock ?? '',
      maximumStock: product.maximumStock ?? '',
      barcode: product.barcode ?? '',
    }),
    [product],
  );
  return (
    <FormDialog<UpdateProduct>
      open
      title="Editar producto"
      initialValues={initialValues}
      validate={validateUpdate}
      onClose={onClose}
      onSave={onSave}
    >
      <IdField name="id" mode="disabled" />
      <ProductFields categoryOptions={categoryOptions} unitOptions={unitOptions} />
    </FormDialog>
  );
}

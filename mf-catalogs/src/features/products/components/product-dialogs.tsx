// "Nuevo producto" (name only) and "Editar producto" (id disabled; partida and unit optional,
// searchable; "Existencia mínima" / "Existencia máxima" optional, issue #20).
import { useMemo } from 'react';
import { useCategories, useLoadErrorToast, useProduct, useUnits } from '@almacen/shared';
import { createProductSchema, updateProductSchema, type Product, type UpdateProduct } from '@almacen/shared/domain';
import { DecimalField, FormDialog, IdField, SelectField, type SelectOption, TextField, validateSchema } from '@almacen/shared/kit';

export const PRODUCT_FIELDS = {
  name: 'Nombre del producto',
  namePlaceholder: 'Lápiz de grafito del número 2',
  category: 'Partida',
  categoryPlaceholder: 'Selecciona una partida',
  unit: 'Unidad de medida',
  unitPlaceholder: 'Selecciona una unidad de medida',
  minimumStock: 'Existencia mínima',
  maximumStock: 'Existencia máxima',
  stockLevelsHint: 'Opcional. Con existencia igual o menor a la mínima, el producto aparece como «Bajo mínimo».',
} as const;

const validateCreate = validateSchema(createProductSchema);
const validateUpdate = validateSchema(updateProductSchema);

export function CreateProductDialog({
  open,
  onClose,
  onSubmit,
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (values: { name: string }) => unknown;
}) {
  return (
    <FormDialog<{ name: string }> open={open} title="Nuevo producto" validate={validateCreate} onClose={onClose} onSubmit={onSubmit}>
      <TextField name="name" label={PRODUCT_FIELDS.name} placeholder={PRODUCT_FIELDS.namePlaceholder} required autoFocus />
    </FormDialog>
  );
}

interface EditProductDialogProps {
  product: Product;
  onClose: () => void;
  onSubmit: (values: UpdateProduct) => unknown;
}

/**
 * Mounted only while editing, so the product, the partidas and the units are fetched when they
 * are needed. The form starts from the table's row and takes the server's fresher copy when it
 * arrives (without undoing what was typed).
 */
export function EditProductDialog({ product: row, onClose, onSubmit }: EditProductDialogProps) {
  const fresh = useProduct(row.id);
  useLoadErrorToast(fresh.error, 'obtener el producto solicitado.');
  const product = fresh.data ?? row;
  const categories = useCategories();
  const units = useUnits();
  useLoadErrorToast(categories.error, 'obtener las partidas.');
  useLoadErrorToast(units.error, 'obtener las unidades de medida.');
  const categoryOptions = useMemo<SelectOption<number>[]>(
    () => (categories.data ?? []).map((item) => ({ value: item.id, label: item.description })),
    [categories.data],
  );
  const unitOptions = useMemo<SelectOption<number>[]>(
    () => (units.data ?? []).map((item) => ({ value: item.id, label: item.description })),
    [units.data],
  );
  const initialValues = useMemo<UpdateProduct>(
    () => ({
      id: product.id,
      name: product.name,
      categoryId: product.category?.id ?? null,
      unitId: product.unit?.id ?? null,
      minimumStock: product.minimumStock ?? '',
      maximumStock: product.maximumStock ?? '',
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
      onSubmit={onSubmit}
    >
      <IdField name="id" mode="disabled" />
      <TextField name="name" label={PRODUCT_FIELDS.name} placeholder={PRODUCT_FIELDS.namePlaceholder} required autoFocus />
      <SelectField<number>
        name="categoryId"
        label={PRODUCT_FIELDS.category}
        placeholder={PRODUCT_FIELDS.categoryPlaceholder}
        options={categoryOptions}
        clearable
      />
      <SelectField<number>
        name="unitId"
        label={PRODUCT_FIELDS.unit}
        placeholder={PRODUCT_FIELDS.unitPlaceholder}
        options={unitOptions}
        clearable
      />
      <DecimalField name="minimumStock" label={PRODUCT_FIELDS.minimumStock} hint={PRODUCT_FIELDS.stockLevelsHint} maxIntegerDigits={9} />
      <DecimalField name="maximumStock" label={PRODUCT_FIELDS.maximumStock} maxIntegerDigits={9} />
    </FormDialog>
  );
}

// The product's fields and «Nuevo producto», shared by Catálogos (the products page) and the entry
// wizard (a CFDI concept's «Registrar producto»): the name is required; partida, unit and stock
// levels are optional, so a product is complete in one trip. From a CFDI the dialog opens filled
// in — the concept's description and the unit its ClaveUnidad stands for, registered on saving
// when the catalogue lacks it. The stock levels are the current warehouse's (they are per product
// and warehouse): with several warehouses their labels name it («Existencia mínima en P012»).
import { useMemo, useRef } from 'react';
import {
  type CurrentWarehouse,
  useCategories,
  useCreateProduct,
  useCreateUnit,
  useCurrentWarehouse,
  useLoadErrorToast,
  useUnits,
} from '@almacen/shared';
import { type Product, type Unit } from '@almacen/shared/domain';
import { createProductSchema } from '@almacen/shared/schemas';
import { DecimalField, FormDialog, SelectField, TextField, validateSchema, type SelectOption } from '../form';

export const PRODUCT_FIELDS = {
  name: 'Nombre del producto',
  namePlaceholder: 'Lápiz de grafito del número 2',
  category: 'Partida',
  categoryPlaceholder: 'Selecciona una partida',
  unit: 'Unidad de medida',
  unitPlaceholder: 'Selecciona una unidad de medida',
  minimumStock: 'Existencia mínima',
  maximumStock: 'Existencia máxima',
  minimumStockIn: (warehouse: string) => `Existencia mínima en ${warehouse}`,
  maximumStockIn: (warehouse: string) => `Existencia máxima en ${warehouse}`,
  stockLevelsHint: 'Opcional. Con existencia igual o menor a la mínima, el producto aparece como «Bajo mínimo».',
  barcode: 'Código de barras',
  barcodeHint: 'Opcional. El GTIN impreso por el fabricante (8, 12, 13 o 14 dígitos) o un código interno.',
  newUnit: (unit: string) => `${unit} (nueva)`,
  newUnitHint: (unit: string) => `La unidad de medida «${unit}» no está en el catálogo: se registrará al guardar.`,
} as const;

/** The unit option of a unit the catalogue does not have yet (never a real id). */
export const NEW_UNIT = -1;

export interface ProductFormValues {
  name: string;
  categoryId?: number | null;
  unitId?: number | null;
  minimumStock?: string;
  maximumStock?: string;
  barcode?: string;
}

/** The partidas and units as options; each list failing to load says so once. */
export function useProductChoices() {
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
  return { categoryOptions, unitOptions, units };
}

/** The stock levels' labels: with several warehouses, those of the current one by its code; the plain ones with one. */
export function stockLevelLabels({ warehouse, several }: Pick<CurrentWarehouse, 'warehouse' | 'several'>) {
  const code = several ? warehouse?.code : undefined;
  return code
    ? { minimumStock: PRODUCT_FIELDS.minimumStockIn(code), maximumStock: PRODUCT_FIELDS.maximumStockIn(code) }
    : { minimumStock: PRODUCT_FIELDS.minimumStock, maximumStock: PRODUCT_FIELDS.maximumStock };
}

/** Name, partida, unit, minimum, maximum and code: the fields of «Nuevo producto» and «Editar producto». */
export function ProductFields({
  categoryOptions,
  unitOptions,
  unitHint,
}: {
  categoryOptions: SelectOption<number>[];
  unitOptions: SelectOption<number>[];
  unitHint?: string;
}) {
  const levels = stockLevelLabels(useCurrentWarehouse());
  return (
    <>
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
        hint={unitHint}
        clearable
      />
      <DecimalField name="minimumStock" label={levels.minimumStock} hint={PRODUCT_FIELDS.stockLevelsHint} maxIntegerDigits={9} />
      <DecimalField name="maximumStock" label={levels.maximumStock} maxIntegerDigits={9} />
      <TextField name="barcode" label={PRODUCT_FIELDS.barcode} hint={PRODUCT_FIELDS.barcodeHint} />
    </>
  );
}

const sameUnit = (unit: Unit, description: string) =>
  unit.description.trim().toLocaleLowerCase('es-MX') === description.trim().toLocaleLowerCase('es-MX');

const validateCreate = validateSchema(createProductSchema);
const level = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());

export interface NewProductDialogProps {
  open: boolean;
  onClose: () => void;
  /** What the dialog opens with (a CFDI concept): the name, editable, the unit's description, a code. */
  proposal?: { name: string; unit?: string | null; barcode?: string | null };
  onCreated?: (product: Product) => void;
}

export function NewProductDialog({ open, onClose, proposal, onCreated }: NewProductDialogProps) {
  const { categoryOptions, unitOptions, units } = useProductChoices();
  const createProduct = useCreateProduct();
  const createUnit = useCreateUnit();
  const proposedUnit = proposal?.unit?.trim() || null;
  const existingUnit = proposedUnit && units.data ? units.data.find((unit) => sameUnit(unit, proposedUnit)) : undefined;
  const unitIsNew = Boolean(proposedUnit && units.data && !existingUnit);
  const options = useMemo(
    () => (unitIsNew && proposedUnit ? [{ value: NEW_UNIT, label: PRODUCT_FIELDS.newUnit(proposedUnit) }, ...unitOptions] : unitOptions),
    [unitIsNew, proposedUnit, unitOptions],
  );
  const initialValues = useMemo<ProductFormValues>(
    () => ({
      name: proposal?.name ?? '',
      categoryId: null,
      // Until the units arrive the field waits empty; then it takes the proposed one.
      unitId: existingUnit ? existingUnit.id : unitIsNew ? NEW_UNIT : null,
      minimumStock: '',
      maximumStock: '',
      barcode: proposal?.barcode ?? '',
    }),
    [proposal?.name, proposal?.barcode, existingUnit, unitIsNew],
  );
  const validate = (values: ProductFormValues) => validateCreate({ ...values, unitId: values.unitId === NEW_UNIT ? null : values.unitId });
  // A unit registered by a save whose product then failed is reused by the next attempt.
  const registered = useRef<Unit | null>(null);

  async function unitIdOf(unitId: number | null | undefined): Promise<{ id: number | null } | { errors?: Record<string, string> }> {
    if (unitId !== NEW_UNIT) return { id: unitId ?? null };
    if (!proposedUnit) return { id: null };
    if (registered.current && sameUnit(registered.current, proposedUnit)) return { id: registered.current.id };
    const created = await createUnit.save({ description: proposedUnit });
    if (created.saved) {
      registered.current = created.result;
      return { id: created.result.id };
    }
    // Registered by someone else meanwhile: take theirs.
    const fresh = created.errors?.description ? (await units.mutate())?.find((unit) => sameUnit(unit, proposedUnit)) : undefined;
    if (fresh) return { id: fresh.id };
    return { errors: created.errors?.description ? { unitId: created.errors.description } : undefined };
  }

  async function save(values: ProductFormValues) {
    const unit = await unitIdOf(values.unitId);
    if (!('id' in unit)) return { saved: false, errors: unit.errors };
    // Only what was given: a name alone is the spec's payload.
    const minimumStock = level(values.minimumStock);
    const maximumStock = level(values.maximumStock);
    const barcode = level(values.barcode);
    const outcome = await createProduct.save({
      name: values.name.trim(),
      ...(values.categoryId != null && { categoryId: values.categoryId }),
      ...(unit.id !== null && { unitId: unit.id }),
      ...(minimumStock !== null && { minimumStock }),
      ...(maximumStock !== null && { maximumStock }),
      ...(barcode !== null && { barcode }),
    });
    if (outcome.saved) onCreated?.(outcome.result);
    return outcome;
  }

  return (
    <FormDialog<ProductFormValues>
      open={open}
      title="Nuevo producto"
      initialValues={initialValues}
      validate={validate}
      onClose={onClose}
      onSave={save}
    >
      <ProductFields
        categoryOptions={categoryOptions}
        unitOptions={options}
        unitHint={unitIsNew && proposedUnit ? PRODUCT_FIELDS.newUnitHint(proposedUnit) : undefined}
      />
    </FormDialog>
  );
}

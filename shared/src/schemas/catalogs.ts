// Catalogue payloads. `type` lets extra keys through untouched; the
// API reads only the declared ones.
import { nullable, type, type Infer, refine, type Struct } from 'superstruct';
import { MAX_QUANTITY, QUANTITY_SCALE, compareDecimal, toDecimalString } from '@almacen/shared/domain';
import {
  documentWarehouse,
  entityId,
  optionalBarcode,
  optionalDecimal,
  optionalEmail,
  optionalEntityId,
  requiredText,
  rfc,
} from './primitives';

const M = {
  productName: 'El nombre del producto es un campo requerido.',
  productId: 'El id del producto es inválido.',
  categoryDescription: 'El nombre de la partida es un campo requerido.',
  categoryId: 'El id de la partida es inválido.',
  unitDescription: 'El nombre de la unidad de medida es un campo requerido.',
  unitId: 'El id de la unidad de medida es inválido.',
  roleDescription: 'El nombre del rol es un campo requerido.',
  roleId: 'El id del rol es inválido.',
  roleRequired: 'El rol es un campo requerido.',
  employeeName: 'El nombre del empleado es un campo requerido.',
  employeeLastName: 'El apellido del empleado es un campo requerido.',
  employeeId: 'El id del empleado es inválido.',
  employeeEmail: 'El correo electrónico no es válido; escríbelo como nombre@dominio.mx.',
  supplierName: 'El nombre del proveedor es un campo requerido.',
  supplierRfc: 'El RFC del proveedor es un campo requerido.',
  supplierId: 'El id del proveedor es inválido.',
  minimumStock: 'La existencia mínima debe ser un número mayor o igual a 0.',
  maximumStock: 'La existencia máxima debe ser un número mayor o igual a 0.',
  stockLevels: 'La existencia máxima debe ser mayor o igual a la existencia mínima.',
  barcode: 'El código de barras es un campo requerido.',
} as const;
export const CATALOG_MESSAGES = M;

/** A stock level as given (number or text), or null when empty; undefined when absent. */
export function stockLevelOf(value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  return toDecimalString(value);
}

/** Whether a maximum is below its minimum (both set): "Existencia máxima" must be ≥ "Existencia mínima". */
export function stockLevelsInverted(minimum: string | null | undefined, maximum: string | null | undefined): boolean {
  return minimum != null && maximum != null && compareDecimal(maximum, minimum) < 0;
}

const stockLevelFields = {
  minimumStock: optionalDecimal({ message: M.minimumStock, scale: QUANTITY_SCALE, max: MAX_QUANTITY }),
  maximumStock: optionalDecimal({ message: M.maximumStock, scale: QUANTITY_SCALE, max: MAX_QUANTITY }),
};
/**
 * Each stock level on its own (≥ 0, 3 decimals, the product modal's messages), without the
 * máxima ≥ mínima rule: the catalogue import checks that one against the stored level of a
 * blank cell, as `PUT /api/catalog/products` does for an absent field (stockLevelsInverted).
 */
export const stockLevelsSchema = type(stockLevelFields);

/** A product body whose maximum, when both levels are given, is not below its minimum. */
function withOrderedStockLevels<T extends { minimumStock?: unknown; maximumStock?: unknown }, S>(struct: Struct<T, S>) {
  return refine(
    struct,
    'stockLevels',
    (value) =>
      !stockLevelsInverted(stockLevelOf(value.minimumStock), stockLevelOf(value.maximumStock)) || {
        message: M.stockLevels,
        path: ['maximumStock'],
      },
  );
}

/**
 * «Nuevo producto»: the name, and optionally what «Editar producto» sets (partida, unit, stock
 * levels), so a product is complete in one trip; the spec's payload, the name alone, stays valid.
 */
export const createProductSchema = withOrderedStockLevels(
  type({
    name: requiredText(M.productName),
    categoryId: optionalEntityId(M.categoryId),
    unitId: optionalEntityId(M.unitId),
    ...stockLevelFields,
    barcode: optionalBarcode(),
    /** The warehouse whose stock levels the body sets (they are per product and warehouse). */
    warehouseId: documentWarehouse(),
  }),
);

// MinimumStock / maximumStock are optional; a payload without them (the spec's)
// leaves the stored levels unchanged, null or "" clears them.
export const updateProductSchema = withOrderedStockLevels(
  type({
    id: entityId(M.productId),
    name: requiredText(M.productName),
    categoryId: optionalEntityId(M.categoryId),
    unitId: optionalEntityId(M.unitId),
    ...stockLevelFields,
    barcode: optionalBarcode(),
    /** The warehouse whose stock levels the body sets (they are per product and warehouse). */
    warehouseId: documentWarehouse(),
  }),
);

/**
 * A code given to a product that has none (a CFDI concept's NoIdentificacion, say): required, a
 * GTIN or an internal code.
 */
export const assignBarcodeSchema = type({
  barcode: refine(optionalBarcode(), 'requiredBarcode', (value) => (typeof value === 'string' && value.trim() !== '') || M.barcode),
});

export const createCategorySchema = type({ description: requiredText(M.categoryDescription) });
export const updateCategorySchema = type({ id: entityId(M.categoryId), description: requiredText(M.categoryDescription) });

export const createUnitSchema = type({ description: requiredText(M.unitDescription) });
export const updateUnitSchema = type({ id: entityId(M.unitId), description: requiredText(M.unitDescription) });

export const createRoleSchema = type({ description: requiredText(M.roleDescription) });
export const updateRoleSchema = type({ id: entityId(M.roleId), description: requiredText(M.roleDescription) });

export const assignRoleSchema = type({ employeeId: entityId(M.employeeId), roleId: entityId(M.roleRequired) });

/**
 * An employee: name and last name, and optionally the e-mail a person signs in with (it links
 * that person's account to the employee). On an edit, an absent e-mail leaves it as it is.
 */
export const createEmployeeSchema = type({
  name: requiredText(M.employeeName),
  lastName: requiredText(M.employeeLastName),
  email: optionalEmail(M.employeeEmail),
});
export const updateEmployeeSchema = type({
  id: entityId(M.employeeId),
  name: requiredText(M.employeeName),
  lastName: requiredText(M.employeeLastName),
  email: optionalEmail(M.employeeEmail),
});

/** «Usuarios»: the employee a person is (`null` takes the link away). */
export const linkEmployeeSchema = type({ employeeId: nullable(entityId(M.employeeId)) });

export const createSupplierSchema = type({ name: requiredText(M.supplierName), rfc: rfc(M.supplierRfc) });
export const updateSupplierSchema = type({
  id: entityId(M.supplierId),
  name: requiredText(M.supplierName),
  rfc: rfc(M.supplierRfc),
});

export type CreateProduct = Infer<typeof createProductSchema>;
export type UpdateProduct = Infer<typeof updateProductSchema>;
export type CreateCategory = Infer<typeof createCategorySchema>;
export type UpdateCategory = Infer<typeof updateCategorySchema>;
export type CreateUnit = Infer<typeof createUnitSchema>;
export type UpdateUnit = Infer<typeof updateUnitSchema>;
export type CreateRole = Infer<typeof createRoleSchema>;
export type UpdateRole = Infer<typeof updateRoleSchema>;
export type AssignRole = Infer<typeof assignRoleSchema>;
export type CreateEmployee = Infer<typeof createEmployeeSchema>;
export type UpdateEmployee = Infer<typeof updateEmployeeSchema>;
export type CreateSupplier = Infer<typeof createSupplierSchema>;
export type UpdateSupplier = Infer<typeof updateSupplierSchema>;

// JSON Schemas of the catalogue answers (OpenAPI + serialization). The request bodies are
// documented from the @almacen/shared/schemas structs that validate them (documentBody).
export const id = { type: 'integer', minimum: 1 } as const;

export const describedSchema = {
  type: 'object',
  required: ['id', 'description'],
  properties: { id, description: { type: 'string' } },
} as const;

const nullableDescribed = { ...describedSchema, nullable: true } as const;

const stockLevel = (description: string) =>
  ({ type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?$', nullable: true, example: '12.5', description }) as const;

export const productSchema = {
  type: 'object',
  required: ['id', 'name', 'unit', 'category', 'minimumStock', 'maximumStock', 'barcode'],
  properties: {
    id,
    name: { type: 'string' },
    unit: nullableDescribed,
    category: nullableDescribed,
    minimumStock: stockLevel('Existencia mínima en el almacén de la llamada (null si no se definió en él)'),
    maximumStock: stockLevel('Existencia máxima en el almacén de la llamada (null si no se definió en él)'),
    barcode: {
      type: 'string',
      nullable: true,
      example: '7501234567895',
      description: 'Código de barras: un GTIN o un código interno; null si no tiene',
    },
  },
} as const;

export const employeeSchema = {
  type: 'object',
  required: ['id', 'name', 'lastName', 'email'],
  properties: {
    id,
    name: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: 'string', nullable: true, description: 'El correo con que la persona inicia sesión (en minúsculas), o null' },
  },
} as const;

export const supplierSchema = {
  type: 'object',
  required: ['id', 'name', 'rfc'],
  properties: { id, name: { type: 'string' }, rfc: { type: 'string' } },
} as const;

export const employeeRolesSchema = {
  type: 'object',
  required: ['roles'],
  properties: { roles: { type: 'array', items: describedSchema } },
} as const;

export const assignmentSchema = {
  type: 'object',
  required: ['employeeId', 'roleId'],
  properties: { employeeId: id, roleId: id },
} as const;

/** What a product body's fields mean, beside the limits their shared schema documents. */
export const PRODUCT_NOTES = {
  minimumStock: 'Existencia mínima en el almacén `warehouseId`',
  maximumStock: 'Existencia máxima en el almacén `warehouseId`',
  warehouseId:
    'El almacén cuyas existencias mínima y máxima se guardan y se devuelven (el producto es uno para toda la institución). Sin él, el único almacén que puede usar; si hay varios, 400 «Indica el almacén.» cuando el cuerpo trae una existencia, y si no la trae la respuesta muestra las existencias en null',
  barcode: 'null o "" lo borra, omitido no cambia; único: 409 si otro producto lo tiene',
} as const;

/** What an employee body's e-mail is for. */
export const EMPLOYEE_NOTES = {
  email:
    'Correo con que la persona inicia sesión: la vincula con el empleado cuando solo un empleado lo tiene. null o "" lo borra; en una edición, omitido no cambia',
} as const;

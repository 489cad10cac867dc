// JSON Schemas of the catalogue answers and documented bodies (OpenAPI + serialization).
// The request bodies themselves are validated by @almacen/shared/domain's superstruct schemas.
export const id = { type: 'integer', minimum: 1 } as const;
const text = { type: 'string', minLength: 1, maxLength: 200 } as const;
const nullableId = { type: 'integer', minimum: 1, nullable: true } as const;

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
    minimumStock: stockLevel('Existencia mínima (null si no se definió)'),
    maximumStock: stockLevel('Existencia máxima (null si no se definió)'),
    barcode: {
      type: 'string',
      nullable: true,
      example: '7501234567895',
      description: 'Código de barras: un GTIN o un código interno; null si no tiene',
    },
  },
} as const;

const optionalEmail = {
  type: 'string',
  nullable: true,
  example: 'maria.lopez@escuela.edu.mx',
  description:
    'Correo con que la persona inicia sesión: la vincula con el empleado cuando solo un empleado lo tiene. null o "" lo borra; en una edición, omitido no cambia.',
} as const;

const barcodeInput = {
  type: 'string',
  nullable: true,
  example: '7501234567895',
  description:
    'Código de barras: un GTIN de 8, 12, 13 o 14 dígitos con su dígito verificador, o un código interno (letras, dígitos y - . /, con al menos una letra); null o "" lo borra, omitido no cambia. Único: 409 si otro producto lo tiene.',
} as const;

const stockLevelInput = (description: string) =>
  ({
    // OpenAPI 3.0 reads `nullable` only beside a `type`: on the text branch, which null alone matches.
    oneOf: [
      { type: 'string', nullable: true, example: '10' },
      { type: 'number', minimum: 0 },
    ],
    description: `${description}: número ≥ 0 con a lo más 3 decimales; null o "" la borra, omitida no cambia.`,
  }) as const;

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

const obj = (required: string[], properties: Record<string, object>) => ({ type: 'object', required, properties }) as const;

export const bodies = {
  createDescribed: obj(['description'], { description: text }),
  updateDescribed: obj(['id', 'description'], { id, description: text }),
  createProduct: obj(['name'], {
    name: text,
    categoryId: nullableId,
    unitId: nullableId,
    minimumStock: stockLevelInput('Existencia mínima'),
    maximumStock: stockLevelInput('Existencia máxima'),
    barcode: barcodeInput,
  }),
  updateProduct: obj(['id', 'name'], {
    id,
    name: text,
    categoryId: nullableId,
    unitId: nullableId,
    minimumStock: stockLevelInput('Existencia mínima'),
    maximumStock: stockLevelInput('Existencia máxima'),
    barcode: barcodeInput,
  }),
  createEmployee: obj(['name', 'lastName'], { name: text, lastName: text, email: optionalEmail }),
  updateEmployee: obj(['id', 'name', 'lastName'], { id, name: text, lastName: text, email: optionalEmail }),
  createSupplier: obj(['name', 'rfc'], { name: text, rfc: { type: 'string', example: 'ABC010203XY9' } }),
  updateSupplier: obj(['id', 'name', 'rfc'], { id, name: text, rfc: { type: 'string', example: 'ABC010203XY9' } }),
  assignRole: assignmentSchema,
  assignBarcode: obj(['barcode'], {
    barcode: {
      type: 'string',
      example: '7501234567895',
      description: 'Código de barras: un GTIN con su dígito verificador o un código interno.',
    },
  }),
} as const;

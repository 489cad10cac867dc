// The OpenAPI description of a body is derived from the struct that validates it: these pin what
// the derivation says of each kind of field, and that what it says is what the struct does.
import { array, date, nullable, optional, string, type } from 'superstruct';
import { createProductSchema, linkEmployeeSchema, makeInvoiceSchemas, newUserSchema, reopeningSchema, toJsonSchema, validateWith } from '.';

const { invoice } = makeInvoiceSchemas({ today: () => '2026-12-03' });

test('a field is required exactly when its struct refuses it absent, and nullable exactly when it takes null', () => {
  const schema = toJsonSchema(createProductSchema) as { required: string[]; properties: Record<string, { nullable?: boolean }> };
  expect(schema.required).toEqual(['name']);
  expect(schema.properties.categoryId).toMatchObject({ type: 'integer', minimum: 1, nullable: true });
  expect(schema.properties.name.nullable).toBeUndefined();
  // …and the struct agrees: absent or null category passes, an absent name does not.
  expect(validateWith(createProductSchema, { name: 'Papel', categoryId: null }).ok).toBe(true);
  expect(validateWith(createProductSchema, { categoryId: 1 }).ok).toBe(false);
  // A nullable field that must still be sent: «Usuarios» takes the link away with null.
  expect(toJsonSchema(linkEmployeeSchema)).toMatchObject({ required: ['employeeId'], properties: { employeeId: { nullable: true } } });
});

test('a decimal is text or a number; null goes on the text branch, the only one OpenAPI 3.0 lets be nullable', () => {
  const { properties } = toJsonSchema(createProductSchema) as { properties: Record<string, { oneOf: object[] }> };
  expect(properties.minimumStock.oneOf).toEqual([
    { type: 'string', pattern: '^([0-9]+(\\.[0-9]+)?)?$', nullable: true },
    { type: 'number', minimum: 0 },
  ]);
});

test('the limits come from the same constants the struct checks: lengths, list sizes, enums', () => {
  const schema = toJsonSchema(invoice) as {
    properties: Record<string, Record<string, unknown>> & { products: { maxItems: number; items: { properties: Record<string, object> } } };
  };
  expect(schema.properties.invoiceNumber).toEqual({ type: 'string', minLength: 1, maxLength: 50 });
  expect(schema.properties.invoiceType).toEqual({ type: 'string', enum: ['COMPRA_DIRECTA', 'ENTRADA_DE_ALMACEN', 'DONATIVO'] });
  expect(schema.properties.products).toMatchObject({ type: 'array', minItems: 1, maxItems: 500 });
  expect(schema.properties.products.items.properties.observations).toEqual({ type: 'string', maxLength: 500, nullable: true });
  const tooMany = { products: Array.from({ length: 501 }, () => ({})) };
  expect(validateWith(invoice, tooMany)).toMatchObject({
    ok: false,
    errors: { products: 'El documento admite como máximo 500 productos.' },
  });
  expect(toJsonSchema(reopeningSchema)).toMatchObject({ properties: { reason: { minLength: 5, maxLength: 500 } } });
  expect(toJsonSchema(newUserSchema)).toMatchObject({
    required: ['username', 'name'],
    properties: { roles: { type: 'array', nullable: true } },
  });
});

test("notes add what a field means on a route, before the field's own words; a note for no field is an error", () => {
  const schema = toJsonSchema(invoice, { 'products.purchasePrice': 'Costo unitario final' }) as {
    properties: { products: { items: { properties: { purchasePrice: { description: string } } } } };
  };
  expect(schema.properties.products.items.properties.purchasePrice.description).toBe(
    'Costo unitario final. Decimal (texto o número) > 0, a lo más 3 decimales, hasta 999999999999.999.',
  );
  expect(() => toJsonSchema(invoice, { 'products.price': 'No existe' })).toThrow('products.price');
});

test("superstruct's own structs are read as they are, and one with no description is an error, not a blank", () => {
  expect(toJsonSchema(type({ key: optional(string()), tags: array(string()), note: nullable(string()) }))).toEqual({
    type: 'object',
    required: ['tags', 'note'],
    properties: { key: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } }, note: { type: 'string', nullable: true } },
  });
  expect(() => toJsonSchema(type({ when: date() }))).toThrow('"date" struct (when)');
});

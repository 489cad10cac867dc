import { FORM_ERROR } from 'final-form';
import { object, array, string, define } from 'superstruct';
import { createProductSchema, updateSupplierSchema } from '@almacen/shared/schemas';
import { toFinalFormErrors, validateSchema } from './schema-validator';

describe('validateSchema', () => {
  it('gives the spec message of each failing field and nothing for valid values', () => {
    const validate = validateSchema(createProductSchema);
    expect(validate({ name: '   ' })).toEqual({ name: 'El nombre del producto es un campo requerido.' });
    expect(validate({ name: 'Lápiz' })).toBeUndefined();
  });

  it('keeps only the first message of a field and reports every field', () => {
    const validate = validateSchema(updateSupplierSchema);
    expect(validate({ id: 0, name: '', rfc: '' })).toEqual({
      id: 'El id del proveedor es inválido.',
      name: 'El nombre del proveedor es un campo requerido.',
      rfc: 'El RFC del proveedor es un campo requerido.',
    });
  });

  it('nests the errors of list rows the way final-form reads them', () => {
    const positive = define<string>(
      'positive',
      (value) => (typeof value === 'string' && Number(value) > 0) || 'La cantidad del producto debe ser mayor a 0.',
    );
    const schema = object({ title: string(), products: array(object({ quantity: positive })) });
    const errors = validateSchema(schema)({ title: 'x', products: [{ quantity: '1' }, { quantity: '0' }] });
    expect(errors).toEqual({ products: [undefined, { quantity: 'La cantidad del producto debe ser mayor a 0.' }] });
    expect(Array.isArray((errors as { products: unknown }).products)).toBe(true);
  });

  it('maps an error of the whole value to FORM_ERROR and applies `prepare` first', () => {
    expect(toFinalFormErrors({ _: 'Mal' })).toEqual({ [FORM_ERROR]: 'Mal' });
    const validate = validateSchema(createProductSchema, (values: { label: string }) => ({ name: values.label }));
    expect(validate({ label: 'Goma' })).toBeUndefined();
  });
});

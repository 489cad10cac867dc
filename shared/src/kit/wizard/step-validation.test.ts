import { makeInvoiceSchemas } from '@almacen/shared/schemas';
import { combineSteps, rowsStep, schemaStep, toFormErrors } from './step-validation';

const { header, line } = makeInvoiceSchemas({ today: () => '2026-03-10' });

test('dotted keys become the nested errors final-form reads, arrays included', () => {
  expect(toFormErrors({ 'products.1.quantity': 'q', supplierId: 's' })).toEqual({
    products: [undefined, { quantity: 'q' }],
    supplierId: 's',
  });
  expect(Array.isArray(toFormErrors({ 'products.0.quantity': 'q' }).products)).toBe(true);
});

test('a header step reports the spec messages of every empty field', () => {
  const errors = schemaStep(header)({ invoiceNumber: '  ' });
  expect(errors).toMatchObject({
    supplierId: 'El nombre del proveedor es un campo obligatorio.',
    invoiceNumber: 'El número de factura es un campo obligatorio.',
    invoiceDate: 'La fecha de la factura es un campo obligatorio.',
    invoiceType: 'El tipo de entrada es un campo obligatorio.',
    directorEmployeeId: 'El nombre del director es un campo obligatorio.',
    enteredByEmployeeId: 'El nombre del elaborador es un campo obligatorio',
    warehouseKeeperEmployeeId: 'El nombre del almacenista es un campo obligatorio.',
  });
});

test('a rows step keys each message by row, and can move it to the input that shows it', () => {
  const good = {
    productId: 1,
    purchasePrice: '10',
    quantity: '2',
    observations: '',
    applyExciseTax: false,
    applyValueAddedTaxToPurchasePrice: false,
    exciseTaxRate: '0',
  };
  const validate = rowsStep<{ products: unknown[] }, typeof good>('products', line, {
    fieldOf: (field) => (field === 'purchasePrice' ? 'basePrice' : field),
  });
  expect(validate({ products: [good, { ...good, quantity: '0', purchasePrice: '' }] })).toEqual({
    'products.1.quantity': 'La cantidad del producto debe ser mayor a 0.',
    'products.1.basePrice': 'El precio del producto debe ser mayor a 0.',
  });
  expect(validate({ products: [good] })).toEqual({});
});

test('combined validators keep the first message per field', () => {
  const a = () => ({ x: 'primero' });
  const b = () => ({ x: 'segundo', y: 'otro' });
  expect(combineSteps(a, b)({})).toEqual({ x: 'primero', y: 'otro' });
});

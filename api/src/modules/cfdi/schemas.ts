// JSON Schema of POST /api/cfdi/parse's answer (OpenAPI + serialization).
import { decimalString } from '../../http/schemas';

const text = { type: 'string' } as const;
const nullableText = { type: 'string', nullable: true } as const;
const decimal = decimalString;
const obj = (required: string[], properties: Record<string, object>, extra: Record<string, unknown> = {}) =>
  ({ type: 'object', required, properties, ...extra }) as const;
const party = obj(['rfc', 'name'], { rfc: text, name: text });
const strings = { type: 'array', items: text } as const;

export const cfdiLineSchema = obj(
  [
    'index',
    'description',
    'productCode',
    'satProductCode',
    'satUnitCode',
    'unitName',
    'quantity',
    'unitValue',
    'discount',
    'amount',
    'vat',
    'ieps',
    'product',
    'form',
    'warnings',
  ],
  {
    index: { type: 'integer', minimum: 1, description: 'Número del concepto en el CFDI (1, 2, …)' },
    description: text,
    productCode: { ...nullableText, description: 'NoIdentificacion del proveedor' },
    satProductCode: { ...text, description: 'ClaveProdServ' },
    satUnitCode: { ...text, description: 'ClaveUnidad' },
    unitName: nullableText,
    quantity: { ...decimal, description: 'Cantidad tal como viene (hasta 6 decimales)' },
    unitValue: decimal,
    discount: decimal,
    amount: decimal,
    vat: obj(
      ['kind', 'rate'],
      { kind: { type: 'string', enum: ['TASA', 'EXENTO'] }, rate: { ...decimal, nullable: true } },
      { nullable: true },
    ),
    ieps: obj(['kind', 'rate'], { kind: { type: 'string', enum: ['TASA', 'CUOTA'] }, rate: decimal }, { nullable: true }),
    product: obj(
      ['id', 'name'],
      { id: { type: 'integer' }, name: text },
      { nullable: true, description: 'El producto recordado para este concepto de este proveedor' },
    ),
    form: obj(['quantity', 'basePrice', 'applyValueAddedTaxToPurchasePrice', 'applyExciseTax', 'exciseTaxRate'], {
      quantity: { ...decimal, description: 'A 3 decimales' },
      basePrice: {
        ...decimal,
        description: '«Precio del artículo» antes de IVA/IEPS: valor unitario menos el descuento del concepto, en pesos, a 3 decimales',
      },
      applyValueAddedTaxToPurchasePrice: { type: 'boolean', description: '«Agregar IVA»: IVA tasa 0.16' },
      applyExciseTax: { type: 'boolean', description: '«Agregar IEPS»: IEPS por tasa' },
      exciseTaxRate: { ...decimal, description: '«Tasa del IEPS» en porcentaje' },
    }),
    warnings: { ...strings, description: 'Lo que el formulario no puede guardar exactamente' },
  },
);

export const cfdiAnalysisSchema = obj(
  [
    'uuid',
    'series',
    'folio',
    'date',
    'currency',
    'exchangeRate',
    'subtotal',
    'discount',
    'total',
    'issuer',
    'receiver',
    'supplier',
    'lines',
    'warnings',
  ],
  {
    uuid: text,
    series: nullableText,
    folio: nullableText,
    date: { type: 'string', format: 'date' },
    currency: text,
    exchangeRate: { ...decimal, nullable: true },
    subtotal: decimal,
    discount: decimal,
    total: decimal,
    issuer: party,
    receiver: party,
    supplier: obj(
      ['id', 'name', 'rfc'],
      { id: { type: 'integer' }, name: text, rfc: text },
      { nullable: true, description: 'El proveedor con el RFC del emisor, si existe' },
    ),
    lines: { type: 'array', items: cfdiLineSchema },
    warnings: strings,
  },
);

// JSON Schema of POST /api/cfdi/parse's answer (OpenAPI + serialization).
import { CFDI_IEPS_KINDS, CFDI_VAT_KINDS } from '@almacen/shared/domain';
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
    'value',
    'vatAmount',
    'iepsAmount',
    'purchasePrice',
    'product',
    'rememberedDescription',
    'form',
    'warnings',
    'errors',
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
      { kind: { type: 'string', enum: [...CFDI_VAT_KINDS] }, rate: { ...decimal, nullable: true } },
      { nullable: true },
    ),
    ieps: obj(['kind', 'rate'], { kind: { type: 'string', enum: [...CFDI_IEPS_KINDS] }, rate: decimal }, { nullable: true }),
    value: {
      ...decimal,
      description:
        'El valor del renglón en pesos tal como lo declara el CFDI: Importe − Descuento más los traslados de IVA e IEPS declarados, por TipoCambio, al centavo. Es lo que registra la entrada.',
    },
    vatAmount: { ...decimal, description: 'IVA declarado del concepto, en pesos' },
    iepsAmount: { ...decimal, description: 'IEPS declarado del concepto, en pesos' },
    purchasePrice: { ...decimal, description: 'value ÷ cantidad a 3 decimales: el precio que se muestra' },
    rememberedDescription: {
      ...nullableText,
      description:
        'Si el producto recordado se registró con otra descripción para este código (o antes de guardarlas: ""), esa descripción; el renglón pide confirmar el producto',
    },
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
    warnings: { ...strings, description: 'Lo que el renglón dice de su valor' },
    errors: { ...strings, description: 'Lo que la entrada rechazaría al guardar (máximos, un precio que redondea a 0)' },
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
    'totalInPesos',
    'withheldInPesos',
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
    totalInPesos: { ...decimal, description: '«Total del CFDI»: Total × TipoCambio, al centavo' },
    withheldInPesos: { ...decimal, description: 'Retenciones que el Total descuenta, en pesos' },
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

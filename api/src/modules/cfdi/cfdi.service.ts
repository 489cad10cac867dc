// From a supplier's CFDI to what the entry wizard needs: the checks that refuse it
// (400/409, in Spanish), the supplier matched by RFC, each concept's product from the remembered
// mappings, and each concept as the wizard's row would hold it — quantity, the price before
// IVA/IEPS, the boxes to tick — with a warning wherever the form cannot hold the CFDI exactly.
// All arithmetic is on decimal text (shared/src/domain/decimal.ts), never binary floating point.
import { compareDecimal, multiplyDecimal, subtractDecimal, trimDecimal, VAT_FACTOR } from '@almacen/shared/domain';
import type { CfdiAnalysis, CfdiLine } from '@almacen/shared/domain';
import type { Config } from '../../config';
import type { Queryable } from '../../db/pool';
import { AppError } from '../../http/errors';
import { cfdiPool, type CfdiPool, type PreparedAnalysis } from './cfdi-pool';
import { readCfdi, units, type Cfdi, type CfdiConcept } from './cfdi-reader';
import { cfdiTotals, conceptValue, IEPS, IVA } from './cfdi-values';

export type { CfdiAnalysis, CfdiLine };

export const CFDI_TEXTS = {
  notInvoice: (type: string) =>
    `El CFDI es de tipo «${type}»${type === 'E' ? ' (egreso, nota de crédito)' : type === 'P' ? ' (pago)' : type === 'T' ? ' (traslado)' : ''}; solo se cargan facturas de ingreso (tipo «I»).`,
  notStamped: 'El CFDI no está timbrado: no tiene el complemento TimbreFiscalDigital con su UUID.',
  otherReceiver: (rfc: string, institution: string) => `El CFDI está emitido al RFC ${rfc}, no al de la institución (${institution}).`,
  duplicate: (uuid: string, invoiceNumber: string) => `El CFDI ${uuid} ya está registrado en la entrada ${invoiceNumber}.`,
  noExchangeRate: (currency: string) => `El CFDI está en ${currency} y no trae TipoCambio; no se puede convertir a pesos.`,
} as const;

/** The key a concept is remembered by: NoIdentificacion, else ClaveProdServ + description. */
export function conceptKey(concept: Pick<CfdiConcept, 'productCode' | 'satProductCode' | 'description'>): string {
  if (concept.productCode) return `NI:${concept.productCode}`;
  return `PS:${concept.satProductCode}:${concept.description.replace(/\s+/g, ' ').trim().toUpperCase()}`;
}

const fmtUnits = (u: bigint): string => {
  const negative = u < 0n;
  const text = (negative ? -u : u).toString().padStart(7, '0');
  return (negative ? '-' : '') + trimDecimal(`${text.slice(0, -6)}.${text.slice(-6)}`);
};

function formLine(cfdi: Cfdi, concept: CfdiConcept): Omit<CfdiLine, 'product' | 'rememberedDescription'> {
  const gross = multiplyDecimal(concept.quantity, concept.unitValue, 12);
  if (compareDecimal(concept.discount, concept.amount) > 0) {
    throw new AppError(
      'VALIDATION',
      `El archivo no es un CFDI 4.0 válido: el descuento del concepto ${concept.index} es mayor que su importe.`,
    );
  }
  if (compareDecimal(concept.quantity, '0') === 0) {
    throw new AppError('VALIDATION', `El archivo no es un CFDI 4.0 válido: la cantidad del concepto ${concept.index} es 0.`);
  }
  const figures = conceptValue(cfdi, concept);
  const warnings = [...figures.warnings];
  // The concept's own Importe is what it is worth; Cantidad × ValorUnitario is only compared.
  const rebuilt = multiplyDecimal(gross, '1', 2);
  if (compareDecimal(rebuilt, multiplyDecimal(concept.amount, '1', 2)) !== 0) {
    warnings.push(`El importe del concepto (${concept.amount}) no es la cantidad por el valor unitario (${rebuilt}); se tomó el importe.`);
  }

  let vat: CfdiLine['vat'] = null;
  let ieps: CfdiLine['ieps'] = null;
  for (const t of concept.transfers) {
    if (t.tax === IVA && t.factor === 'Exento') vat = { kind: 'EXENTO', rate: null };
    else if (t.tax === IVA && t.factor === 'Tasa') vat = { kind: 'TASA', rate: trimDecimal(t.rate!) };
    else if (t.tax === IEPS && t.factor === 'Tasa') ieps = { kind: 'TASA', rate: trimDecimal(t.rate!) };
    else if (t.tax === IEPS && t.factor === 'Cuota') ieps = { kind: 'CUOTA', rate: trimDecimal(t.rate!) };
  }
  // The boxes as the voucher and a typed edit read them: 16 % IVA, an IEPS rate.
  const applyVat = vat?.kind === 'TASA' && compareDecimal(vat.rate!, subtractDecimal(VAT_FACTOR, '1')) === 0;
  const applyIeps = ieps?.kind === 'TASA' && compareDecimal(ieps.rate, '0') > 0;
  return {
    index: concept.index,
    description: concept.description,
    productCode: concept.productCode,
    satProductCode: concept.satProductCode,
    satUnitCode: concept.satUnitCode,
    unitName: concept.unitName,
    quantity: concept.quantity,
    unitValue: concept.unitValue,
    discount: concept.discount,
    amount: concept.amount,
    vat,
    ieps,
    value: figures.value,
    vatAmount: figures.vatAmount,
    iepsAmount: figures.iepsAmount,
    purchasePrice: figures.purchasePrice,
    form: {
      quantity: figures.quantity,
      basePrice: figures.basePrice,
      applyValueAddedTaxToPurchasePrice: applyVat,
      applyExciseTax: applyIeps,
      exciseTaxRate: applyIeps ? trimDecimal(multiplyDecimal(ieps!.rate, '100', 6)) : '0',
    },
    warnings,
    errors: figures.errors,
  };
}

/**
 * The refusals, in this order (the first that applies is the one said): not a CFDI 4.0 (readCfdi), not an invoice, not
 * stamped, issued to someone else, a currency without exchange rate.
 */
export function checkCfdi(cfdi: Cfdi, config: Pick<Config, 'institutionRfc'>): asserts cfdi is Cfdi & { uuid: string } {
  if (cfdi.type !== 'I') throw new AppError('VALIDATION', CFDI_TEXTS.notInvoice(cfdi.type));
  if (!cfdi.uuid) throw new AppError('VALIDATION', CFDI_TEXTS.notStamped);
  if (config.institutionRfc && cfdi.receiver.rfc !== config.institutionRfc) {
    throw new AppError('VALIDATION', CFDI_TEXTS.otherReceiver(cfdi.receiver.rfc, config.institutionRfc));
  }
  if (cfdi.currency !== 'MXN' && cfdi.currency !== 'XXX' && !cfdi.exchangeRate) {
    throw new AppError('VALIDATION', CFDI_TEXTS.noExchangeRate(cfdi.currency));
  }
}

/** 409 when an entry already holds this UUID. */
export async function checkNotRegistered(db: Queryable, uuid: string): Promise<void> {
  const { rows } = await db.query<{ invoice_number: string }>(
    'SELECT i.invoice_number FROM invoice_cfdis c JOIN invoices i ON i.id = c.invoice_id WHERE c.uuid = $1',
    [uuid],
  );
  if (rows[0]) throw new AppError('DUPLICATE', CFDI_TEXTS.duplicate(uuid, rows[0].invoice_number));
}

export interface RememberedProduct {
  id: number;
  name: string;
  /** The concept's description when it was registered (null: remembered before descriptions were kept). */
  description: string | null;
}

export async function rememberedProducts(db: Queryable, supplierRfc: string, keys: string[]): Promise<Map<string, RememberedProduct>> {
  const { rows } = await db.query<{ concept_key: string } & RememberedProduct>(
    `SELECT m.concept_key, p.id, p.name, m.description FROM cfdi_product_mappings m JOIN products p ON p.id = m.product_id
      WHERE m.supplier_rfc = $1 AND m.concept_key = ANY($2::text[])`,
    [supplierRfc, keys],
  );
  return new Map(rows.map((r) => [r.concept_key, { id: r.id, name: r.name, description: r.description }]));
}

/** A description as it is compared: spaces folded, upper case. */
export const sameDescription = (a: string, b: string) =>
  a.replace(/\s+/g, ' ').trim().toUpperCase() === b.replace(/\s+/g, ' ').trim().toUpperCase();

/** Remembers concept → product (and the concept's description) for this supplier; a later entry overwrites. */
export async function rememberProducts(
  trx: Queryable,
  supplierRfc: string,
  pairs: Array<{ key: string; productId: number; description: string }>,
): Promise<void> {
  if (pairs.length === 0) return;
  // One row per key: the last line that names a key wins.
  const byKey = new Map(pairs.map((p) => [p.key, p]));
  await trx.query(
    `INSERT INTO cfdi_product_mappings (supplier_rfc, concept_key, product_id, description)
     SELECT $1, t.key, t.product_id, t.description FROM unnest($2::text[], $3::integer[], $4::text[]) AS t(key, product_id, description)
     ON CONFLICT (supplier_rfc, concept_key) DO UPDATE
        SET product_id = EXCLUDED.product_id, description = EXCLUDED.description, updated_at = now()`,
    [
      supplierRfc,
      [...byKey.keys()],
      [...byKey.values()].map((p) => p.productId),
      [...byKey.values()].map((p) => p.description.slice(0, 1000)),
    ],
  );
}

/**
 * POST /api/cfdi/parse: reads, checks and matches; creates nothing. Reading, the checks and the
 * rows run in the worker pool (cfdi-pool.ts); here only the three indexed SELECTs and the
 * products are added, in this order (a row's refusal comes after the 409).
 */
export async function analyseCfdi(
  db: Queryable,
  config: Pick<Config, 'institutionRfc'>,
  bytes: Buffer,
  owner: string | null = null,
  pool: CfdiPool = cfdiPool,
): Promise<CfdiAnalysis> {
  const prepared = await pool.analyse(bytes, config.institutionRfc, owner);
  await checkNotRegistered(db, prepared.uuid);

  const { rows: suppliers } = await db.query<{ id: number; name: string; rfc: string }>(
    'SELECT id, name, rfc FROM suppliers WHERE upper(rfc) = $1 ORDER BY id LIMIT 1',
    [prepared.issuerRfc],
  );
  const products = await rememberedProducts(db, prepared.issuerRfc, prepared.keys);
  return completeAnalysis(prepared, suppliers[0] ?? null, products);
}

/** What the worker computes from the bytes alone: checked, every row built, products not yet matched. */
export function prepareAnalysis(bytes: Buffer, config: Pick<Config, 'institutionRfc'>): PreparedAnalysis {
  const cfdi = readCfdi(bytes);
  checkCfdi(cfdi, config);
  const keys = cfdi.concepts.map(conceptKey);
  try {
    return { uuid: cfdi.uuid, issuerRfc: cfdi.issuer.rfc, keys, draft: draftAnalysis(cfdi), error: null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Answered only after the database's checks, as when everything ran on one thread.
    return {
      uuid: cfdi.uuid,
      issuerRfc: cfdi.issuer.rfc,
      keys,
      draft: null,
      error: { code: error.code, message: error.message, errors: error.errors },
    };
  }
}

/** The answer from the worker's draft and what the database matched (no I/O). */
export function completeAnalysis(
  prepared: PreparedAnalysis,
  supplier: CfdiAnalysis['supplier'],
  products: Map<string, RememberedProduct>,
): CfdiAnalysis {
  if (prepared.error || !prepared.draft) {
    const e = prepared.error ?? { code: 'VALIDATION' as const, message: undefined, errors: undefined };
    throw new AppError(e.code, e.message, e.errors);
  }
  const { lines, ...draft } = prepared.draft;
  return {
    ...draft,
    supplier,
    lines: lines.map((line, i) => {
      const remembered = products.get(prepared.keys[i]);
      if (!remembered) return { ...line, product: null, rememberedDescription: null };
      // A code reused for something else is never matched silently: the row asks to confirm.
      const differs = remembered.description === null || !sameDescription(remembered.description, line.description);
      return {
        ...line,
        product: { id: remembered.id, name: remembered.name },
        rememberedDescription: differs ? (remembered.description ?? '') : null,
      };
    }),
  };
}

export type AnalysisDraft = Omit<CfdiAnalysis, 'supplier' | 'lines'> & {
  lines: Array<Omit<CfdiLine, 'product' | 'rememberedDescription'>>;
};

/** The answer of POST /api/cfdi/parse before the database: header, warnings and each row (pure computation). */
export function draftAnalysis(cfdi: Cfdi & { uuid: string }): AnalysisDraft {
  const warnings: string[] = [];
  if (cfdi.currency !== 'MXN' && cfdi.currency !== 'XXX') {
    warnings.push(`El CFDI está en ${cfdi.currency}; los precios se convirtieron a pesos con el tipo de cambio ${cfdi.exchangeRate}.`);
  }
  const expected = units(cfdi.subtotal) - units(cfdi.discount) + units(cfdi.transferredTotal) - units(cfdi.withheldTotal);
  const difference = expected - units(cfdi.total);
  if (difference > 10_000n || difference < -10_000n) {
    warnings.push(
      `Los totales no cuadran: SubTotal ${cfdi.subtotal} − Descuento ${cfdi.discount} + traslados ${cfdi.transferredTotal} − retenciones ${cfdi.withheldTotal} = ${fmtUnits(expected)}, pero el Total dice ${cfdi.total}.`,
    );
  }
  const lines: Array<Omit<CfdiLine, 'product' | 'rememberedDescription'>> = [];
  for (const concept of cfdi.concepts) {
    const line = formLine(cfdi, concept);
    for (const w of [...line.errors, ...line.warnings]) warnings.push(`Concepto ${concept.index} (${concept.description}): ${w}`);
    lines.push(line);
  }
  const totals = cfdiTotals(cfdi);

  return {
    uuid: cfdi.uuid,
    series: cfdi.series,
    folio: cfdi.folio,
    date: cfdi.date.slice(0, 10),
    currency: cfdi.currency,
    exchangeRate: cfdi.exchangeRate,
    subtotal: cfdi.subtotal,
    discount: cfdi.discount,
    total: cfdi.total,
    totalInPesos: totals.total,
    withheldInPesos: totals.withheld,
    issuer: cfdi.issuer,
    receiver: cfdi.receiver,
    lines,
    warnings,
  };
}

// Reading a supplier's CFDI 4.0 (SAT, Anexo 20) into plain values, every number as its decimal
// TEXT (never a JavaScript number). The XML is parsed by fast-xml-parser (a kept library, no
// native code); before it sees a byte we refuse any <!DOCTYPE …> and <!ENTITY …>: a CFDI never
// has one, and refusing them here means no external entity (XXE) and no entity expansion
// ("billion laughs") can ever be reached, whatever the library's own DOCTYPE handling does.
// Everything here is pure computation: the API runs it in a worker thread (cfdi-pool.ts), so a
// large file never holds up other requests.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseDecimal } from '@almacen/shared/domain';
import { AppError } from '../../http/errors';

export const CFDI_NAMESPACE = 'http://www.sat.gob.mx/cfd/4';
export const CFDI_33_NAMESPACE = 'http://www.sat.gob.mx/cfd/3';
export const MAX_CFDI_BYTES = 2 * 1024 * 1024;

export interface CfdiTax {
  /** 002 IVA, 003 IEPS, 001 ISR. */
  tax: string;
  factor: 'Tasa' | 'Cuota' | 'Exento';
  rate: string | null;
  base: string | null;
  amount: string | null;
}

export interface CfdiConcept {
  index: number;
  satProductCode: string;
  productCode: string | null;
  quantity: string;
  satUnitCode: string;
  unitName: string | null;
  description: string;
  unitValue: string;
  amount: string;
  discount: string;
  transfers: CfdiTax[];
  withholdings: CfdiTax[];
}

export interface Cfdi {
  uuid: string | null;
  stampedAt: string | null;
  type: string;
  series: string | null;
  folio: string | null;
  date: string;
  currency: string;
  exchangeRate: string | null;
  subtotal: string;
  discount: string;
  total: string;
  issuer: { rfc: string; name: string };
  receiver: { rfc: string; name: string };
  /** Comprobante-level totals, or the concepts' sums when the node is missing. */
  transferredTotal: string;
  withheldTotal: string;
  concepts: CfdiConcept[];
}

const invalid = (why: string) => new AppError('VALIDATION', `El archivo no es un CFDI 4.0 válido: ${why}`);

// SAT's pattern of t_Importe, Cantidad, TasaOCuota and TipoCambio: at most 18 digits and 6
// decimals. Checked on the text before any arithmetic, so an attribute of a million digits costs
// one regular-expression scan, not a worker's whole time.
const DECIMAL_RE = /^\d{1,18}(\.\d{1,6})?$/;
/** A value as a message shows it: at most 30 characters of it. */
const shown = (value: string) =>
  value.length > 30 ? `${value.slice(0, 30)}…» de ${value.length.toLocaleString('en-US')} caracteres` : `${value}»`;
const UUID_RE = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

type Node = Record<string, unknown>;

const ARRAYS = new Set(['Concepto', 'Traslado', 'Retencion']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: true,
  // Only the five XML entities (&amp; &lt; …): there is no DOCTYPE to declare others.
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => ARRAYS.has(localName(name)),
});

/** Decodes UTF-8 strictly (a CFDI is UTF-8); drops a byte-order mark. */
export function decodeCfdi(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw invalid('no está codificado en UTF-8.');
  }
  return text;
}

function child(node: Node, prefix: string, name: string): Node | undefined {
  const value = node[`${prefix}${name}`];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
}

function children(node: Node | undefined, prefix: string, name: string): Node[] {
  const value = node?.[`${prefix}${name}`];
  return Array.isArray(value) ? (value.filter((v) => v && typeof v === 'object') as Node[]) : [];
}

function attr(node: Node, name: string): string | null {
  const value = node[`@${name}`];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function required(node: Node, name: string, where: string): string {
  const value = attr(node, name);
  if (value === null) throw invalid(`falta el atributo ${name} en ${where}.`);
  return value;
}

function decimal(node: Node, name: string, where: string, fallback?: string): string {
  const value = attr(node, name) ?? fallback ?? null;
  if (value === null) throw invalid(`falta el atributo ${name} en ${where}.`);
  if (!DECIMAL_RE.test(value))
    throw invalid(
      `el atributo ${name} ${where.startsWith('el ') ? `del ${where.slice(3)}` : `de ${where}`} no es un número como lo pide el SAT (a lo más 18 dígitos y 6 decimales: «${shown(value)}).`,
    );
  return value;
}

/** Sum of decimal texts at 6 decimals, as scaled units. */
export const units = (value: string): bigint => parseDecimal(value, 6).units;

function readTaxes(node: Node, prefix: string, where: string, kind: 'Traslado' | 'Retencion'): CfdiTax[] {
  const group = child(node, prefix, kind === 'Traslado' ? 'Traslados' : 'Retenciones');
  return children(group, prefix, kind).map((t) => {
    const factor = (attr(t, 'TipoFactor') ?? 'Tasa') as CfdiTax['factor'];
    if (!['Tasa', 'Cuota', 'Exento'].includes(factor)) throw invalid(`TipoFactor «${factor}» desconocido en ${where}.`);
    return {
      tax: required(t, 'Impuesto', where),
      factor,
      rate: factor === 'Exento' ? null : decimal(t, 'TasaOCuota', where),
      base: attr(t, 'Base') === null ? null : decimal(t, 'Base', where),
      amount: factor === 'Exento' ? null : decimal(t, 'Importe', where),
    };
  });
}

/**
 * Reads a CFDI 4.0; throws a Spanish 400 naming the problem when it is not one. Synchronous and
 * CPU-bound: the API calls it inside a worker thread (cfdi-pool.ts, bench/cfdi.ts measures it).
 */
export function readCfdi(bytes: Buffer): Cfdi {
  if (bytes.length === 0) throw invalid('el archivo está vacío.');
  if (bytes.length > MAX_CFDI_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'El archivo XML es demasiado grande (máximo 2 MB).');
  const text = decodeCfdi(bytes);
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) {
    throw invalid('contiene una declaración DOCTYPE o ENTITY, que no se acepta por seguridad.');
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw invalid(`no es XML bien formado (línea ${valid.err.line}).`);

  let doc: Node;
  try {
    doc = parser.parse(text) as Node;
  } catch {
    throw invalid('no es XML bien formado.');
  }
  const rootName = Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  if (!rootName || localName(rootName) !== 'Comprobante') throw invalid('el elemento raíz no es cfdi:Comprobante.');
  const root = doc[rootName] as Node;
  if (!root || typeof root !== 'object') throw invalid('el comprobante está vacío.');
  const prefix = rootName.includes(':') ? rootName.slice(0, rootName.indexOf(':') + 1) : '';
  const namespace = attr(root, prefix ? `xmlns:${prefix.slice(0, -1)}` : 'xmlns');
  const version = attr(root, 'Version');
  // The namespace says what the file is; a Version attribute that says otherwise does not make it one.
  if (namespace === CFDI_33_NAMESPACE) {
    throw new AppError('VALIDATION', `El archivo es un CFDI 3.3 (espacio de nombres ${CFDI_33_NAMESPACE}); se necesita un CFDI 4.0.`);
  }
  if (namespace !== CFDI_NAMESPACE) {
    throw invalid(`su espacio de nombres es ${namespace ?? 'ninguno'}, no el del CFDI 4.0 (${CFDI_NAMESPACE}).`);
  }
  if (version !== '4.0') throw invalid(`usa el espacio de nombres del CFDI 4.0 pero su atributo Version dice «${version ?? ''}».`);

  const issuerNode = child(root, prefix, 'Emisor');
  const receiverNode = child(root, prefix, 'Receptor');
  if (!issuerNode) throw invalid('falta el Emisor.');
  if (!receiverNode) throw invalid('falta el Receptor.');
  const conceptNodes = children(child(root, prefix, 'Conceptos'), prefix, 'Concepto');
  if (conceptNodes.length === 0) throw invalid('no tiene conceptos.');

  const readConcept = (c: Node, i: number): CfdiConcept => {
    const where = `el concepto ${i + 1}`;
    const taxes = child(c, prefix, 'Impuestos');
    return {
      index: i + 1,
      satProductCode: required(c, 'ClaveProdServ', where),
      productCode: attr(c, 'NoIdentificacion'),
      quantity: decimal(c, 'Cantidad', where),
      satUnitCode: required(c, 'ClaveUnidad', where),
      unitName: attr(c, 'Unidad'),
      description: required(c, 'Descripcion', where),
      unitValue: decimal(c, 'ValorUnitario', where),
      amount: decimal(c, 'Importe', where),
      discount: decimal(c, 'Descuento', where, '0'),
      transfers: taxes ? readTaxes(taxes, prefix, where, 'Traslado') : [],
      withholdings: taxes ? readTaxes(taxes, prefix, where, 'Retencion') : [],
    };
  };
  const concepts = conceptNodes.map(readConcept);

  const sum = (values: Array<string | null>) => values.reduce((s, v) => s + (v === null ? 0n : units(v)), 0n);
  const taxes = child(root, prefix, 'Impuestos');
  const conceptTransfers = sum(concepts.flatMap((c) => c.transfers.map((t) => t.amount)));
  const conceptWithheld = sum(concepts.flatMap((c) => c.withholdings.map((t) => t.amount)));
  const transferredTotal =
    taxes && attr(taxes, 'TotalImpuestosTrasladados') !== null
      ? units(decimal(taxes, 'TotalImpuestosTrasladados', 'Impuestos'))
      : conceptTransfers;
  const withheldTotal =
    taxes && attr(taxes, 'TotalImpuestosRetenidos') !== null
      ? units(decimal(taxes, 'TotalImpuestosRetenidos', 'Impuestos'))
      : conceptWithheld;

  let uuid: string | null = null;
  let stampedAt: string | null = null;
  const complement = child(root, prefix, 'Complemento');
  if (complement) {
    const stampKey = Object.keys(complement).find((k) => localName(k) === 'TimbreFiscalDigital');
    const stamp = stampKey ? (complement[stampKey] as Node) : undefined;
    if (stamp && typeof stamp === 'object') {
      const candidate = attr(stamp, 'UUID')?.toUpperCase() ?? null;
      if (candidate !== null && !UUID_RE.test(candidate)) throw invalid(`el UUID del timbre no es válido («${candidate}»).`);
      uuid = candidate;
      stampedAt = attr(stamp, 'FechaTimbrado');
    }
  }

  const date = required(root, 'Fecha', 'el Comprobante');
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(date)) throw invalid(`la Fecha «${date}» no tiene el formato AAAA-MM-DDThh:mm:ss.`);
  const fmt = (u: bigint) => {
    const text = u.toString().padStart(7, '0');
    return `${text.slice(0, -6)}.${text.slice(-6)}`.replace(/\.?0+$/, '');
  };
  return {
    uuid,
    stampedAt,
    type: required(root, 'TipoDeComprobante', 'el Comprobante'),
    series: attr(root, 'Serie'),
    folio: attr(root, 'Folio'),
    date,
    currency: required(root, 'Moneda', 'el Comprobante'),
    exchangeRate: attr(root, 'TipoCambio') === null ? null : decimal(root, 'TipoCambio', 'el Comprobante'),
    subtotal: decimal(root, 'SubTotal', 'el Comprobante'),
    discount: decimal(root, 'Descuento', 'el Comprobante', '0'),
    total: decimal(root, 'Total', 'el Comprobante'),
    issuer: { rfc: required(issuerNode, 'Rfc', 'el Emisor').toUpperCase(), name: attr(issuerNode, 'Nombre') ?? '' },
    receiver: { rfc: required(receiverNode, 'Rfc', 'el Receptor').toUpperCase(), name: attr(receiverNode, 'Nombre') ?? '' },
    transferredTotal: fmt(transferredTotal) || '0',
    withheldTotal: fmt(withheldTotal) || '0',
    concepts,
  };
}

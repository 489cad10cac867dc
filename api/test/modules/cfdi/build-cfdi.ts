// A CFDI 4.0 invoice as text, built from its concepts for tests that need a particular figure: the
// shape of the SAT's Anexo 20 that our reader reads (Comprobante, Emisor, Receptor, Conceptos with
// their Traslados and Retenciones, the Comprobante's Impuestos totals, a TimbreFiscalDigital with
// a UUID). The amounts are written as given (a test states what the supplier's file says, mistakes
// included); the totals default to the sums of what the concepts state.
import { randomUUID } from 'node:crypto';
import { addDecimal, subtractDecimal } from '@almacen/shared/domain';

export interface TaxSpec {
  impuesto: '001' | '002' | '003';
  tipoFactor?: 'Tasa' | 'Cuota' | 'Exento';
  tasa?: string;
  base?: string;
  importe?: string;
}

export interface ConceptSpec {
  claveProdServ?: string;
  noIdentificacion?: string;
  cantidad: string;
  claveUnidad?: string;
  unidad?: string;
  descripcion: string;
  valorUnitario: string;
  importe: string;
  descuento?: string;
  traslados?: TaxSpec[];
  retenciones?: TaxSpec[];
}

export interface CfdiSpec {
  uuid?: string;
  serie?: string;
  folio?: string;
  fecha?: string;
  issuer?: { rfc: string; nombre: string };
  receiverRfc?: string;
  moneda?: string;
  tipoCambio?: string;
  concepts: ConceptSpec[];
  /** Overrides of the Comprobante's totals (else the concepts' sums). */
  subTotal?: string;
  total?: string;
  namespace?: string;
  version?: string;
}

const sum = (values: string[]) => (values.length ? addDecimal('0', ...values) : '0');
const attr = (name: string, value: string | undefined) => (value === undefined ? '' : ` ${name}="${value}"`);
const tax = (kind: 'Traslado' | 'Retencion', t: TaxSpec) =>
  `<cfdi:${kind}${attr('Base', t.base)} Impuesto="${t.impuesto}"${attr('TipoFactor', kind === 'Traslado' ? (t.tipoFactor ?? 'Tasa') : t.tipoFactor)}${attr('TasaOCuota', t.tasa)}${attr('Importe', t.importe)}/>`;

export function buildCfdi(spec: CfdiSpec): { xml: string; uuid: string } {
  const uuid = (spec.uuid ?? randomUUID()).toUpperCase();
  const traslados = spec.concepts.flatMap((c) => c.traslados ?? []).filter((t) => t.importe !== undefined);
  const retenciones = spec.concepts.flatMap((c) => c.retenciones ?? []);
  const subTotal = spec.subTotal ?? sum(spec.concepts.map((c) => c.importe));
  const descuento = sum(spec.concepts.map((c) => c.descuento ?? '0'));
  const trasladado = sum(traslados.map((t) => t.importe!));
  const retenido = sum(retenciones.map((t) => t.importe ?? '0'));
  const total = spec.total ?? subtractDecimal(addDecimal(subtractDecimal(subTotal, descuento), trasladado), retenido);
  const concepts = spec.concepts
    .map((c) => {
      const taxes =
        (c.traslados?.length ?? 0) + (c.retenciones?.length ?? 0) > 0
          ? `<cfdi:Impuestos>${c.traslados?.length ? `<cfdi:Traslados>${c.traslados.map((t) => tax('Traslado', t)).join('')}</cfdi:Traslados>` : ''}${
              c.retenciones?.length ? `<cfdi:Retenciones>${c.retenciones.map((t) => tax('Retencion', t)).join('')}</cfdi:Retenciones>` : ''
            }</cfdi:Impuestos>`
          : '';
      return `<cfdi:Concepto ClaveProdServ="${c.claveProdServ ?? '14111507'}"${attr('NoIdentificacion', c.noIdentificacion)} Cantidad="${c.cantidad}" ClaveUnidad="${c.claveUnidad ?? 'H87'}"${attr('Unidad', c.unidad ?? 'Pieza')} Descripcion="${c.descripcion}" ValorUnitario="${c.valorUnitario}" Importe="${c.importe}"${attr('Descuento', c.descuento)} ObjetoImp="02">${taxes}</cfdi:Concepto>`;
    })
    .join('\n    ');
  const totals = `<cfdi:Impuestos${retenciones.length ? ` TotalImpuestosRetenidos="${retenido}"` : ''}${traslados.length ? ` TotalImpuestosTrasladados="${trasladado}"` : ''}/>`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="${spec.namespace ?? 'http://www.sat.gob.mx/cfd/4'}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" Version="${spec.version ?? '4.0'}"${attr('Serie', spec.serie ?? 'T')}${attr('Folio', spec.folio ?? uuid.slice(0, 8))} Fecha="${spec.fecha ?? '2026-11-20T10:00:00'}" SubTotal="${subTotal}"${descuento === '0' ? '' : ` Descuento="${descuento}"`} Moneda="${spec.moneda ?? 'MXN'}"${attr('TipoCambio', spec.tipoCambio)} Total="${total}" TipoDeComprobante="I" Exportacion="01" MetodoPago="PUE" LugarExpedicion="66450">
  <cfdi:Emisor Rfc="${spec.issuer?.rfc ?? 'PCE190312AB1'}" Nombre="${spec.issuer?.nombre ?? 'PAPELERIA DEL CENTRO'}" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="${spec.receiverRfc ?? 'CCT800101AB1'}" Nombre="CENTRO DE CAPACITACION" DomicilioFiscalReceptor="06300" RegimenFiscalReceptor="603" UsoCFDI="G01"/>
  <cfdi:Conceptos>
    ${concepts}
  </cfdi:Conceptos>
  ${totals}
  <cfdi:Complemento>
    <tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="1.1" UUID="${uuid}" FechaTimbrado="2026-11-20T10:00:30" RfcProvCertif="SAT970701NN3" SelloCFD="x" NoCertificadoSAT="00001000000509846663" SelloSAT="y"/>
  </cfdi:Complemento>
</cfdi:Comprobante>
`;
  return { xml, uuid };
}

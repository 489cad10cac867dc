// The common keys of SAT's unit catalogue (c_ClaveUnidad) that a school's suppliers print on a
// CFDI, with the Spanish name a warehouse calls the unit by. A product registered from a CFDI
// takes its unit from here; a key not listed takes the CFDI's own «Unidad» text, if any.
export const SAT_UNIT_NAMES: Readonly<Record<string, string>> = {
  H87: 'Pieza',
  EA: 'Pieza',
  C62: 'Pieza',
  XUN: 'Unidad',
  E48: 'Servicio',
  ACT: 'Actividad',
  KGM: 'Kilogramo',
  GRM: 'Gramo',
  TNE: 'Tonelada',
  LTR: 'Litro',
  MLT: 'Mililitro',
  GLL: 'Galón',
  MTR: 'Metro',
  CMT: 'Centímetro',
  MTK: 'Metro cuadrado',
  MTQ: 'Metro cúbico',
  XBX: 'Caja',
  XPK: 'Paquete',
  XBG: 'Bolsa',
  XBO: 'Botella',
  XRO: 'Rollo',
  XRM: 'Resma',
  XSA: 'Saco',
  XCA: 'Lata',
  XTU: 'Tubo',
  XKI: 'Kit',
  KT: 'Kit',
  SET: 'Juego',
  PR: 'Par',
  DZN: 'Docena',
  LO: 'Lote',
  HUR: 'Hora',
  DAY: 'Día',
};

/** The unit of measure a CFDI concept's ClaveUnidad (and its «Unidad» text) stands for, or null. */
export function unitNameOfCfdi(satUnitCode: string, unitName: string | null | undefined): string | null {
  const known = SAT_UNIT_NAMES[satUnitCode.trim().toUpperCase()];
  if (known) return known;
  const own = (unitName ?? '').trim();
  return own === '' ? null : own.charAt(0).toLocaleUpperCase('es-MX') + own.slice(1).toLocaleLowerCase('es-MX');
}

/**
 * The messages' endings are written with their final period ("obtener las partidas."), so the code
 * can quote them verbatim; the platform's text helpers add the period themselves.
 */
export const withoutPeriod = (what: string) => what.replace(/\.\s*$/, '');

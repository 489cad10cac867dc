// The words of the requests' refusals: a 409 says what happened to the request, a 403 who may act.
import type { RequestStatus } from '@almacen/shared/domain';

/** What has happened to a request in each state, as the 409 says it. */
const HAPPENED: Record<RequestStatus, string> = {
  ENVIADA: 'aún no ha sido autorizada',
  AUTORIZADA: 'ya fue autorizada',
  RECHAZADA: 'fue rechazada',
  CANCELADA: 'fue cancelada',
  SURTIDA_PARCIAL: 'ya se está surtiendo',
  SURTIDA: 'ya fue surtida',
  CERRADA: 'fue cerrada',
  RECIBIDA: 'ya fue recibida',
};

/** «La solicitud SOL-000001 ya fue autorizada; no se puede rechazar.» */
export const stateMessage = (folio: string, status: RequestStatus, action: string): string =>
  `La solicitud ${folio} ${HAPPENED[status]}; no se puede ${action}.`;

export const REQUEST_TEXTS = {
  notFound: 'No existe la solicitud de material indicada.',
  onlyHead: 'Solo el responsable del área solicitante nombrado en la solicitud puede autorizarla o rechazarla.',
  onlyRequester: 'Solo quien hizo la solicitud puede cancelarla o confirmar que la recibió.',
  headIsRequester: 'El responsable del área debe ser otra persona: nadie autoriza su propia solicitud.',
  headWithoutUser: (name: string) =>
    `${name} no tiene un usuario de Almacén vinculado, así que no podría autorizar la solicitud. Pide a un administrador que vincule su usuario con el empleado en «Usuarios».`,
  areaHeadMissing: 'El responsable del área seleccionado no existe.',
  productMissing: 'El producto seleccionado no existe.',
  repeatedProduct: 'El producto aparece más de una vez en la solicitud.',
  unknownLine: (folio: string) => `El renglón no pertenece a la solicitud ${folio}.`,
  repeatedLine: 'El renglón aparece más de una vez.',
  missingLine: (lineNo: number, product: string) => `Falta la cantidad autorizada del renglón ${lineNo} («${product}»).`,
  overRequested: (requested: string) => `No se puede autorizar más de lo solicitado (${requested}).`,
  nothingAuthorized: 'Para no autorizar ningún producto, rechaza la solicitud.',
  closedEmpty: (folio: string) => `La solicitud ${folio} se cerró sin entregar nada; no hay qué recibir.`,
  notYetDelivered: (folio: string) =>
    `La solicitud ${folio} aún no se termina de surtir; su recepción se confirma cuando se surta completa o el almacén la cierre.`,
  // The link of an exit with a request.
  requestMissing: 'La solicitud de material seleccionada no existe.',
  lineWithoutRequest: 'Indica la solicitud (requestId) a la que pertenece el renglón.',
  lineOfRequestMissing: (folio: string) => `Cada producto de una salida que surte la solicitud ${folio} debe indicar su renglón.`,
  otherProduct: (lineNo: number, product: string) => `El renglón ${lineNo} de la solicitud es de «${product}», no de este producto.`,
  repeatedRequestLine: 'El renglón de la solicitud aparece más de una vez en la salida.',
  otherPetitioner: (folio: string, name: string) => `El solicitante de la salida debe ser el de la solicitud ${folio}: ${name}.`,
  otherWarehouse: (folio: string) => `La solicitud ${folio} es de otro almacén: la surte ese almacén.`,
  otherAreaHead: (folio: string, name: string) => `El responsable del área de la salida debe ser el de la solicitud ${folio}: ${name}.`,
  overPending: (lineNo: number, product: string, folio: string, pending: string, asked: string) =>
    `Del renglón ${lineNo} («${product}») de la solicitud ${folio} quedan pendientes ${pending}; la salida entrega ${asked}.`,
  receivedExit: (folio: string) =>
    `La salida surtió la solicitud ${folio}, cuyo solicitante ya confirmó que la recibió; no se puede cancelar.`,
} as const;

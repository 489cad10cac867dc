// Material requests («Solicitudes de material»): a person asks the warehouse for products, the
// head of their area authorizes (or rejects) them, the warehouse delivers them with exits
// (salidas) and the person confirms they received them. The states, the views of the list and
// the answers' shapes, for the API and the portal alike (ARCHITECTURE.md, "Material requests").

/**
 * ENVIADA → AUTORIZADA | RECHAZADA | CANCELADA; AUTORIZADA → SURTIDA_PARCIAL → SURTIDA, or
 * CERRADA (the rest will not be delivered); SURTIDA, or CERRADA with something delivered → RECIBIDA.
 */
export const REQUEST_STATUSES = [
  'ENVIADA',
  'AUTORIZADA',
  'RECHAZADA',
  'CANCELADA',
  'SURTIDA_PARCIAL',
  'SURTIDA',
  'CERRADA',
  'RECIBIDA',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  ENVIADA: 'Enviada',
  AUTORIZADA: 'Autorizada',
  RECHAZADA: 'Rechazada',
  CANCELADA: 'Cancelada',
  SURTIDA_PARCIAL: 'Surtida parcialmente',
  SURTIDA: 'Surtida',
  CERRADA: 'Cerrada',
  RECIBIDA: 'Recibida',
};

/** The states the warehouse still delivers in. */
export const FULFILLABLE_REQUEST_STATUSES: readonly RequestStatus[] = ['AUTORIZADA', 'SURTIDA_PARCIAL'];

/**
 * GET /api/requests?view=: mine (I asked), to-authorize (I am the named head and it waits for me),
 * to-fulfil (authorized and not fully delivered, oldest first), all (every request).
 */
export const REQUEST_VIEWS = ['mine', 'to-authorize', 'to-fulfil', 'all'] as const;
export type RequestView = (typeof REQUEST_VIEWS)[number];

export interface RequestPerson {
  employeeId: number;
  name: string;
}

/** An item of GET /api/requests. */
export interface RequestSummary {
  id: number;
  /** "SOL-" and the id in at least six digits ("SOL-000042"), written by PostgreSQL (migration 0062). */
  folio: string;
  status: RequestStatus;
  /** Warehouses do not exist yet: always null for now. */
  warehouseId: number | null;
  requester: RequestPerson;
  areaHead: RequestPerson;
  reason: string;
  lineCount: number;
  createdAt: string;
  /** The last state change. */
  updatedAt: string;
}

/** An exit (salida) that delivered part of a line. */
export interface RequestLineExit {
  dispatchId: number;
  dispatchDate: string;
  quantity: string;
  /** A cancelled exit delivered nothing: its quantity went back to pending (or to closed). */
  cancelled: boolean;
}

/** A line: requested by the person, authorized by the head; delivered + pending + closed = authorized. */
export interface RequestLine {
  id: number;
  lineNo: number;
  productId: number;
  productName: string;
  observations: string | null;
  requested: string;
  /** null until the head authorizes. */
  authorized: string | null;
  delivered: string;
  pending: string;
  closed: string;
  exits: RequestLineExit[];
}

/** A state change: who, when, why. SURTIDA_PARCIAL / SURTIDA / AUTORIZADA after an exit name it. */
export interface RequestEvent {
  status: RequestStatus;
  at: string;
  by: { sub: string; name: string };
  reason: string | null;
  dispatchId: number | null;
}

/** GET /api/requests/{id} and every state change's answer. */
export interface RequestDetail extends RequestSummary {
  createdBy: { sub: string; name: string };
  lines: RequestLine[];
  history: RequestEvent[];
}

/**
 * GET /api/requests/counts, for the menu: toAuthorize (ENVIADA, where I am the named head),
 * toFulfil (AUTORIZADA or SURTIDA_PARCIAL; 0 for someone who does not deliver), mine (my requests
 * waiting for me to confirm that I received them).
 */
export interface RequestCounts {
  toAuthorize: number;
  toFulfil: number;
  mine: number;
}

/**
 * GET /api/requests/choices: what the form of a new request offers to someone who may not read
 * the warehouse — the products (no stock, no prices) and the people who may be named head (an
 * employee linked to an active user, oneself aside).
 */
export interface RequestChoices {
  /** What the warehouse has of each product now (a request may ask for more); never a price. */
  products: Array<{ id: number; name: string; unit: string | null; barcode: string | null; availableQuantity: string }>;
  areaHeads: RequestPerson[];
}

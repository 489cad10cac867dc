// Where the requests' pages are, and the exit wizard a «Surtir» opens (mf-dispatches reads
// `?request=` and fills the exit from that request).
import { documentLink } from '@almacen/shared';

export const AREA = '/dashboard/requests';
export const requestPath = (id: number) => `${AREA}/${id}`;
export const fulfilPath = (id: number) => `/dashboard/dispatches/generate?request=${id}`;
/** An exit in the exits' history, opened. */
export const exitPath = (dispatchId: number) => documentLink('/dashboard/dispatches/history', dispatchId);

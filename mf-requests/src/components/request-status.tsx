import { REQUEST_STATUS_LABELS, type RequestStatus } from '@almacen/shared';
import { Badge } from '@almacen/shared/fluent-pages';

type Color = 'informative' | 'success' | 'subtle' | 'danger' | 'warning' | 'brand';

/** Waiting for someone: blue or amber; done: green; stopped: grey or red. */
const COLORS: Record<RequestStatus, Color> = {
  ENVIADA: 'informative',
  AUTORIZADA: 'brand',
  RECHAZADA: 'danger',
  CANCELADA: 'subtle',
  SURTIDA_PARCIAL: 'warning',
  SURTIDA: 'success',
  CERRADA: 'subtle',
  RECIBIDA: 'success',
};

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge appearance="tint" shape="rounded" color={COLORS[status]}>
      {REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}

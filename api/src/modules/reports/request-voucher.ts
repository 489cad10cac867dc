// «Vale de solicitud»: a material request as the three people sign it — the requester, the head
// of the area who authorized it and the warehouse keeper who delivered it — with each line's
// requested, authorized, delivered and pending quantities and which exit delivered what. Only who
// may see the request may print it (anyone else: 404, as for the request itself).
import {
  formatDate,
  formatDateTime,
  formatQuantity,
  DEFAULT_TIME_ZONE,
  REQUEST_STATUS_LABELS,
  type RequestDetail,
} from '@almacen/shared/domain';
import type { Column, ReportDefinition, Row } from '../../reports/model';
import { findRequest } from '../requests/requests.repository';
import { maySee, type Person } from '../requests/requests.service';
import { base, type ReportContext } from './reports.service';
import { asQueryable, type Snapshot } from './snapshot';

const COLUMNS: Column[] = [
  { header: 'No.', kind: 'text', weight: 22, xlsxWidth: 6 },
  { header: 'Producto', kind: 'text', weight: 130, xlsxWidth: 40 },
  { header: 'Solicitado', kind: 'quantity', weight: 48, xlsxWidth: 12 },
  { header: 'Autorizado', kind: 'quantity', weight: 48, xlsxWidth: 12 },
  { header: 'Entregado', kind: 'quantity', weight: 48, xlsxWidth: 12 },
  { header: 'Pendiente', kind: 'quantity', weight: 48, xlsxWidth: 12 },
  { header: 'Entregado con', kind: 'text', weight: 90, xlsxWidth: 30 },
  { header: 'Observaciones', kind: 'text', weight: 90, xlsxWidth: 32 },
];

/** "Salida 12 (07/03/2026): 4" for each exit that still counts; a cancelled one delivered nothing. */
const deliveredBy = (line: RequestDetail['lines'][number]) =>
  line.exits
    .filter((exit) => !exit.cancelled)
    .map((exit) => `Salida ${exit.dispatchId} (${formatDate(exit.dispatchDate)}): ${formatQuantity(exit.quantity)}`)
    .join('; ');

/** RECHAZADA and CANCELADA carry their reason, as a cancelled document's voucher does. */
function stampOf(request: RequestDetail, timeZone: string): ReportDefinition['stamp'] {
  if (request.status !== 'RECHAZADA' && request.status !== 'CANCELADA') return undefined;
  const event = [...request.history].reverse().find((e) => e.status === request.status);
  const when = event ? formatDateTime(event.at, timeZone) : '';
  const what = request.status === 'RECHAZADA' ? 'Rechazada' : 'Cancelada';
  return {
    title: REQUEST_STATUS_LABELS[request.status].toUpperCase(),
    text: `${what} el ${when}${event?.reason ? ` · Motivo: ${event.reason}` : ''}`,
  };
}

export async function requestVoucher(
  snapshot: Snapshot,
  context: ReportContext,
  id: number,
  viewer: Person,
): Promise<ReportDefinition | null> {
  const db = asQueryable(snapshot);
  const request = await findRequest(db, id);
  if (
    !request ||
    !maySee(viewer, {
      requesterEmployeeId: request.requester.employeeId,
      areaHeadEmployeeId: request.areaHead.employeeId,
      warehouseId: request.warehouseId,
    })
  )
    return null;
  const timeZone = context.timeZone ?? DEFAULT_TIME_ZONE;
  const keepers = await snapshot.query<{ name: string }>(
    `SELECT DISTINCT btrim(e.name || ' ' || e.last_name) AS name
       FROM dispatches d JOIN employees e ON e.id = d.warehouse_keeper_employee_id
      WHERE d.request_id = $1
        AND NOT EXISTS (SELECT 1 FROM document_cancellations c WHERE c.dispatch_id = d.id)
      ORDER BY 1`,
    [id],
  );
  const authorizedBy = request.history.find((e) => e.status === 'AUTORIZADA');
  const rows: Row[] = request.lines.map((line) => ({
    cells: [
      String(line.lineNo),
      line.productName,
      line.requested,
      line.authorized,
      line.delivered,
      line.pending,
      deliveredBy(line),
      line.observations ?? '',
    ],
  }));
  return {
    ...base(context),
    title: 'Vale de solicitud',
    orientation: 'portrait',
    sheetName: 'Vale de solicitud',
    stamp: stampOf(request, timeZone),
    fields: [
      { label: 'Folio', value: request.folio },
      { label: 'Estado', value: REQUEST_STATUS_LABELS[request.status] },
      { label: 'Fecha de la solicitud', value: formatDateTime(request.createdAt, timeZone) },
      { label: 'Autorizada', value: authorizedBy ? formatDateTime(authorizedBy.at, timeZone) : 'Sin autorizar' },
      { label: 'Solicitante', value: request.requester.name },
      { label: 'Responsable del área solicitante', value: request.areaHead.name },
      { label: 'Motivo', value: request.reason },
    ],
    columns: COLUMNS,
    rows: (async function* () {
      yield rows;
    })(),
    closing: () => ({
      note: 'Lo entregado es lo de las salidas vigentes (una salida cancelada no entregó nada); lo pendiente es lo autorizado que falta por entregar.',
      signatures: [
        { role: 'Solicitante', name: request.requester.name },
        { role: 'Responsable del área solicitante', name: request.areaHead.name },
        { role: 'Almacenista', name: keepers.map((k) => k.name).join(', ') },
      ],
    }),
  };
}

// What the transfer screens say: the wizard «Nuevo traspaso», «Traspasos por recibir» and
// «Historial de traspasos».
import { formatQuantity } from '@almacen/shared/domain';

export const WIZARD_TEXTS = {
  title: 'Nuevo traspaso',
  steps: ['Datos del traspaso', 'Productos del traspaso', 'Resumen del traspaso'],
  review: 'Ver resumen del traspaso',
  save: 'Enviar traspaso',
  success: (id: number) => `Traspaso ${id} enviado correctamente.`,
  errorAction: 'enviar el traspaso solicitado',
} as const;

export const FIELD_LABELS = {
  origin: 'Almacén de origen',
  destination: 'Almacén de destino',
  date: 'Fecha del traspaso',
  sender: 'Quién envía',
  carrier: 'Quién transporta',
  carrierHint: 'Opcional: el nombre de quien lleva la mercancía.',
  receiver: 'Quién recibe',
  product: 'Producto',
  quantity: 'Cantidad',
  averageCost: 'Costo promedio',
  observations: 'Observaciones',
  available: (quantity: string) => `Disponible en el origen: ${formatQuantity(quantity)}`,
  loadingStock: 'Consultando la existencia del origen…',
  chooseOrigin: 'Elige primero el almacén de origen.',
} as const;

export const SUMMARY_TEXTS = {
  table: 'Productos del traspaso',
  columns: ['ID', 'Nombre', 'Unidad', 'Cantidad', 'Costo promedio', 'Importe', 'Observaciones'],
  total: 'Total del traspaso',
  problemsTitle: 'Revisa los productos del traspaso',
  estimate: 'Cada producto sale al costo promedio del origen en el momento de enviarse.',
} as const;

export const SENT_TEXTS = {
  title: (id: number) => `Traspaso ${id} enviado`,
  body: (origin: string, destination: string) => `La mercancía salió de ${origin} y queda en tránsito hasta que ${destination} la reciba.`,
  number: 'Número de traspaso',
  voucher: 'Descargar vale',
  another: 'Nuevo traspaso',
  history: 'Ver historial de traspasos',
} as const;

export const LIST_TEXTS = {
  incomingTitle: 'Traspasos por recibir',
  incomingTable: 'Traspasos en tránsito hacia este almacén',
  incomingEmpty: 'No hay traspasos en tránsito hacia este almacén.',
  historyTitle: 'Historial de traspasos',
  historyTable: 'Traspasos',
  historyEmpty: 'Este almacén todavía no ha enviado ni recibido traspasos.',
  search: 'Buscar un traspaso',
  create: 'Nuevo traspaso',
  loadError: 'obtener los traspasos.',
  columns: { id: 'Número', status: 'Estado', origin: 'Origen', destination: 'Destino', date: 'Fecha', sender: 'Envía', total: 'Total' },
  loadingWarehouse: 'Cargando…',
} as const;

export const DETAIL_TEXTS = {
  lines: (id: number) => `Productos del traspaso ${id}`,
  voucher: 'Vale de traspaso',
  voucherOf: (id: number) => `Vale de traspaso ${id}`,
  date: 'Fecha del traspaso',
  carrier: 'Transporta',
  receivedBy: 'Recibió',
  settledBy: 'Registró',
  settledAt: 'Fecha de registro',
  reason: 'Motivo',
} as const;

export const ACTION_TEXTS = {
  receive: 'Recibir',
  receiveTitle: (id: number) => `Recibir traspaso ${id}`,
  receiveText: (origin: string) => `Confirma que llegó todo lo que envió ${origin}: entra a este almacén al mismo costo con que salió.`,
  receiveSubmit: 'Recibir traspaso',
  received: (id: number) => `Traspaso ${id} recibido correctamente.`,
  reject: 'Rechazar',
  rejectTitle: (id: number) => `Rechazar traspaso ${id}`,
  rejectText: 'La mercancía regresa al almacén de origen al mismo costo con que salió.',
  rejectSubmit: 'Rechazar traspaso',
  rejected: (id: number) => `Traspaso ${id} rechazado.`,
  withdraw: 'Retirar',
  withdrawTitle: (id: number) => `Retirar traspaso ${id}`,
  withdrawText: 'El traspaso aún no se recibe: la mercancía regresa a este almacén al mismo costo con que salió.',
  withdrawSubmit: 'Retirar traspaso',
  withdrawn: (id: number) => `Traspaso ${id} retirado.`,
  reason: 'Motivo',
  back: 'Regresar',
} as const;

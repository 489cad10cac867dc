// The closed set of API error codes, each with its HTTP status and default Spanish text.
// The API answers { message, code, errors? }; the client shows `message`.
import { LAST_ADMIN_MESSAGE } from './access';
import { HAS_BARCODE_MESSAGE } from './barcode';

export const ERROR_CODES = {
  VALIDATION: { status: 400, message: 'Los datos enviados no son válidos.' },
  MALFORMED_JSON: { status: 400, message: 'El cuerpo de la petición no es JSON válido.' },
  INVALID_ID: { status: 400, message: 'El identificador debe ser un número entero positivo.' },
  UNAUTHORIZED: { status: 401, message: 'Tu sesión no es válida o ha expirado. Inicia sesión de nuevo.' },
  FORBIDDEN: { status: 403, message: 'No tienes permiso para realizar esta acción.' },
  NOT_FOUND: { status: 404, message: 'El recurso solicitado no existe.' },
  IN_USE: { status: 409, message: 'El registro está en uso y no puede eliminarse.' },
  DUPLICATE: { status: 409, message: 'Ya existe un registro con esos datos.' },
  INSUFFICIENT_STOCK: { status: 409, message: 'Existencia insuficiente.' },
  ALREADY_CANCELLED: { status: 409, message: 'El documento ya está cancelado.' },
  IDEMPOTENCY_CONFLICT: { status: 409, message: 'La clave de idempotencia ya se usó con otra petición.' },
  LAST_ADMIN: { status: 409, message: LAST_ADMIN_MESSAGE },
  EXTERNAL_PROVIDER: {
    status: 409,
    message: 'Las cuentas y contraseñas se administran en el proveedor de identidad de la institución, no en Almacén.',
  },
  BARCODE_ALREADY_SET: { status: 409, message: HAS_BARCODE_MESSAGE },
  NO_BARCODE: { status: 409, message: 'El producto no tiene código de barras.' },
  PERIOD_CLOSED: { status: 409, message: 'El periodo de la fecha del documento está cerrado.' },
  COUNT_NOT_OPEN: { status: 409, message: 'El conteo de inventario ya no está abierto.' },
  REQUEST_STATE: { status: 409, message: 'El estado de la solicitud no permite esta acción.' },
  REQUEST_PENDING: { status: 409, message: 'La salida entrega más de lo pendiente de la solicitud.' },
  NO_EMPLOYEE: {
    status: 409,
    message: 'Tu usuario no está vinculado con un empleado del catálogo. Pide a un administrador que te vincule en «Usuarios».',
  },
  WAREHOUSE_INACTIVE: { status: 409, message: 'El almacén está inactivo: no admite documentos nuevos.' },
  TRANSFER_STATE: { status: 409, message: 'El estado del traspaso no permite esta acción.' },
  PERIOD_ORDER: { status: 409, message: 'Los periodos se cierran y reabren en orden, un mes a la vez.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'El cuerpo de la petición es demasiado grande.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'El tipo de contenido no es compatible; envía JSON.' },
  REQUEST_TIMEOUT: { status: 408, message: 'La petición tardó demasiado en llegar. Inténtalo de nuevo.' },
  URI_TOO_LONG: { status: 414, message: 'La dirección solicitada es demasiado larga.' },
  RATE_LIMITED: { status: 429, message: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'Los encabezados de la petición son demasiado grandes.' },
  INTERNAL: { status: 500, message: 'Ocurrió un error interno. Inténtalo de nuevo más tarde.' },
  UNAVAILABLE: { status: 503, message: 'El servicio no está disponible en este momento.' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Body of every error answer of the API. */
export interface ApiErrorBody {
  message: string;
  code?: ErrorCode;
  errors?: Record<string, string>;
}

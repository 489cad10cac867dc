// POST /api/reports/{stock | low-stock | products/:id | invoices/:id | dispatches/:id}: the report as a
// PDF (default) or an XLSX workbook (`?format=xlsx`).
//
// A download goes: admission (limits.ts: per user and in total, else 429/503 with Retry-After)
// → one of the reports' few connections (the rest of the pool stays for everything else) →
// snapshot → rows copied into a spool file (spool.ts) → COMMIT, connection back → the file is
// rendered from the spool and streamed, at the client's pace. A client that stops reading holds
// its admission slot and its spool, never a connection, and only until the write timeout
// (REPORT_WRITE_TIMEOUT_MS without progress): then the socket is destroyed, rendering stops and
// the spool is closed.
//
// Everything that can fail with a clear answer (bad id, bad format, unknown document, the
// database failing while the rows are copied) is checked BEFORE the first byte is sent; after
// that the status is already 200, so a failure mid-file can only cut the download (and is
// logged), never turn into a half-valid file reported as complete.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { DEFAULT_TIME_ZONE, todayIn } from '@almacen/shared/domain';
import {
  assertDocumentAccess,
  consultableWarehouses,
  warehouseInQuery,
  warehouseOfQuery,
  warehouseQueryProperty,
  type WarehouseDocument,
} from '../../access/warehouse-scope';
import { AppError, errorBody } from '../../http/errors';
import { ERROR_RESPONSES, errorSchema, idParam } from '../../http/schemas';
import { idParamOf, queryFields, queryOf } from '../../http/validate';
import { contentDisposition } from '../../reports/content-disposition';
import { CONTENT_TYPES, type ReportDefinition, type ReportFormat } from '../../reports/model';
import { renderPdf } from '../../reports/pdf';
import { renderXlsx } from '../../reports/xlsx';
import { auditFiltersQuery, parseAuditFilters } from '../audit/audit.filters';
import type { ModuleOptions } from '../module';
import { personOf } from '../requests/requests.routes';
import type { Person } from '../requests/requests.service';
import { REQUEST_TEXTS } from '../requests/requests.texts';
import { ALL_AT_DATE } from '../stock/consolidated';
import { dateViewDay, parseCutoffDate, parseDateRange } from '../stock/stock-at-date';
import { auditReport } from './audit-report';
import { consolidatedStockReport } from './consolidated-stock-report';
import { inventoryCountActa, inventoryCountSheet } from './inventory-count-report';
import { registerLabelsRoute } from './labels.routes';
import { reportConnections, ReportSlots, ReportsBusy, Semaphore } from './limits';
import { lowStockReport, productCard, stockReport, type ReportContext } from './reports.service';
import { requestVoucher } from './request-voucher';
import { withSnapshot, type Snapshot } from './snapshot';
import { spoolReport, type SpooledReport } from './spool';
import { transferVoucher } from './transfer-voucher';
import { entryVoucher, exitVoucher } from './voucher-reports';

const tags = ['reportes'];
const FORMAT_MESSAGE = 'El formato del reporte debe ser "pdf" o "xlsx".';

const formatProperty = { format: { type: 'string', description: 'pdf (por omisión) o xlsx' } } as const;
const querystringOf = (properties: Record<string, object> = {}) =>
  ({ type: 'object', properties: { ...formatProperty, ...properties } }) as const;

const fileResponse = {
  200: {
    description: 'El archivo del reporte (Content-Disposition trae su nombre).',
    content: {
      [CONTENT_TYPES.pdf]: { schema: { type: 'string', format: 'binary' } },
      [CONTENT_TYPES.xlsx]: { schema: { type: 'string', format: 'binary' } },
    },
  },
  ...ERROR_RESPONSES,
  429: { ...errorSchema, description: 'Ya hay demasiados reportes tuyos en curso (Retry-After dice cuándo reintentar).' },
  503: { ...errorSchema, description: 'El servidor está generando demasiados reportes (Retry-After dice cuándo reintentar).' },
};

/** `?format=` → pdf | xlsx; anything else is a 400 with a Spanish message. */
export function parseFormat(value: unknown): ReportFormat {
  if (value === undefined || value === '') return 'pdf';
  if (typeof value === 'string') {
    const format = value.trim().toLowerCase();
    if (format === 'pdf' || format === 'xlsx') return format;
  }
  throw new AppError('VALIDATION', FORMAT_MESSAGE, { format: FORMAT_MESSAGE });
}

interface Report {
  path: string;
  /** Reads the query into the context (a 400 before anything else happens). */
  readQuery?: (query: Record<string, unknown>, context: ReportContext) => void;
  summary: string;
  description?: string;
  withId: boolean;
  notFound: string;
  fileName: (id: number, context: ReportContext) => string;
  build: (
    snapshot: Snapshot,
    context: ReportContext,
    id: number,
    query: Record<string, unknown>,
    /** Who asks: a report of something only some may see (a request) answers null to the others. */
    viewer: Person,
  ) => Promise<ReportDefinition | null> | ReportDefinition;
  /** The formats it comes in (default: both); the first is the default. */
  formats?: ReportFormat[];
  /** Query parameters besides `format`, for OpenAPI. */
  query?: Record<string, object>;
  /** Checks the query before anything else happens (a Spanish 400). */
  checkQuery?: (query: Record<string, unknown>) => void;
  /** Of one warehouse's stock: takes `warehouseId` (access/warehouse-scope.ts). */
  byWarehouse?: boolean;
  /** Also takes `warehouseId=all`: «Todos los almacenes», over the warehouses the caller may consult. */
  allWarehouses?: boolean;
  /** Of one document, read only by who may consult its warehouse (assertDocumentAccess). */
  of?: WarehouseDocument;
}

const REPORTS: Report[] = [
  {
    path: '/reports/stock',
    byWarehouse: true,
    allWarehouses: true,
    summary: 'Reporte de existencias de todos los productos, hoy o al final de una fecha de corte (PDF o XLSX)',
    description:
      'Con `warehouseId=all`, el de «Todos los almacenes» (solo el de hoy): por producto la suma de los almacenes más lo que ' +
      'está en tránsito, con su costo promedio valor ÷ existencia; un subtotal por almacén (clave, nombre, productos con ' +
      'existencia, valor), el renglón «En tránsito» y el total general (la suma de los subtotales más lo que está en tránsito).',
    query: {
      date: {
        type: 'string',
        description:
          'AAAA-MM-DD: las existencias al final de ese día (último movimiento registrado hasta entonces, en APP_TIME_ZONE). Sin ella, las actuales.',
      },
    },
    readQuery: (query, context) => {
      const timeZone = context.timeZone ?? DEFAULT_TIME_ZONE;
      const date = parseCutoffDate(query.date, timeZone);
      if (context.warehouses) {
        if (dateViewDay(date, timeZone) !== null) throw new AppError('VALIDATION', ALL_AT_DATE, { date: ALL_AT_DATE });
      } else if (date) context.date = date;
    },
    withId: false,
    notFound: '',
    fileName: (_id, { issued, date, warehouses }) =>
      warehouses
        ? `Reporte de existencias de todos los almacenes - ${issued}`
        : date
          ? `Reporte de existencias al ${date} - ${issued}`
          : `Reporte de almacén - ${issued}`,
    build: (snapshot, context) =>
      context.warehouses ? consolidatedStockReport(snapshot, context, context.warehouses) : stockReport(snapshot, context),
  },
  {
    // What to reorder, as a draft purchase request.
    path: '/reports/low-stock',
    byWarehouse: true,
    summary: 'Productos bajo mínimo: por partida, existencia, mínima, máxima, cantidad e importe sugeridos (PDF o XLSX)',
    withId: false,
    notFound: '',
    fileName: (_id, { issued }) => `Productos bajo mínimo - ${issued}`,
    build: (snapshot, context) => lowStockReport(snapshot, context),
  },
  {
    path: '/reports/products/:id',
    byWarehouse: true,
    summary: 'Tarjeta de almacén (kárdex) de un producto, completa o de un periodo (PDF o XLSX)',
    query: {
      from: {
        type: 'string',
        description: 'AAAA-MM-DD: primer día del periodo (fecha de registro); el primer renglón es el "Saldo inicial"',
      },
      to: { type: 'string', description: 'AAAA-MM-DD: último día del periodo (fecha de registro); el último renglón es el "Saldo final"' },
    },
    readQuery: (query, context) => {
      const range = parseDateRange(query, context.timeZone ?? DEFAULT_TIME_ZONE);
      if (range.from || range.to) context.range = range;
    },
    withId: true,
    notFound: 'El producto solicitado no existe.',
    fileName: (id) => `Tarjetas de almacén - ${id}`,
    build: productCard,
  },
  {
    path: '/reports/invoices/:id',
    of: 'invoices',
    summary: 'Reporte de una entrada (factura) (PDF o XLSX)',
    withId: true,
    notFound: 'La entrada solicitada no existe.',
    fileName: (id) => `Reportes de entrada - ${id}`,
    build: entryVoucher,
  },
  {
    path: '/reports/dispatches/:id',
    of: 'dispatches',
    summary: 'Reporte de una salida (PDF o XLSX)',
    withId: true,
    notFound: 'La salida solicitada no existe.',
    fileName: (id) => `Reportes de salida - ${id}`,
    build: exitVoucher,
  },
  {
    // Signed by the requester, the head of the area and the warehouse keeper; only who may see the request prints it.
    path: '/reports/requests/:id',
    summary: 'Vale de una solicitud de material, con lo entregado por cada salida (PDF o XLSX)',
    withId: true,
    notFound: REQUEST_TEXTS.notFound,
    fileName: (id) => `Vale de solicitud - ${id}`,
    build: (snapshot, context, id, _query, viewer) => requestVoucher(snapshot, context, id, viewer),
  },
  {
    // Signed by who sent it, who carried it and who received it.
    path: '/reports/transfers/:id',
    of: 'transfers',
    summary: 'Vale de un traspaso entre almacenes: lo enviado, a qué costo, y quién envió, transportó y recibió (PDF o XLSX)',
    withId: true,
    notFound: 'El traspaso solicitado no existe.',
    fileName: (id) => `Vale de traspaso - ${id}`,
    build: (snapshot, context, id) => transferVoucher(snapshot, context, id),
  },
  {
    // Signed by the three signers of the application; "BORRADOR" until applied.
    path: '/reports/inventory-counts/:id',
    of: 'counts',
    summary: 'Acta de inventario físico de un conteo (PDF o XLSX); «BORRADOR» mientras no se aplica',
    withId: true,
    notFound: 'El conteo de inventario no existe.',
    fileName: (id) => `Acta de inventario físico - ${id}`,
    build: inventoryCountActa,
  },
  {
    path: '/reports/inventory-counts/:id/sheet',
    of: 'counts',
    summary:
      'Hoja de conteo (PDF para contar en papel, XLSX para llenar y cargar); book=false oculta la existencia en libros (conteo a ciegas)',
    withId: true,
    notFound: 'El conteo de inventario no existe.',
    fileName: (id) => `Hoja de conteo - ${id}`,
    query: { book: { type: 'string', description: 'true (por omisión) o false: conteo a ciegas, sin la existencia en libros' } },
    checkQuery: (query) => {
      const { book } = query;
      if (book !== undefined && !['', 'true', 'false', '1', '0'].includes(String(book))) {
        throw new AppError('VALIDATION', BOOK_MESSAGE, { book: BOOK_MESSAGE });
      }
    },
    build: (snapshot, context, id, query) => inventoryCountSheet(snapshot, context, id, !['false', '0'].includes(String(query.book))),
  },
  {
    // "Bitácora" as a workbook, with the same filters as GET /api/audit.
    path: '/reports/audit',
    summary: 'Bitácora filtrada como hoja de cálculo (XLSX); mismos filtros que GET /api/audit',
    withId: false,
    notFound: '',
    fileName: (_id, { issued }) => `Bitácora - ${issued}`,
    build: (snapshot, context, _id, query) => auditReport(snapshot, context, parseAuditFilters(query)),
    formats: ['xlsx'],
    query: auditFiltersQuery.properties,
    checkQuery: parseAuditFilters,
  },
];

const BOOK_MESSAGE = 'El parámetro book debe ser "true" o "false".';
const XLSX_ONLY_MESSAGE = 'Este reporte solo está disponible como hoja de cálculo: el formato debe ser "xlsx".';

/** 429 or 503 with Retry-After: the portal asks again by itself, a person reads the message. */
function busy(reply: FastifyReply, error: ReportsBusy) {
  return reply.status(error.status).header('retry-after', String(error.retryAfter)).send(errorBody(error));
}

const reportRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db, config, metrics }) => {
  // Per application instance: the downloads under way and the connections reports may hold.
  const slots = new ReportSlots();
  const connections = new Semaphore(reportConnections(db.options.max ?? 10));
  metrics?.registerGauge({
    name: 'report_slots_in_use',
    help: 'Reportes generándose o descargándose en este momento.',
    collect: () => slots.inUse,
  });
  metrics?.registerGauge({
    name: 'report_slots_limit',
    help: 'Reportes que pueden generarse o descargarse a la vez; los demás reciben 503.',
    collect: () => slots.maxTotal,
  });

  // «Imprimir etiquetas»: a body instead of a query, and the same admission as every report.
  registerLabelsRoute(app, { db, config, slots, connections });

  for (const report of REPORTS) {
    app.post(
      report.path,
      {
        schema: {
          tags,
          summary: report.summary,
          ...(report.description ? { description: report.description } : {}),
          querystring: querystringOf({ ...report.query, ...(report.byWarehouse ? warehouseQueryProperty(report.allWarehouses) : {}) }),
          ...(report.withId ? { params: idParam() } : {}),
          response: fileResponse,
        },
      },
      async (request, reply) => {
        const id = report.withId ? idParamOf(request) : 0;
        const formats = report.formats ?? ['pdf', 'xlsx'];
        const asked = queryOf(request, 'format');
        const format = asked === undefined || asked === '' ? formats[0] : parseFormat(asked);
        if (!formats.includes(format)) throw new AppError('VALIDATION', XLSX_ONLY_MESSAGE, { format: XLSX_ONLY_MESSAGE });
        report.checkQuery?.(queryFields(request));
        const all = report.allWarehouses && warehouseInQuery(queryOf(request, 'warehouseId'), true) === 'all';
        if (report.of) await assertDocumentAccess(db, request, report.of, id);
        const context: ReportContext = {
          institution: config.institutionName,
          issued: todayIn(config.timeZone),
          timeZone: config.timeZone,
          warehouseId: report.byWarehouse && !all ? await warehouseOfQuery(db, request) : 0,
          ...(all ? { warehouses: await consultableWarehouses(db, request) } : {}),
        };
        report.readQuery?.(queryFields(request), context);

        let release: () => void;
        try {
          release = slots.take(request.user.sub);
        } catch (error) {
          if (error instanceof ReportsBusy) return busy(reply, error);
          throw error;
        }
        // The download is over when the response closes: sent, client gone (even while the rows
        // are still being copied) or cut by the write timeout.
        const closed = new Promise<void>((resolve) => reply.raw.once('close', () => resolve()));

        let spooled: SpooledReport | null;
        try {
          spooled = await connections.run(() =>
            withSnapshot(db, async (snapshot) => {
              const definition = await report.build(snapshot, context, id, queryFields(request), personOf(request));
              return definition && spoolReport(definition);
            }),
          );
        } catch (error) {
          release();
          if (error instanceof ReportsBusy) return busy(reply, error);
          throw error;
        }
        if (!spooled) {
          release();
          throw new AppError('NOT_FOUND', report.notFound);
        }
        // From here on the database is out of the picture: only the spool and the slot are held.
        const spool = spooled;

        let rendered: { stream: NodeJS.ReadableStream; done: Promise<void> };
        try {
          rendered = format === 'pdf' ? renderPdf(spool.definition) : renderXlsx(spool.definition);
        } catch (error) {
          release();
          await spool.dispose();
          throw error;
        }
        // The renderer closes the spool when it reads its last row or stops early; this covers a
        // renderer that failed before reading it.
        rendered.done.then(
          () => spool.dispose(),
          (error: unknown) => {
            request.log.error({ err: error }, 'No se pudo terminar de generar el reporte.');
            return spool.dispose();
          },
        );
        void closed.then(release);
        // No byte accepted by the client for this long: a stalled download, not a slow one
        // (every write that progresses restarts the clock). Destroying the socket closes the
        // response, which stops rendering, which closes the spool.
        reply.raw.setTimeout(config.reportWriteTimeoutMs, () => {
          request.log.info('Descarga de reporte cortada: el cliente dejó de leer.');
          reply.raw.destroy();
        });
        return reply
          .header('content-type', CONTENT_TYPES[format])
          .header('content-disposition', contentDisposition(`${report.fileName(id, context)}.${format}`))
          .header('cache-control', 'no-store')
          .send(rendered.stream);
      },
    );
  }
};

export default reportRoutes;

// POST /api/reports/{stock | products/:id | invoices/:id | dispatches/:id}: the report as a
// PDF (default) or an XLSX workbook (`?format=xlsx`), streamed while the rows are read.
//
// Everything that can fail with a clear answer (bad id, bad format, unknown document) is
// checked BEFORE the first byte is sent; after that the status is already 200, so a failure
// mid-file can only cut the download (and is logged), never turn into a half-valid file
// reported as complete.
import type { FastifyPluginAsync } from 'fastify';
import { todayIn } from '@almacen/shared/domain';
import { AppError } from '../../http/errors';
import { ERROR_RESPONSES, idParam } from '../../http/schemas';
import { parseId } from '../../http/validate';
import { contentDisposition } from '../../reports/content-disposition';
import { CONTENT_TYPES, type ReportDefinition, type ReportFormat } from '../../reports/model';
import { renderPdf } from '../../reports/pdf';
import { renderXlsx } from '../../reports/xlsx';
import type { ModuleOptions } from '../module';
import { entryVoucher, exitVoucher, productCard, stockReport, type ReportContext } from './reports.service';
import { openSnapshot, type Snapshot } from './snapshot';

const tags = ['reportes'];
const FORMAT_MESSAGE = 'El formato del reporte debe ser "pdf" o "xlsx".';

const querystring = {
  type: 'object',
  properties: { format: { type: 'string', description: 'pdf (por omisión) o xlsx' } },
} as const;

const fileResponse = {
  200: {
    description: 'El archivo del reporte (Content-Disposition trae su nombre).',
    content: {
      [CONTENT_TYPES.pdf]: { schema: { type: 'string', format: 'binary' } },
      [CONTENT_TYPES.xlsx]: { schema: { type: 'string', format: 'binary' } },
    },
  },
  ...ERROR_RESPONSES,
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
  summary: string;
  withId: boolean;
  notFound: string;
  fileName: (id: number, context: ReportContext) => string;
  build: (snapshot: Snapshot, context: ReportContext, id: number) => Promise<ReportDefinition | null> | ReportDefinition;
}

const REPORTS: Report[] = [
  {
    path: '/reports/stock',
    summary: 'Reporte de existencias de todos los productos (PDF o XLSX)',
    withId: false,
    notFound: '',
    fileName: (_id, { issued }) => `Reporte de almacén - ${issued}`,
    build: (snapshot, context) => stockReport(snapshot, context),
  },
  {
    path: '/reports/products/:id',
    summary: 'Tarjeta de almacén (kárdex) de un producto (PDF o XLSX)',
    withId: true,
    notFound: 'El producto solicitado no existe.',
    fileName: (id) => `Tarjetas de almacén - ${id}`,
    build: productCard,
  },
  {
    path: '/reports/invoices/:id',
    summary: 'Reporte de una entrada (factura) (PDF o XLSX)',
    withId: true,
    notFound: 'La entrada solicitada no existe.',
    fileName: (id) => `Reportes de entrada - ${id}`,
    build: entryVoucher,
  },
  {
    path: '/reports/dispatches/:id',
    summary: 'Reporte de una salida (PDF o XLSX)',
    withId: true,
    notFound: 'La salida solicitada no existe.',
    fileName: (id) => `Reportes de salida - ${id}`,
    build: exitVoucher,
  },
];

const reportRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db, config }) => {
  for (const report of REPORTS) {
    app.post(
      report.path,
      { schema: { tags, summary: report.summary, querystring, ...(report.withId ? { params: idParam() } : {}), response: fileResponse } },
      async (request, reply) => {
        const id = report.withId ? parseId((request.params as { id: unknown }).id) : 0;
        const format = parseFormat((request.query as { format?: unknown }).format);
        const context: ReportContext = { institution: config.institutionName, issued: todayIn(config.timeZone) };

        const snapshot = await openSnapshot(db);
        let definition: ReportDefinition | null;
        try {
          definition = await report.build(snapshot, context, id);
        } catch (error) {
          await snapshot.close();
          throw error;
        }
        if (!definition) {
          await snapshot.close();
          throw new AppError('NOT_FOUND', report.notFound);
        }

        const rendered = format === 'pdf' ? renderPdf(definition) : renderXlsx(definition);
        rendered.done.then(
          () => snapshot.close(),
          (error: unknown) => {
            request.log.error({ err: error }, 'No se pudo terminar de generar el reporte.');
            return snapshot.close();
          },
        );
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

// POST /api/reports/labels { productIds, copies, layout }: the products' barcode labels as a PDF
// (labels-pdf.ts), `copies` of each in the order given. Everything that can be refused is refused
// before a byte is sent, with no PDF: a bad body (400), an unknown product (404), a product
// without a code (409, naming each). A product without a code is never given one here: printing
// is a read, and the code a label carries must already be the product's, so the clerk generates
// it first («Generar código interno») and sees it in the catalogue.
import type { FastifyInstance } from 'fastify';
import { todayIn } from '@almacen/shared/domain';
import { MAX_LABELS, missingBarcodeMessage, unknownLabelProductsMessage } from '@almacen/shared/domain-pages';
import { labelsRequestSchema } from '@almacen/shared/schemas';
import type { Config } from '../../config';
import type { Db } from '../../db/pool';
import { AppError, errorBody } from '../../http/errors';
import { documentBody, ERROR_RESPONSES, errorSchema } from '../../http/schemas';
import { parseBody } from '../../http/validate';
import { contentDisposition } from '../../reports/content-disposition';
import { renderLabels, type LabelProduct } from '../../reports/labels-pdf';
import { CONTENT_TYPES } from '../../reports/model';
import { ReportsBusy, type ReportSlots, type Semaphore } from './limits';

export function registerLabelsRoute(
  app: FastifyInstance,
  { db, config, slots, connections }: { db: Db; config: Config; slots: ReportSlots; connections: Semaphore },
): void {
  app.post(
    '/reports/labels',
    {
      schema: documentBody(
        {
          tags: ['reportes'],
          summary: `Etiquetas con el código de barras de los productos (PDF): hoja carta de 30 o térmica de 50 × 25 mm; hasta ${MAX_LABELS} etiquetas`,
          response: {
            200: {
              description: 'El PDF de las etiquetas.',
              content: { [CONTENT_TYPES.pdf]: { schema: { type: 'string', format: 'binary' } } },
            },
            ...ERROR_RESPONSES,
            429: { ...errorSchema, description: 'Ya hay demasiados reportes tuyos en curso (Retry-After dice cuándo reintentar).' },
            503: { ...errorSchema, description: 'El servidor está generando demasiados reportes (Retry-After dice cuándo reintentar).' },
          },
        },
        labelsRequestSchema,
      ),
    },
    async (request, reply) => {
      const input = parseBody(labelsRequestSchema, request.body);
      const { copies, layout } = input;
      const productIds = [...new Set(input.productIds)];

      // 429/503 with Retry-After, as every report: the portal asks again by itself.
      const busy = (error: ReportsBusy) =>
        reply.status(error.status).header('retry-after', String(error.retryAfter)).send(errorBody(error));
      let release: () => void;
      try {
        release = slots.take(request.user.sub);
      } catch (error) {
        if (error instanceof ReportsBusy) return busy(error);
        throw error;
      }
      try {
        const rows = await connections.run(async () => {
          const { rows } = await db.query<LabelProduct & { barcode: string | null }>(
            `SELECT p.id, p.name, u.description AS unit, p.barcode
               FROM products p LEFT JOIN product_units u ON u.id = p.unit_id
              WHERE p.id = ANY($1::int[])`,
            [productIds],
          );
          return rows;
        });
        const byId = new Map(rows.map((row) => [row.id, row]));
        const unknown = productIds.filter((id) => !byId.has(id));
        if (unknown.length > 0) throw new AppError('NOT_FOUND', unknownLabelProductsMessage(unknown));
        const products = productIds.map((id) => byId.get(id)!);
        const withoutCode = products.filter((product) => !product.barcode);
        if (withoutCode.length > 0) throw new AppError('NO_BARCODE', missingBarcodeMessage(withoutCode));

        const issued = todayIn(config.timeZone);
        const pdf = await renderLabels(products as LabelProduct[], copies, layout, {
          title: `Etiquetas de productos - ${issued}`,
          author: config.institutionName,
        });
        return reply
          .header('content-type', CONTENT_TYPES.pdf)
          .header('content-disposition', contentDisposition(`Etiquetas - ${issued}.pdf`))
          .header('cache-control', 'no-store')
          .send(pdf);
      } catch (error) {
        if (error instanceof ReportsBusy) return busy(error);
        throw error;
      } finally {
        release();
      }
    },
  );
}

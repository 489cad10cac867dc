// "Inventario físico":
//   GET  /api/inventory-counts                       the sessions, newest first, with their totals
//   POST /api/inventory-counts { cutoffDate, description, categoryIds? }   snapshot of the book
//   GET  /api/inventory-counts/{id}                  the session with its lines
//   PUT  /api/inventory-counts/{id}/lines { lines: [{ productId, countedQuantity|null, unitCost?, observations? }] }
//   POST /api/inventory-counts/{id}/lines/import     the same from an XLSX or CSV (the file is the body)
//   POST /api/inventory-counts/{id}/application { directorEmployeeId, warehouseKeeperEmployeeId, witnessEmployeeId }
//   POST /api/inventory-counts/{id}/discard
import type { FastifyPluginAsync } from 'fastify';
import { todayIn } from '@almacen/shared/domain';
import { countApplicationSchema, countLinesSchema, makeCountSchemas } from '@almacen/shared/schemas';
import { accessOf, guardDocuments, warehouseOfQuery, warehouseQueryProperty } from '../../access/warehouse-scope';
import { acceptSpreadsheets, sheetRowsOf, UPLOAD_LIMIT, uploadOf } from '../../files/upload';
import { AppError } from '../../http/errors';
import { dataOf, documentBody, ERROR_RESPONSES, idParam, listOf } from '../../http/schemas';
import { idParamOf } from '../../http/validate';
import { idempotencyFrom } from '../ledger/idempotency';
import { idempotencyHeaders } from '../ledger/schemas';
import type { ModuleOptions } from '../module';
import { linesFromFile } from './count-file';
import { parseApplication, parseCreate, parseLines } from './inventory-counts.input';
import { countDetail, listCounts } from './inventory-counts.repository';
import { applyCount, COUNT_TEXTS, createCount, discardCount, updateLines } from './inventory-counts.service';
import { applicationSchema, countDetailSchema, countSummarySchema } from './schemas';

const PATH = '/inventory-counts';
const tags = ['inventario físico'];

const inventoryCountRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db, config }) => {
  // "Not later than today" is judged in the institution's time zone at the moment of the request.
  const counts = makeCountSchemas({ today: () => todayIn(config.timeZone) });
  // The file of an import arrives as raw bytes; only the modules that read files accept these types.
  acceptSpreadsheets(app);
  // A count by id (read, lines, import, application, discard): the caller's permission in its warehouse.
  guardDocuments(app, db, 'counts');

  const found = async (id: number) => {
    const count = await countDetail(db, id);
    if (!count) throw new AppError('NOT_FOUND', COUNT_TEXTS.notFound);
    return count;
  };

  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: 'Conteos de inventario físico (el más reciente primero)',
        querystring: { type: 'object', properties: warehouseQueryProperty() },
        response: { 200: dataOf(listOf(countSummarySchema)), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await listCounts(db, await warehouseOfQuery(db, request)) }),
  );

  app.post(
    PATH,
    {
      schema: documentBody(
        {
          tags,
          summary: 'Abre un conteo: toma la existencia en libros y el costo promedio de cada producto en ese momento',
          description:
            'Sin partidas, entran todos los productos. La fecha de corte no puede ser posterior a hoy ni caer en un periodo cerrado (409).',
          response: { 201: dataOf(countDetailSchema), ...ERROR_RESPONSES },
        },
        counts.create,
      ),
    },
    async (request, reply) => {
      const input = parseCreate(counts.create, request.body);
      return reply.status(201).send({ data: await createCount(db, request.user, input, config.timeZone, accessOf(request)) });
    },
  );

  app.get(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'Un conteo con sus líneas',
        params: idParam(),
        response: { 200: dataOf(countDetailSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await found(idParamOf(request)) }),
  );

  app.put(
    `${PATH}/:id/lines`,
    {
      schema: documentBody(
        {
          tags,
          summary: 'Guarda cantidades contadas, costos unitarios y observaciones de líneas del conteo',
          description:
            'Solo mientras el conteo está ABIERTO (409 si no) y el mes de su fecha de corte no está cerrado (409 `PERIOD_CLOSED`, como al aplicar). ' +
            '`countedQuantity: null` deja la línea sin contar; un campo omitido conserva su valor.',
          params: idParam(),
          response: { 200: dataOf(countDetailSchema), ...ERROR_RESPONSES },
        },
        countLinesSchema,
      ),
    },
    async (request) => {
      const id = idParamOf(request);
      const lines = parseLines(request.body);
      return { data: await updateLines(db, request.user, id, lines) };
    },
  );

  app.post(
    `${PATH}/:id/lines/import`,
    {
      bodyLimit: UPLOAD_LIMIT,
      schema: {
        tags,
        summary: 'Carga las cantidades contadas desde un archivo XLSX o CSV',
        description:
          'El cuerpo es el archivo (`Content-Type` XLSX o `text/csv`, UTF-8 o Windows-1252). Columnas: "ID", "Cantidad contada" y, opcionales, "Costo unitario" y "Observaciones". ' +
          'Cada fila con error se informa con su número y el motivo (400, `errors["rows.N"]`) y entonces no se guarda nada. ' +
          'Con el mes de la fecha de corte cerrado: 409 `PERIOD_CLOSED`, como al aplicar.',
        params: idParam(),
        response: { 200: dataOf(countDetailSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const id = idParamOf(request);
      const { bytes, type } = uploadOf(request);
      const count = await found(id);
      const table = await sheetRowsOf(bytes, type, config, request.user.sub);
      const lines = linesFromFile(table, new Set(count.lines.map((l) => l.productId)));
      return { data: await updateLines(db, request.user, id, lines, 'rows') };
    },
  );

  app.post(
    `${PATH}/:id/application`,
    {
      schema: documentBody(
        {
          tags,
          summary: 'Aplica los ajustes del conteo al libro de almacén',
          description:
            'En una transacción, cada línea contada cuya cantidad difiere de la existencia en libros al abrir el conteo registra un movimiento: ' +
            'ADJUSTMENT_OUT (faltante) sale al costo promedio vigente, 409 si la existencia disponible no alcanza; ' +
            'ADJUSTMENT_IN (sobrante) entra al costo unitario de la línea o, sin él, al costo promedio vigente (400 si este es 0). ' +
            'Las líneas sin contar no se ajustan. Director, almacenista y testigo son tres personas distintas (400). Un conteo se aplica una sola vez (409). Acepta `Idempotency-Key`.',
          params: idParam(),
          headers: idempotencyHeaders,
          response: { 200: dataOf(applicationSchema), ...ERROR_RESPONSES },
        },
        countApplicationSchema,
      ),
    },
    async (request, reply) => {
      const id = idParamOf(request);
      const input = parseApplication(request.body);
      const idempotency = idempotencyFrom(request.headers, `POST /api${PATH}/${id}/application`, request.body);
      const { data, replayed } = await applyCount(db, request.user, id, input, { idempotency, timeZone: config.timeZone });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return { data };
    },
  );

  app.post(
    `${PATH}/:id/discard`,
    {
      schema: {
        tags,
        summary: 'Descarta un conteo abierto (no mueve el libro de almacén)',
        params: idParam(),
        response: { 200: dataOf(countDetailSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await discardCount(db, request.user, idParamOf(request)) }),
  );
};

export default inventoryCountRoutes;

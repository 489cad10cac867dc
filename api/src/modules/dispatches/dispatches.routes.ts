// /api/dispatches: the exit history and the registration of a dispatch.
import type { FastifyPluginAsync } from 'fastify';
import { todayIn } from '@almacen/shared/domain';
import { makeDispatchSchemas } from '@almacen/shared/schemas';
import { accessOf, guardDocuments, warehouseOfQuery, warehouseQueryProperty } from '../../access/warehouse-scope';
import { dataOf, documentBody, ERROR_RESPONSES, listOf } from '../../http/schemas';
import { parseBody } from '../../http/validate';
import { registerCancellationRoute } from '../ledger/cancellation-route';
import { idempotencyFrom } from '../ledger/idempotency';
import { CREATED } from '../ledger/ledger.service';
import { DISPATCH_NOTES, dispatchListItemSchema, dispatchSchema, idempotencyHeaders } from '../ledger/schemas';
import type { ModuleOptions } from '../module';
import { lastDispatchChoices, listDispatches } from './dispatches.repository';
import { cancelDispatch, registerDispatch } from './dispatches.service';

const PATH = '/dispatches';
const tags = ['salidas'];

const dispatchRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db, config, mailQueued }) => {
  // An exit's cancellation: the caller's permission in the exit's warehouse.
  guardDocuments(app, db, 'dispatches');
  const { dispatch } = makeDispatchSchemas({ today: () => todayIn(config.timeZone) });

  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: 'Historial de salidas (la más reciente primero)',
        querystring: { type: 'object', properties: warehouseQueryProperty() },
        response: { 200: dataOf(listOf(dispatchListItemSchema)), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({ data: await listDispatches(db, await warehouseOfQuery(db, request)) }),
  );

  // As an entry's: the «Almacenista» of the person's last exit (invoices.routes.ts).
  app.get(
    `${PATH}/defaults`,
    {
      schema: {
        tags,
        summary: 'El almacenista de la última salida de la persona, para llenar la siguiente',
        response: {
          200: dataOf({
            type: ['object', 'null'],
            required: ['warehouseKeeperEmployeeId'],
            properties: { warehouseKeeperEmployeeId: { type: 'integer', minimum: 1 } },
          }),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => ({ data: await lastDispatchChoices(db, request.user.sub) }),
  );

  app.post(
    PATH,
    {
      schema: documentBody(
        {
          tags,
          summary: 'Registra una salida y sus movimientos',
          description:
            'Cada producto sale al costo promedio vigente en el servidor (el exitPrice enviado es solo lo que mostró el formulario). ' +
            'Si falta existencia de cualquier producto se rechaza la salida completa (409). Acepta `Idempotency-Key`.',
          headers: idempotencyHeaders,
          response: { 201: dataOf(dispatchSchema), ...ERROR_RESPONSES },
        },
        dispatch,
        DISPATCH_NOTES,
      ),
    },
    async (request, reply) => {
      const input = parseBody(dispatch, request.body);
      const idempotency = idempotencyFrom(request.headers, `POST /api${PATH}`, request.body);
      const { data, replayed } = await registerDispatch(db, request.user, input, {
        idempotency,
        timeZone: config.timeZone,
        mail: config,
        access: accessOf(request),
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      else if (data.requestId !== null) mailQueued?.();
      return reply.status(CREATED).send({ data });
    },
  );

  registerCancellationRoute(app, db, {
    path: PATH,
    timeZone: config.timeZone,
    tags,
    summary: 'Cancela una salida con un documento que revierte sus movimientos',
    description:
      'Registra un documento de cancelación (el original se conserva) y cada línea regresa al precio de salida registrado; el costo promedio se recalcula como en una entrada.',
    cancel: cancelDispatch,
  });
};

export default dispatchRoutes;

// «Solicitudes de material»:
//   POST /api/requests { warehouseId?, areaHeadEmployeeId, reason, lines: [{ productId, quantity, observations? }] }
//   GET  /api/requests?view=mine|to-authorize|to-fulfil|all&status=
//   GET  /api/requests/counts                       { toAuthorize, toFulfil, mine } for the menu
//   GET  /api/requests/choices                      the products and the possible heads, for the form
//   GET  /api/requests/{id}                         lines with their figures and exits, and the history
//   POST /api/requests/{id}/authorization { lines: [{ lineId, quantity }] }   the named head
//   POST /api/requests/{id}/rejection { reason }    the named head
//   POST /api/requests/{id}/cancellation { reason } the requester, before the authorization
//   POST /api/requests/{id}/closure { reason }      the warehouse: the rest will not be delivered
//   POST /api/requests/{id}/receipt {}              the requester, once delivered (or closed with something delivered)
// Exits deliver a request through POST /api/dispatches with requestId (requests.fulfilment.ts).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Struct } from 'superstruct';
import { forbiddenMessage, REQUEST_STATUSES, REQUEST_VIEWS, type RequestStatus, type RequestView } from '@almacen/shared/domain';
import {
  createRequestSchema,
  requestAuthorizationSchema,
  requestCancellationSchema,
  requestClosureSchema,
  requestReceiptSchema,
  requestRejectionSchema,
} from '@almacen/shared/schemas';
import { mayIn } from '../../access/users';
import { warehouseOfQuery, warehousesWhere } from '../../access/warehouse-scope';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/errors';
import { dataOf, documentBody, ERROR_RESPONSES, errorSchema, idParam, listOf } from '../../http/schemas';
import { idParamOf, parseBody, queryOf } from '../../http/validate';
import { idempotencyFrom, type IdempotencyRequest } from '../ledger/idempotency';
import { CREATED, type Registered } from '../ledger/ledger.service';
import { idempotencyHeaders } from '../ledger/schemas';
import type { ModuleOptions } from '../module';
import { countRequests, listRequests, requestChoices, type ListFilter } from './requests.repository';
import * as service from './requests.service';
import { listQuery, requestChoicesSchema, requestCountsSchema, requestDetailSchema, requestSummarySchema } from './schemas';

const PATH = '/requests';
const tags = ['solicitudes de material'];
const RESPONSES = { ...ERROR_RESPONSES, 403: errorSchema } as const;

export const personOf = (request: FastifyRequest): service.Person => ({
  user: request.user,
  employeeId: request.caller.employeeId,
  permissions: request.caller.permissions,
  mayIn: (permission, warehouseId) => mayIn(request.caller, permission, warehouseId),
});

const isView = (value: unknown): value is RequestView => (REQUEST_VIEWS as readonly unknown[]).includes(value);
const isStatus = (value: unknown): value is RequestStatus => (REQUEST_STATUSES as readonly unknown[]).includes(value);

function viewOf(request: FastifyRequest): RequestView {
  const view = queryOf(request, 'view') ?? 'mine';
  if (!isView(view)) throw new AppError('VALIDATION', `La vista debe ser una de: ${REQUEST_VIEWS.join(', ')}.`);
  return view;
}

function statusOf(request: FastifyRequest): RequestStatus | undefined {
  const status = queryOf(request, 'status');
  if (status === undefined || status === '') return undefined;
  if (!isStatus(status)) throw new AppError('VALIDATION', `El estado debe ser uno de: ${REQUEST_STATUSES.join(', ')}.`);
  return status;
}

/** What each view lists, or why the person may not see it; every request's views, of the warehouses where they may. */
async function filterOf(db: Db, request: FastifyRequest, view: RequestView, status: RequestStatus | undefined): Promise<ListFilter | null> {
  const person = personOf(request);
  const only = status ? [status] : undefined;
  switch (view) {
    case 'mine':
      return person.employeeId === null ? null : { requester: person.employeeId, statuses: only };
    case 'to-authorize':
      if (person.employeeId === null || (status && status !== 'ENVIADA')) return null;
      return { areaHead: person.employeeId, statuses: ['ENVIADA'], oldestFirst: true };
    case 'to-fulfil':
      if (!person.permissions.includes('requests.fulfil')) throw new AppError('FORBIDDEN', forbiddenMessage('requests.fulfil'));
      return {
        statuses: only ?? ['AUTORIZADA', 'SURTIDA_PARCIAL'],
        oldestFirst: true,
        warehouses: await warehousesWhere(db, request.caller, 'requests.fulfil'),
      };
    case 'all':
      if (!person.permissions.includes('requests.all')) throw new AppError('FORBIDDEN', forbiddenMessage('requests.all'));
      return { statuses: only, warehouses: await warehousesWhere(db, request.caller, 'requests.all') };
  }
}

const requestRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { db, config, mailQueued }) => {
  app.post(
    PATH,
    {
      schema: documentBody(
        {
          tags,
          summary: 'Registra una solicitud de material (ENVIADA, con su folio)',
          description:
            'El solicitante es el empleado vinculado con el usuario que llama (sin vínculo: 409 `NO_EMPLOYEE`; un administrador lo vincula en «Usuarios»). ' +
            'El responsable del área debe ser otra persona y tener usuario vinculado (400). Cada producto una vez. ' +
            '`warehouseId`: aún no hay almacenes, se omite o va null. Acepta `Idempotency-Key`.',
          headers: idempotencyHeaders,
          response: { 201: dataOf(requestDetailSchema), ...RESPONSES },
        },
        createRequestSchema,
        { areaHeadEmployeeId: 'El empleado responsable del área solicitante, quien autoriza' },
      ),
    },
    async (request, reply) => {
      const input = parseBody(createRequestSchema, request.body);
      const idempotency = idempotencyFrom(request.headers, `POST /api${PATH}`, request.body);
      const { data, replayed } = await service.createRequest(db, personOf(request), input, idempotency, config);
      if (replayed) reply.header('idempotent-replayed', 'true');
      else mailQueued?.();
      return reply.status(CREATED).send({ data });
    },
  );

  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: 'Solicitudes de material de una vista',
        description:
          'mine: las que hice (la más reciente primero). to-authorize: ENVIADA donde soy el responsable del área (la más antigua primero). ' +
          'to-fulfil: AUTORIZADA o SURTIDA_PARCIAL, la más antigua primero (quien surte; si no, 403). all: todas (quien consulta todas; si no, 403).',
        querystring: listQuery,
        response: { 200: dataOf(listOf(requestSummarySchema)), ...RESPONSES },
      },
    },
    async (request) => {
      const filter = await filterOf(db, request, viewOf(request), statusOf(request));
      return { data: filter ? await listRequests(db, filter) : [] };
    },
  );

  app.get(
    `${PATH}/counts`,
    {
      schema: {
        tags,
        summary: 'Cuántas solicitudes esperan a la persona, para el menú',
        response: { 200: dataOf(requestCountsSchema), ...RESPONSES },
      },
    },
    async (request) => {
      const person = personOf(request);
      const counts = await countRequests(
        db,
        person.employeeId,
        { toAuthorize: 'ENVIADA', toFulfil: ['AUTORIZADA', 'SURTIDA_PARCIAL'], toReceive: 'SURTIDA', closed: 'CERRADA' },
        await warehousesWhere(db, request.caller, 'requests.fulfil'),
      );
      return { data: person.permissions.includes('requests.fulfil') ? counts : { ...counts, toFulfil: 0 } };
    },
  );

  app.get(
    `${PATH}/choices`,
    {
      schema: {
        tags,
        summary: 'Los productos y los posibles responsables del área, para el formulario de una solicitud',
        description: 'Para quien puede solicitar sin consultar el almacén: sin existencias ni precios.',
        response: { 200: dataOf(requestChoicesSchema), ...RESPONSES },
      },
    },
    async (request) => ({ data: await requestChoices(db, request.caller.employeeId, await warehouseOfQuery(db, request)) }),
  );

  app.get(
    `${PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'Una solicitud con sus renglones, las salidas que los surtieron y cada cambio de estado',
        description: 'La ven su solicitante, su responsable del área y quien consulta todas; para cualquier otra persona no existe (404).',
        params: idParam(),
        response: { 200: dataOf(requestDetailSchema), ...RESPONSES },
      },
    },
    async (request) => ({ data: await service.visibleRequest(db, personOf(request), idParamOf(request)) }),
  );

  /** A state change: its body, its Idempotency-Key, 200 with the request as it now stands. */
  function stateChange<T>(
    segment: string,
    summary: string,
    description: string,
    body: Struct<T, unknown>,
    run: (person: service.Person, id: number, input: T, idempotency?: IdempotencyRequest) => Promise<Registered<unknown>>,
  ) {
    app.post(
      `${PATH}/:id/${segment}`,
      {
        schema: documentBody(
          {
            tags,
            summary,
            description: `${description} Cuando su estado no lo permite: 409 \`REQUEST_STATE\` con lo que pasó. Acepta \`Idempotency-Key\`.`,
            params: idParam(),
            headers: idempotencyHeaders,
            response: { 200: dataOf(requestDetailSchema), ...RESPONSES },
          },
          body,
        ),
      },
      async (request, reply) => {
        const id = idParamOf(request);
        const input = parseBody(body, request.body);
        const idempotency = idempotencyFrom(request.headers, `POST /api${PATH}/${id}/${segment}`, request.body);
        const { data, replayed } = await run(personOf(request), id, input, idempotency);
        if (replayed) reply.header('idempotent-replayed', 'true');
        else mailQueued?.();
        return { data };
      },
    );
  }

  stateChange(
    'authorization',
    'El responsable del área autoriza la solicitud (AUTORIZADA)',
    'Solo el responsable del área nombrado (403). Cada renglón una vez, de 0 a lo solicitado (0: no se da); al menos uno mayor a 0 (para no dar nada, se rechaza).',
    requestAuthorizationSchema,
    (person, id, input, idempotency) => service.authorizeRequest(db, person, id, input, idempotency, config),
  );
  stateChange(
    'rejection',
    'El responsable del área rechaza la solicitud (RECHAZADA)',
    'Solo el responsable del área nombrado (403), mientras está ENVIADA.',
    requestRejectionSchema,
    (person, id, input, idempotency) => service.rejectRequest(db, person, id, input.reason, idempotency, config),
  );
  stateChange(
    'cancellation',
    'El solicitante cancela su solicitud (CANCELADA)',
    'Solo quien la hizo (403), antes de que se autorice.',
    requestCancellationSchema,
    (person, id, input, idempotency) => service.cancelRequest(db, person, id, input.reason, idempotency, config),
  );
  stateChange(
    'closure',
    'El almacén cierra la solicitud: lo pendiente ya no se entregará (CERRADA)',
    'Mientras está AUTORIZADA o SURTIDA_PARCIAL; lo pendiente de cada renglón pasa a cerrado.',
    requestClosureSchema,
    (person, id, input, idempotency) => service.closeRequest(db, person, id, input.reason, idempotency, config),
  );
  stateChange(
    'receipt',
    'El solicitante confirma que recibió el material (RECIBIDA)',
    'Solo quien la hizo (403), cuando está SURTIDA o CERRADA con algo entregado.',
    requestReceiptSchema,
    (person, id, _input, idempotency) => service.receiveRequest(db, person, id, idempotency, config),
  );
};

export default requestRoutes;

// POST /api/cfdi/parse: a supplier's CFDI 4.0 read for the entry wizard. The XML is
// the body (application/xml or text/xml, at most 2 MB); its parser is registered in this
// plugin only, so no other route accepts XML.
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/errors';
import { dataOf, ERROR_RESPONSES, errorSchema } from '../../http/schemas';
import type { ApiModule, ModuleOptions } from '../module';
import { cfdiPool } from './cfdi-pool';
import { MAX_CFDI_BYTES } from './cfdi-reader';
import { analyseCfdi } from './cfdi.service';
import { cfdiAnalysisSchema } from './schemas';

const TOO_LARGE = 'El archivo XML es demasiado grande (máximo 2 MB).';

const parseRoute: FastifyPluginAsync<ModuleOptions> = async (app, { db, config }) => {
  // The worker threads that read CFDIs (cfdi-pool.ts), shared with POST /api/invoices; they
  // start on the first CFDI and stop when the last app of the process closes.
  cfdiPool.retain();
  app.addHook('onClose', async () => cfdiPool.release());
  app.addContentTypeParser(/^(application|text)\/xml(;.*)?$/i, { parseAs: 'buffer', bodyLimit: MAX_CFDI_BYTES }, (_request, body, done) => {
    done(null, body);
  });
  // Before the body is read: a declared length over the limit is refused with the words of this route.
  app.addHook('preParsing', async (request) => {
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length) && length > MAX_CFDI_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
  });

  app.post(
    '/cfdi/parse',
    {
      bodyLimit: MAX_CFDI_BYTES,
      schema: {
        tags: ['entradas'],
        summary: 'Lee el CFDI 4.0 (XML) de un proveedor para llenar una entrada; no crea nada',
        description:
          'El cuerpo es el XML (application/xml o text/xml, máximo 2 MB). Se rechaza (400) si no es un CFDI 4.0, si no es de ingreso, si no está timbrado, ' +
          'si el receptor no es INSTITUTION_RFC (cuando está configurado) o si está en otra moneda sin TipoCambio; 409 si su UUID ya está en una entrada. ' +
          'No se aceptan DOCTYPE ni entidades. Responde el proveedor (por RFC), los productos recordados y las advertencias.',
        response: {
          200: dataOf(cfdiAnalysisSchema),
          ...ERROR_RESPONSES,
          503: {
            ...errorSchema,
            description: 'El CFDI no se pudo leer a tiempo o el servidor está leyendo demasiados; inténtalo de nuevo.',
          },
        },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envía el archivo XML del CFDI (Content-Type application/xml).');
      }
      return { data: await analyseCfdi(db, config, request.body, request.user.sub) };
    },
  );
};

const cfdi: ApiModule = async (app, options) => {
  await app.register(parseRoute, options);
};

export default cfdi;

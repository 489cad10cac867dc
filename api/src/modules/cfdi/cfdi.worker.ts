// One thread of the CFDI pool (cfdi-pool.ts): receives the XML's bytes, answers what
// cfdi.service.ts computes from them alone. A refusal (AppError) travels as its code, message
// and fields; anything else as a fault (the API answers it 500, like any bug).
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../http/errors';
import type { CfdiReply, CfdiTask } from './cfdi-pool';
import { readCfdi } from './cfdi-reader';
import { checkCfdi, prepareAnalysis } from './cfdi.service';

function perform(task: CfdiTask): unknown {
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  const config = { institutionRfc: task.institutionRfc };
  if (task.op === 'analyse') return prepareAnalysis(bytes, config);
  const cfdi = readCfdi(bytes);
  checkCfdi(cfdi, config);
  return cfdi;
}

parentPort!.on('message', (message: CfdiTask & { id: number }) => {
  let reply: CfdiReply;
  try {
    reply = { id: message.id, ok: true, value: perform(message) };
  } catch (error) {
    reply =
      error instanceof AppError
        ? { id: message.id, ok: false, error: { code: error.code, message: error.message, errors: error.errors } }
        : { id: message.id, ok: false, fault: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});

// One thread of the CFDI pool (cfdi-pool.ts): receives the XML's bytes, answers what
// cfdi.service.ts computes from them alone.
import { parentPort } from 'node:worker_threads';
import { serveTasks } from '../../workers/task-pool';
import type { CfdiTask } from './cfdi-pool';
import { readCfdi } from './cfdi-reader';
import { checkCfdi, prepareAnalysis } from './cfdi.service';

serveTasks<CfdiTask>(parentPort!, (task) => {
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  const config = { institutionRfc: task.institutionRfc };
  if (task.op === 'analyse') return prepareAnalysis(bytes, config);
  const cfdi = readCfdi(bytes);
  checkCfdi(cfdi, config);
  return cfdi;
});

// One thread of the spreadsheet pool (sheet-pool.ts): the uploaded bytes in, the sheet's rows out.
import { parentPort } from 'node:worker_threads';
import { serveTasks } from '../workers/task-pool';
import type { SheetTask } from './sheet-pool';
import { readSheet } from './sheet-reader';

serveTasks<SheetTask>(parentPort!, (task) =>
  readSheet(Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength), task.contentType, task.limits),
);

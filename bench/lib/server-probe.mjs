// Loaded into the API server's own process by bench/reports.ts (`node --import`), so that the
// event-loop delay and the memory are measured where the work happens, not in the client.
// Nothing in the product loads it.
//
// SIGUSR2 → collects garbage (node --expose-gc), writes {seq, loopMaxMs, loopP99Ms, heapMb, rssMb}
// to $ALMACEN_PROBE_FILE — the event-loop delay of the period since the last signal, and the
// heap and RSS still in use once the garbage is gone — and starts a new period.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.ALMACEN_PROBE_FILE;
if (file) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let seq = 0;
  process.on('SIGUSR2', () => {
    const loopMaxMs = loop.max / 1e6;
    const loopP99Ms = loop.percentile(99) / 1e6;
    globalThis.gc?.();
    const memory = process.memoryUsage();
    const report = { seq: ++seq, loopMaxMs, loopP99Ms, heapMb: memory.heapUsed / 1024 / 1024, rssMb: memory.rss / 1024 / 1024 };
    loop.reset();
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(report));
    fs.renameSync(`${file}.tmp`, file);
  });
}

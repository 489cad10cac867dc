// Loaded into the API server's own process by bench/reports.ts (`node --expose-gc --import`), so
// that the event-loop delay and the memory are measured where the work happens, not in the
// client. Nothing in the product loads it.
//
// On SIGUSR2 it reads the command in `$ALMACEN_PROBE_FILE.cmd`:
// - "period" (or no file): collects garbage and writes {seq, loopMaxMs, loopP99Ms, heapMb, rssMb,
//   liveMaxMb} to $ALMACEN_PROBE_FILE: the event-loop delay since the last period; the heap
//   (JavaScript objects plus Buffers) and the RSS still in use once the garbage is gone; and the
//   largest live heap that "live" sampling saw since then (null without it). Then it starts a
//   new period without sampling.
// - "live": from now on collects garbage every 250 ms and keeps the largest heap (with Buffers)
//   left after it: what is really held, whenever V8 would have collected on its own (the garbage
//   of a report being written is not counted). It slows the event loop, so it runs in a pass of
//   its own.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.ALMACEN_PROBE_FILE;
if (file) {
  const gc = globalThis.gc ?? (() => undefined);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let seq = 0;
  let live = null;
  let liveMax = null;
  // JavaScript heap plus Buffers (a file's bytes live outside the heap).
  const heapMb = () => {
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return (heapUsed + arrayBuffers) / 1024 / 1024;
  };
  process.on('SIGUSR2', () => {
    let command = 'period';
    try {
      command = fs.readFileSync(`${file}.cmd`, 'utf8').trim() || 'period';
    } catch {
      // no command file: a period
    }
    if (command === 'live') {
      clearInterval(live);
      liveMax = 0;
      live = setInterval(() => {
        gc();
        liveMax = Math.max(liveMax, heapMb());
      }, 250);
      fs.writeFileSync(`${file}.tmp`, JSON.stringify({ seq: ++seq, live: true }));
      fs.renameSync(`${file}.tmp`, file);
      return;
    }
    clearInterval(live);
    live = null;
    const loopMaxMs = loop.max / 1e6;
    const loopP99Ms = loop.percentile(99) / 1e6;
    gc();
    const report = {
      seq: ++seq,
      loopMaxMs,
      loopP99Ms,
      heapMb: heapMb(),
      rssMb: process.memoryUsage().rss / 1024 / 1024,
      liveMaxMb: liveMax,
    };
    liveMax = null;
    loop.reset();
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(report));
    fs.renameSync(`${file}.tmp`, file);
  });
}

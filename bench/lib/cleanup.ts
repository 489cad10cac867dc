// What a proof script must undo if it is interrupted (Ctrl-C, a CI timeout sending SIGTERM):
// servers it started and embedded PostgreSQL instances it owns (their own process groups would
// otherwise outlive it). Registered undo steps run in reverse order, then the process exits.
const steps = new Set<() => Promise<void> | void>();
let installed = false;

export function onInterrupt(step: () => Promise<void> | void): () => void {
  steps.add(step);
  if (!installed) {
    installed = true;
    const handler = (signal: NodeJS.Signals) => {
      process.stderr.write(`\n${signal}: limpiando…\n`);
      const timer = setTimeout(() => process.exit(130), 20_000);
      void (async () => {
        for (const s of [...steps].reverse()) await Promise.resolve(s()).catch(() => undefined);
        clearTimeout(timer);
        process.exit(130);
      })();
    };
    process.once('SIGINT', handler);
    process.once('SIGTERM', handler);
  }
  return () => steps.delete(step);
}

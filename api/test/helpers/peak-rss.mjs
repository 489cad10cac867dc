// Preloaded through NODE_OPTIONS (`--import=<this file>`) into processes a test or a bench starts
// indirectly (`node api/cli.mjs backup` starts the command as its own child): when the process
// exits it appends one JSON line to PEAK_RSS_FILE — its entry point and its peak RSS in kB
// (getrusage) — so the parent can read the peak of the process that did the work.
import fs from 'node:fs';

const file = process.env.PEAK_RSS_FILE;
if (file) {
  process.on('exit', () => {
    fs.appendFileSync(file, `${JSON.stringify({ script: process.argv[1] ?? '', maxRssKb: process.resourceUsage().maxRSS })}\n`);
  });
}

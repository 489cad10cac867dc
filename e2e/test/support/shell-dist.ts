// The shell's build as the deploy tests compare it: every file under shell/dist with its SHA-256.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './env';

export const SHELL_DIST = path.join(REPO_ROOT, 'shell', 'dist');

/** Every file below `dir`, at any depth. */
export function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Every file of the shell's build with its SHA-256. */
export function shellHashes(): Record<string, string> {
  return Object.fromEntries(
    filesUnder(SHELL_DIST)
      .sort()
      .map((file) => [path.relative(SHELL_DIST, file), createHash('sha256').update(fs.readFileSync(file)).digest('hex')]),
  );
}

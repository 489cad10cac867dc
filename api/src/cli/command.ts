// How each command line of the API runs as a program (users, backup, restore): the settings of
// `npm start` from the repository's .env, its lines on stdout, and a failure on stderr — a known
// refusal in its own Spanish words, anything else after `failure` — with exit code 2 for a usage
// mistake and 1 for any other failure.
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config';

/** A mistake in the command's arguments (exit code 2). */
export class UsageError extends Error {}

type Run = (argv: string[], env: NodeJS.ProcessEnv, out: (line: string) => void) => Promise<unknown>;
type ErrorKind = abstract new (...args: never[]) => Error;

export function runCommand(run: Run, { known, failure }: { known: ErrorKind[]; failure: string }): void {
  const dotEnv = path.resolve(__dirname, '..', '..', '..', '.env');
  if (fs.existsSync(dotEnv)) process.loadEnvFile(dotEnv);
  run(process.argv.slice(2), process.env, (line) => process.stdout.write(`${line}\n`)).then(
    () => process.exit(0),
    (error: unknown) => {
      const said = [UsageError, ConfigError, ...known].some((kind) => error instanceof kind);
      process.stderr.write(`${said ? (error as Error).message : `${failure}: ${(error as Error).message}`}\n`);
      process.exit(error instanceof UsageError ? 2 : 1);
    },
  );
}

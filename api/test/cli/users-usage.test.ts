// `npm run users -- --help` and mistakes in its arguments answer in Spanish, before touching any
// database (node:util's parseArgs would say "Unknown option '--x'" in English).
import { run, USAGE, UsageError } from '../../src/cli/users';

const noDatabase = { DATABASE_URL: 'postgres://nadie@127.0.0.1:1/ninguna' } as NodeJS.ProcessEnv;

test.each([['--help'], ['-h'], ['help'], ['ayuda']])('%s prints the usage in Spanish', async (flag) => {
  const lines: string[] = [];
  await run([flag], noDatabase, (line) => lines.push(line));
  expect(lines).toEqual([USAGE]);
  expect(USAGE).toMatch(/^Uso:\n {2}npm run users -w @almacen\/api -- list/);
});

test('an unknown option is a usage error in Spanish that names it', async () => {
  const error = await run(['list', '--nombre', 'x'], noDatabase, () => undefined).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UsageError);
  expect((error as Error).message).toMatch(/^Opción no válida: --nombre\nUso:/);
});

test('no command, or an unknown one, shows the usage', async () => {
  for (const argv of [[], ['borrar']]) {
    const error = await run(argv, noDatabase, () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(USAGE);
  }
});

test('deactivate and activate name the person: without one, a usage error before any database', async () => {
  for (const command of ['deactivate', 'activate']) {
    const error = await run([command], noDatabase, () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(`Falta el usuario.\n${USAGE}`);
  }
  expect(USAGE).toContain('npm run users -w @almacen/api -- deactivate <usuario o correo>');
});

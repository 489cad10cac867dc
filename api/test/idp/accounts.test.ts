// Accounts of the embedded provider: salted scrypt hashes, the first-start administrator whose
// password is printed exactly once, and the users CLI.
import { run } from '../../src/cli/users';
import { hashPassword, verifyPassword } from '../../src/idp/passwords';
import { addUser, findUserByUsername, setPassword } from '../../src/idp/users';
import { createTestDatabase } from '../helpers/test-app';
import { startIdpApp } from './idp-app';
import { OidcTestClient } from './oidc-client';

// Each file starts a server on a fresh database and hashes passwords with scrypt: slow on a busy machine.
jest.setTimeout(60_000);

describe('password hashes', () => {
  it('are salted scrypt: the same password gives different hashes, each verifiable', async () => {
    const [a, b] = await Promise.all([hashPassword('misma-contraseña'), hashPassword('misma-contraseña')]);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    await expect(verifyPassword('misma-contraseña', a)).resolves.toBe(true);
    await expect(verifyPassword('misma-contraseña', b)).resolves.toBe(true);
    await expect(verifyPassword('misma-contraseñA', a)).resolves.toBe(false);
    await expect(verifyPassword('misma-contraseña', 'texto-que-no-es-hash')).resolves.toBe(false);
  });
});

describe('first start', () => {
  it('creates admin with a random password printed once, which signs in; a second start prints nothing', async () => {
    const printed: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    let first: Awaited<ReturnType<typeof startIdpApp>> | undefined;
    try {
      first = await startIdpApp({ env: { ADMIN_PASSWORD: '' } });
      const banner = printed.join('');
      const password = /Contraseña: (\S+)/.exec(banner)?.[1];
      expect(banner).toContain('Usuario:    admin');
      expect(banner).toContain(`Portal:     ${first.publicUrl}/`);
      expect(password).toMatch(/^[A-Za-z0-9]{20}$/);

      // Stored as a hash only.
      const { rows } = await first.db.query<{ password_hash: string }>("SELECT password_hash FROM idp_users WHERE username = 'admin'");
      expect(rows[0].password_hash).not.toContain(password!);
      const tokens = await new OidcTestClient({ publicUrl: first.publicUrl }).signIn('admin', password!);
      expect(tokens.access_token).toBeTruthy();

      await first.close({ drop: false });
      printed.length = 0;
      const second = await startIdpApp({ env: { ADMIN_PASSWORD: '' }, database: first.database });
      await second.close({ drop: false });
      expect(printed.join('')).not.toContain('Contraseña');
      expect(printed.join('')).not.toContain('administrador');
    } finally {
      spy.mockRestore();
      await first?.database.drop();
    }
  });

  it('with ADMIN_PASSWORD uses it and never prints it', async () => {
    const printed: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    const app = await startIdpApp({ env: { ADMIN_PASSWORD: 'secreto-del-entorno' } }).finally(() => spy.mockRestore());
    try {
      expect(printed.join('')).toContain('Contraseña: la de ADMIN_PASSWORD');
      expect(printed.join('')).not.toContain('secreto-del-entorno');
      const admin = await findUserByUsername(app.db, 'admin');
      await expect(verifyPassword('secreto-del-entorno', admin!.passwordHash)).resolves.toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('users', () => {
  it('keeps one account per username whatever its case and validates the input in Spanish', async () => {
    const app = await startIdpApp();
    try {
      await addUser(app.db, { username: 'Marta', name: 'Marta Ruiz', password: 'contraseña-1' });
      await expect(addUser(app.db, { username: 'MARTA', password: 'contraseña-2' })).rejects.toThrow('El usuario "marta" ya existe.');
      await expect(addUser(app.db, { username: 'x y', password: 'contraseña-2' })).rejects.toThrow(/El usuario debe tener/);
      await expect(addUser(app.db, { username: 'pedro', password: 'corta' })).rejects.toThrow(
        'La contraseña debe tener al menos 8 caracteres.',
      );
      await expect(addUser(app.db, { username: 'pedro', email: 'no-es-correo', password: 'contraseña-2' })).rejects.toThrow(
        'El correo "no-es-correo" no es válido.',
      );
      await expect(setPassword(app.db, 'nadie', 'contraseña-3')).rejects.toThrow('El usuario "nadie" no existe.');
      const { rows } = await app.db.query('SELECT username FROM idp_users ORDER BY username');
      expect(rows.map((r) => r.username)).toEqual(['admin', 'marta']);
    } finally {
      await app.close();
    }
  });

  it('CLI adds, lists and resets passwords on the server database', async () => {
    const database = await createTestDatabase();
    const env = { DATABASE_URL: database.url, LOG_LEVEL: 'silent' };
    const lines: string[] = [];
    const out = (line: string) => lines.push(line);
    try {
      await run(['add', 'Rosa', '--name', 'Rosa Díaz', '--email', 'rosa@example.mx', '--password', 'primera-clave'], env, out);
      expect(lines).toEqual(['Usuario "rosa" (Rosa Díaz) creado.']);

      lines.length = 0;
      await run(['list'], env, out);
      expect(lines).toEqual(['rosa\tRosa Díaz\trosa@example.mx']);

      lines.length = 0;
      await run(['reset-password', 'rosa'], env, out);
      expect(lines[0]).toBe('Contraseña de "rosa" cambiada.');
      const generated = /Contraseña: (\S+)/.exec(lines[1])?.[1];
      expect(generated).toMatch(/^[A-Za-z0-9]{20}$/);

      const app = await startIdpApp({ database });
      try {
        const rosa = await findUserByUsername(app.db, 'rosa');
        await expect(verifyPassword(generated!, rosa!.passwordHash)).resolves.toBe(true);
        await expect(verifyPassword('primera-clave', rosa!.passwordHash)).resolves.toBe(false);
      } finally {
        await app.close({ drop: false });
      }
      await expect(run(['add', 'rosa', '--password', 'otra-clave-1'], env, out)).rejects.toThrow('El usuario "rosa" ya existe.');
      await expect(run(['borrar', 'rosa'], env, out)).rejects.toThrow(/^Uso:/);
    } finally {
      await database.drop();
    }
  });
});

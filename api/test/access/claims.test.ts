// How a provider's claims become roles (OIDC_ROLES_CLAIM + OIDC_ROLE_MAP), who ADMIN_USERS names,
// and how grants from the three sources combine — pure functions, no database.
import { claimAt, personFrom, rolesFromClaim } from '../../src/access/claims';
import { callerOf, grantsOf, isConfigAdmin, type AppUser } from '../../src/access/users';
import { loadConfig, parseRoleMap } from '../../src/config';

describe('OIDC_ROLE_MAP', () => {
  test('reads "value=ROLE&…" (a value may repeat) and JSON (a text or a list)', () => {
    expect(parseRoleMap('Grupo-Almacen=ALMACENISTA&Grupo-Jefes=AUTORIZADOR&Grupo-Jefes=consulta')).toEqual({
      'Grupo-Almacen': ['ALMACENISTA'],
      'Grupo-Jefes': ['AUTORIZADOR', 'CONSULTA'],
    });
    expect(parseRoleMap('{"/almacen/jefes": ["AUTORIZADOR"], "lectores": "CONSULTA"}')).toEqual({
      '/almacen/jefes': ['AUTORIZADOR'],
      lectores: ['CONSULTA'],
    });
    expect(parseRoleMap('')).toEqual({});
  });

  test('refuses unknown roles and malformed JSON, naming the setting', () => {
    expect(parseRoleMap('Grupo=JEFE')).toBeNull();
    expect(parseRoleMap('{"Grupo": 3}')).toBeNull();
    expect(parseRoleMap('{nope')).toBeNull();
    expect(() => loadConfig({ OIDC_ISSUER: 'https://idp.example.org', OIDC_ROLES_CLAIM: 'groups', OIDC_ROLE_MAP: 'Grupo=JEFE' })).toThrow(
      /OIDC_ROLE_MAP/,
    );
    expect(() => loadConfig({ OIDC_ISSUER: 'https://idp.example.org', OIDC_ROLE_MAP: 'Grupo=CONSULTA' })).toThrow(/OIDC_ROLES_CLAIM/);
    expect(() => loadConfig({ OIDC_ROLES_CLAIM: 'grupos con espacios' })).toThrow(/OIDC_ROLES_CLAIM/);
  });

  test('ADMIN_USERS is "admin" with the embedded provider and nobody with an external one', () => {
    expect(loadConfig({}).adminUsers).toEqual(['admin']);
    expect(loadConfig({ OIDC_ISSUER: 'https://idp.example.org' }).adminUsers).toEqual([]);
    expect(loadConfig({ OIDC_ISSUER: 'https://idp.example.org', ADMIN_USERS: 'jefa@escuela.mx, 1234' }).adminUsers).toEqual([
      'jefa@escuela.mx',
      '1234',
    ]);
  });
});

describe('roles from a claim', () => {
  const map = { 'Grupo-Almacen': ['ALMACENISTA' as const], 'Grupo-Jefes': ['AUTORIZADOR' as const] };

  test('a dotted path reaches nested claims (Keycloak realm_access.roles); a claim named with dots wins', () => {
    const claims = { realm_access: { roles: ['Grupo-Jefes', 'offline_access'] }, 'https://x.mx/roles': ['Grupo-Almacen'] };
    expect(claimAt(claims, 'realm_access.roles')).toEqual(['Grupo-Jefes', 'offline_access']);
    expect(rolesFromClaim(claims, 'realm_access.roles', map)).toEqual(['AUTORIZADOR']);
    expect(rolesFromClaim(claims, 'https://x.mx/roles', map)).toEqual(['ALMACENISTA']);
  });

  test('a list or a space/comma-separated text; unknown values grant nothing; an absent claim is undefined', () => {
    expect(rolesFromClaim({ groups: 'Grupo-Almacen Grupo-Jefes' }, 'groups', map)).toEqual(['ALMACENISTA', 'AUTORIZADOR']);
    expect(rolesFromClaim({ groups: ['Alumnos', 'Docentes'] }, 'groups', map)).toEqual([]);
    expect(rolesFromClaim({}, 'groups', map)).toBeUndefined();
    expect(rolesFromClaim({ groups: null }, 'groups', map)).toBeUndefined();
  });

  test('without a map, a value named like a role grants it (any case), anything else nothing', () => {
    expect(rolesFromClaim({ roles: ['consulta', 'ADMINISTRADOR', 'jefe'] }, 'roles', {})).toEqual(['ADMINISTRADOR', 'CONSULTA']);
  });

  test('the person: name, else preferred_username; an e-mail only if it looks like one', () => {
    expect(personFrom({ name: ' Lucía ', email: 'lucia@escuela.mx', preferred_username: 'lucia' })).toEqual({
      name: 'Lucía',
      email: 'lucia@escuela.mx',
      username: 'lucia',
    });
    expect(personFrom({ preferred_username: 'pepe', email: 'no es correo' })).toEqual({ name: 'pepe', email: null, username: 'pepe' });
  });
});

describe('who is an administrator and with which roles', () => {
  const user = (over: Partial<AppUser> = {}): AppUser => ({
    id: 1,
    issuer: 'https://idp',
    sub: 'abc',
    name: 'Ana',
    email: 'Ana@Escuela.mx',
    username: 'ana',
    roles: [],
    providerRoles: [],
    active: true,
    employeeId: null,
    createdAt: new Date(),
    lastSeenAt: new Date(),
    ...over,
  });

  test('ADMIN_USERS names people by e-mail (any case) or sub; by username only with the embedded provider', () => {
    expect(isConfigAdmin(['ana@escuela.mx'], user(), false)).toBe(true);
    expect(isConfigAdmin(['abc'], user(), false)).toBe(true);
    expect(isConfigAdmin(['ana'], user(), false)).toBe(false);
    expect(isConfigAdmin(['ana'], user(), true)).toBe(true);
    expect(isConfigAdmin([], user(), true)).toBe(false);
  });

  test('each role once, from the strongest source; permissions are the union; a deactivated user has none', () => {
    expect(grantsOf(user({ roles: ['CONSULTA', 'ADMINISTRADOR'], providerRoles: ['CONSULTA'] }), true)).toEqual([
      { role: 'CONSULTA', source: 'proveedor' },
      { role: 'ADMINISTRADOR', source: 'configuracion' },
    ]);
    const almacenista = callerOf(user({ roles: ['ALMACENISTA'] }), false);
    expect(almacenista.effectiveRoles).toEqual(['ALMACENISTA']);
    expect(almacenista.permissions).toContain('dispatches.create');
    expect(almacenista.permissions).not.toContain('dispatches.cancel');
    expect(callerOf(user({ roles: ['ADMINISTRADOR'], active: false }), false).permissions).toEqual([]);
  });
});

// How a provider's claims become roles (OIDC_ROLES_CLAIM + OIDC_ROLE_MAP), who ADMIN_USERS names,
// and how grants from the three sources combine — pure functions, no database.
import type { AccessRole } from '@almacen/shared/domain';
import { claimAt, personFrom, rolesFromClaim } from '../../src/access/claims';
import { callerOf, grantsOf, isConfigAdmin, mayIn, permissionsIn, type AppUser } from '../../src/access/users';
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

  test('a role for one warehouse is ROLE@CODE; ADMINISTRADOR only for every warehouse', () => {
    expect(parseRoleMap('Almacen-P012=ALMACENISTA@P012&Almacen-P012=consulta@p013&Lectores=CONSULTA')).toEqual({
      'Almacen-P012': ['ALMACENISTA@P012', 'CONSULTA@P013'],
      Lectores: ['CONSULTA'],
    });
    expect(parseRoleMap('{"Jefes-P012": ["AUTORIZADOR@P012"]}')).toEqual({ 'Jefes-P012': ['AUTORIZADOR@P012'] });
    expect(parseRoleMap('Admins=ADMINISTRADOR@P012')).toBeNull();
    expect(parseRoleMap('G=ALMACENISTA@')).toBeNull();
    expect(parseRoleMap('G=ALMACENISTA@P 012')).toBeNull();
    expect(() =>
      loadConfig({ OIDC_ISSUER: 'https://idp.example.org', OIDC_ROLES_CLAIM: 'groups', OIDC_ROLE_MAP: 'Admins=ADMINISTRADOR@P012' }),
    ).toThrow(/ADMINISTRADOR solo para todos/);
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
    expect(rolesFromClaim({ roles: ['almacenista@p012', 'ADMINISTRADOR@P012'] }, 'roles', {})).toEqual(['ALMACENISTA@P012']);
  });

  test('a mapped value may grant a role for one warehouse', () => {
    const perWarehouse = { 'Almacen-P012': ['ALMACENISTA@P012'], Lectores: ['CONSULTA'] };
    expect(rolesFromClaim({ groups: ['Almacen-P012', 'Lectores'] }, 'groups', perWarehouse)).toEqual(['ALMACENISTA@P012', 'CONSULTA']);
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

  const all = (role: AccessRole) => ({ role, warehouseId: null });
  const codes = new Map([
    ['P012', 12],
    ['P013', 13],
  ]);

  test('each (role, warehouse) once, from the strongest source; permissions are the union; a deactivated user has none', () => {
    expect(grantsOf(user({ roles: [all('CONSULTA'), all('ADMINISTRADOR')], providerRoles: ['CONSULTA'] }), true, codes)).toEqual([
      { role: 'CONSULTA', warehouseId: null, source: 'proveedor' },
      { role: 'ADMINISTRADOR', warehouseId: null, source: 'configuracion' },
    ]);
    const almacenista = callerOf(user({ roles: [all('ALMACENISTA')] }), false, codes);
    expect(almacenista.effectiveRoles).toEqual(['ALMACENISTA']);
    expect(almacenista.permissions).toContain('dispatches.create');
    expect(almacenista.permissions).not.toContain('dispatches.cancel');
    expect(callerOf(user({ roles: [all('ADMINISTRADOR')], active: false }), false, codes).permissions).toEqual([]);
  });

  test('a role for one warehouse counts there only; institution-wide permissions count everywhere', () => {
    const clerk = callerOf(
      user({ roles: [{ role: 'ALMACENISTA', warehouseId: 12 }], providerRoles: ['CONSULTA@P013', 'AUTORIZADOR@P999'] }),
      false,
      codes,
    );
    expect(clerk.grants).toEqual([
      { role: 'CONSULTA', warehouseId: 13, source: 'proveedor' },
      { role: 'ALMACENISTA', warehouseId: 12, source: 'almacen' },
    ]);
    expect([mayIn(clerk, 'dispatches.create', 12), mayIn(clerk, 'dispatches.create', 13), mayIn(clerk, 'consult', 13)]).toEqual([
      true,
      false,
      true,
    ]);
    expect([mayIn(clerk, 'consult', 14), mayIn(clerk, 'catalogs.write', 14)]).toEqual([false, true]);
    expect(clerk.permissions).not.toContain('counts.apply');
    expect(permissionsIn(clerk, 13)).toEqual(['consult', 'catalogs.write', 'catalogs.import', 'requests.read', 'requests.all']);
    // AUTORIZADOR@P999 names no warehouse: nothing, and it is told.
    const unknown: string[] = [];
    callerOf(user({ providerRoles: ['AUTORIZADOR@P999'] }), false, codes, (code) => unknown.push(code));
    expect(unknown).toEqual(['P999']);
  });
});

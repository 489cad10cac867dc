// global-setup.ts puts the maintenance connection string in the environment; jest workers are
// started after it and inherit it.
export const ADMIN_URL_ENV = 'ALMACEN_TEST_ADMIN_URL';

/** Connection string of the maintenance database where test databases are created. */
export function adminUrl(): string {
  const url = process.env[ADMIN_URL_ENV];
  if (!url) throw new Error('Las pruebas de la API necesitan jest (api/test/global-setup.ts inicia PostgreSQL).');
  return url;
}

/** The same server, another database. */
export function databaseUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

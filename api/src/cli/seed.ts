// `npm run seed`: a realistic demo catalogue (CONAC partidas, units, ~50 products, suppliers
// with well-formed RFCs, employees with their roles) and then a few invoices and dispatches
// (modules/ledger/seed.ts). Only ever run by hand: nothing loads it into a database on its
// own, and it refuses a database whose catalogue already has products.
//
// Database: DATABASE_URL, or the embedded PostgreSQL under DATA_DIR — the one a running server
// owns, or started just for the load and stopped afterwards.
import { ConfigError, loadConfig, type Config } from '../config';
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded';
import { migrate } from '../db/migrate';
import { createPool, withTransaction, type Db, type Trx } from '../db/pool';
import { recordAudit } from '../modules/audit/audit.repository';
import { insertDescribed, type DescribedTable } from '../modules/catalogs/described.repository';
import { insertAssignment, insertEmployee } from '../modules/catalogs/employees.repository';
import { insertProduct } from '../modules/catalogs/products.repository';
import { insertSupplier } from '../modules/catalogs/suppliers.repository';
import { seedLedger, SEED_ACTOR } from '../modules/ledger/seed';
import type { AuthUser } from '../plugins/auth';

/** Partidas of the CONAC Clasificador por Objeto del Gasto (capítulo 2000), with their names. */
export const PARTIDAS = {
  oficina: '2111 Materiales, útiles y equipos menores de oficina',
  impresion: '2121 Materiales y útiles de impresión y reproducción',
  tic: '2141 Materiales, útiles y equipos menores de tecnologías de la información y comunicaciones',
  limpieza: '2161 Material de limpieza',
  ensenanza: '2171 Materiales y útiles de enseñanza',
  electrico: '2461 Material eléctrico y electrónico',
  seguridad: '2721 Prendas de seguridad y protección personal',
  herramientas: '2911 Herramientas menores',
  refacciones: '2941 Refacciones y accesorios menores de equipo de cómputo y tecnologías de la información',
} as const;

export const UNITS = [
  'Pieza',
  'Caja',
  'Paquete',
  'Resma',
  'Litro',
  'Galón',
  'Kilogramo',
  'Metro',
  'Rollo',
  'Juego',
  'Par',
  'Bolsa',
  'Cubeta',
] as const;
type UnitName = (typeof UNITS)[number];
type PartidaKey = keyof typeof PARTIDAS;

export const PRODUCTS: Array<[name: string, partida: PartidaKey, unit: UnitName]> = [
  ['Papel bond tamaño carta 75 g', 'oficina', 'Resma'],
  ['Papel bond tamaño oficio 75 g', 'oficina', 'Resma'],
  ['Bolígrafo punto mediano tinta azul', 'oficina', 'Caja'],
  ['Bolígrafo punto mediano tinta negra', 'oficina', 'Caja'],
  ['Lápiz de grafito núm. 2', 'oficina', 'Caja'],
  ['Marcatextos color amarillo', 'oficina', 'Pieza'],
  ['Folder tamaño carta color crema', 'oficina', 'Paquete'],
  ['Carpeta de argollas de 2 pulgadas', 'oficina', 'Pieza'],
  ['Grapas estándar 26/6', 'oficina', 'Caja'],
  ['Clips niquelados núm. 2', 'oficina', 'Caja'],
  ['Cinta adhesiva transparente 18 mm', 'oficina', 'Rollo'],
  ['Engrapadora de escritorio', 'oficina', 'Pieza'],
  ['Sobre manila tamaño carta', 'oficina', 'Paquete'],
  ['Notas adhesivas 76 x 76 mm', 'oficina', 'Paquete'],
  ['Cartucho de tinta negra para impresora de inyección', 'impresion', 'Pieza'],
  ['Tóner negro para impresora láser', 'impresion', 'Pieza'],
  ['Tóner de color cian para impresora láser', 'impresion', 'Pieza'],
  ['Memoria USB de 64 GB', 'tic', 'Pieza'],
  ['Ratón óptico alámbrico USB', 'tic', 'Pieza'],
  ['Teclado alámbrico USB en español', 'tic', 'Pieza'],
  ['Cable de red UTP categoría 6', 'tic', 'Metro'],
  ['Disco duro externo de 1 TB', 'tic', 'Pieza'],
  ['Concentrador USB de 4 puertos', 'tic', 'Pieza'],
  ['Cloro líquido', 'limpieza', 'Litro'],
  ['Detergente en polvo', 'limpieza', 'Kilogramo'],
  ['Limpiador multiusos aroma lavanda', 'limpieza', 'Galón'],
  ['Jabón líquido para manos', 'limpieza', 'Litro'],
  ['Papel higiénico institucional', 'limpieza', 'Rollo'],
  ['Toalla de papel interdoblada', 'limpieza', 'Paquete'],
  ['Bolsa para basura 90 x 120 cm', 'limpieza', 'Paquete'],
  ['Escoba de plástico', 'limpieza', 'Pieza'],
  ['Jerga de algodón', 'limpieza', 'Metro'],
  ['Gis blanco antipolvo', 'ensenanza', 'Caja'],
  ['Marcador para pizarrón blanco', 'ensenanza', 'Caja'],
  ['Borrador para pizarrón blanco', 'ensenanza', 'Pieza'],
  ['Juego de geometría escolar', 'ensenanza', 'Juego'],
  ['Cartulina blanca', 'ensenanza', 'Paquete'],
  ['Calculadora científica', 'ensenanza', 'Pieza'],
  ['Foco LED de 9 W', 'electrico', 'Pieza'],
  ['Cable eléctrico calibre 12', 'electrico', 'Metro'],
  ['Contacto dúplex polarizado', 'electrico', 'Pieza'],
  ['Cinta de aislar negra', 'electrico', 'Rollo'],
  ['Extensión eléctrica de 5 m', 'electrico', 'Pieza'],
  ['Guantes de carnaza', 'seguridad', 'Par'],
  ['Lentes de seguridad transparentes', 'seguridad', 'Pieza'],
  ['Cubrebocas tricapa', 'seguridad', 'Caja'],
  ['Desarmador de cruz 1/4"', 'herramientas', 'Pieza'],
  ['Pinzas de electricista 8"', 'herramientas', 'Pieza'],
  ['Flexómetro de 5 m', 'herramientas', 'Pieza'],
  ['Juego de llaves Allen', 'herramientas', 'Juego'],
  ['Batería de respaldo para no-break', 'refacciones', 'Pieza'],
  ['Fuente de poder para computadora de escritorio', 'refacciones', 'Pieza'],
];

/** Fictitious suppliers; the RFCs follow SAT's format (3 letters for a company, 4 for a person). */
export const SUPPLIERS: Array<[name: string, rfc: string]> = [
  ['Papelería y Suministros del Bajío, S.A. de C.V.', 'PSB950615KJ3'],
  ['Comercializadora de Limpieza Integral, S.A. de C.V.', 'CLI010920QW8'],
  ['Tecnología Educativa del Centro, S. de R.L. de C.V.', 'TEC120301AB1'],
  ['Materiales Eléctricos Hernández, S.A. de C.V.', 'MEH080714RT5'],
  ['Ferretería La Llave de Oro, S.A. de C.V.', 'FLL990105HG2'],
  ['María Guadalupe Torres Ruiz', 'TORG780412MN7'],
  ['Distribuidora Escolar Anáhuac, S.A. de C.V.', 'DEA150823PL9'],
];

export const ROLES = [
  'Director del plantel',
  'Almacenista',
  'Jefe de servicios administrativos',
  'Responsable del área solicitante',
  'Solicitante',
] as const;

export const EMPLOYEES: Array<[name: string, lastName: string, roles: Array<(typeof ROLES)[number]>]> = [
  ['Laura', 'Mendoza Aguilar', ['Director del plantel']],
  ['Jorge', 'Ramírez Soto', ['Almacenista']],
  ['Patricia', 'Vázquez Luna', ['Jefe de servicios administrativos', 'Solicitante']],
  ['Ricardo', 'Ortega Flores', ['Responsable del área solicitante']],
  ['Adriana', 'Castillo Núñez', ['Responsable del área solicitante', 'Solicitante']],
  ['Miguel Ángel', 'Domínguez Reyes', ['Solicitante']],
  ['Sofía', 'Herrera Campos', ['Almacenista', 'Solicitante']],
  ['Fernando', 'Jiménez Morales', ['Solicitante']],
];

export interface SeedCatalogResult {
  skipped: boolean;
  products: number;
}

async function describe(trx: Trx, actor: AuthUser, table: DescribedTable, description: string): Promise<number> {
  const row = await insertDescribed(trx, table, actor, description);
  await recordAudit(trx, actor, { action: 'create', entity: table, entityId: row.id, after: row });
  return row.id;
}

/** Loads the demo catalogue in one transaction; does nothing when products already exist. */
export async function seedCatalog(db: Db, actor: AuthUser = SEED_ACTOR): Promise<SeedCatalogResult> {
  return withTransaction(db, async (trx) => {
    // One loader at a time, and never over a catalogue someone already filled.
    await trx.query('LOCK TABLE products IN SHARE ROW EXCLUSIVE MODE');
    const { rows } = await trx.query<{ n: string }>('SELECT count(*) AS n FROM products');
    if (Number(rows[0].n) > 0) return { skipped: true, products: 0 };

    const partidas = new Map<PartidaKey, number>();
    for (const [key, description] of Object.entries(PARTIDAS) as Array<[PartidaKey, string]>) {
      partidas.set(key, await describe(trx, actor, 'product_categories', description));
    }
    const units = new Map<UnitName, number>();
    for (const unit of UNITS) units.set(unit, await describe(trx, actor, 'product_units', unit));
    const roles = new Map<string, number>();
    for (const role of ROLES) roles.set(role, await describe(trx, actor, 'roles', role));

    for (const [name, partida, unit] of PRODUCTS) {
      const changes = { name, categoryId: partidas.get(partida)!, unitId: units.get(unit)! };
      const id = await insertProduct(trx, actor, changes);
      await recordAudit(trx, actor, { action: 'create', entity: 'products', entityId: id, after: { id, ...changes } });
    }
    for (const [name, rfc] of SUPPLIERS) {
      const row = await insertSupplier(trx, actor, name, rfc);
      await recordAudit(trx, actor, { action: 'create', entity: 'suppliers', entityId: row.id, after: row });
    }
    for (const [name, lastName, employeeRoles] of EMPLOYEES) {
      const row = await insertEmployee(trx, actor, { name, lastName });
      await recordAudit(trx, actor, { action: 'create', entity: 'employees', entityId: row.id, after: row });
      for (const role of employeeRoles) {
        const assignment = await insertAssignment(trx, actor, { employeeId: row.id, roleId: roles.get(role)! });
        await recordAudit(trx, actor, {
          action: 'create',
          entity: 'employee_roles',
          entityId: `${row.id}:${assignment.roleId}`,
          after: assignment,
        });
      }
    }
    return { skipped: false, products: PRODUCTS.length };
  });
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const log = (message: string) => process.stdout.write(`${message}\n`);

  let embedded: EmbeddedPostgres | null = null;
  let url = config.databaseUrl ?? runningEmbeddedUrl(config.dataDir);
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, backupDir: config.backup.dir, log });
    url = embedded.url;
  }
  const db = createPool(url, { max: 4, applicationName: 'almacen-seed' });
  try {
    await migrate(db, { log });
    const catalog = await seedCatalog(db);
    if (catalog.skipped) {
      log('El catálogo ya tiene productos: la carga de demostración solo se aplica a una base vacía. No se cambió nada.');
      process.exitCode = 1;
      return;
    }
    log(
      `Catálogo de demostración cargado: ${Object.keys(PARTIDAS).length} partidas, ${UNITS.length} unidades, ${PRODUCTS.length} productos, ${SUPPLIERS.length} proveedores, ${EMPLOYEES.length} empleados.`,
    );
    const ledger = await seedLedger(db, { timeZone: config.timeZone, log });
    if (!ledger.skipped) log(`Documentos de demostración: ${ledger.invoices} entradas y ${ledger.dispatches} salidas.`);
  } finally {
    await db.end();
    if (embedded) await embedded.stop();
  }
}

if (require.main === module) {
  main().catch((error: Error) => {
    process.stderr.write(`No fue posible cargar los datos de demostración: ${error.message}\n`);
    process.exit(1);
  });
}

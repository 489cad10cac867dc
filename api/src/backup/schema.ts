// What the backup and the restore read of the public schema from PostgreSQL's catalogue: its tables
// (with the columns a row is written with, and the primary key that orders them), the order that
// puts every table after those it refers to, and its sequences. Objects that belong to an
// extension are not the product's and are left out.
import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

export interface TableInfo {
  name: string;
  /** The stored columns (generated ones are computed again on insert), in their order. */
  columns: Array<{ name: string; type: string }>;
  /** Primary-key columns; empty when the table has none (its rows are then ordered by every column). */
  primaryKey: string[];
}

export interface SequenceInfo {
  name: string;
  /** The column it feeds (identity or serial), if any. */
  table: string | null;
  column: string | null;
}

export class SchemaOrderError extends Error {}

const NOT_AN_EXTENSION = (oid: string, catalog: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend e WHERE e.classid = '${catalog}'::regclass AND e.objid = ${oid} AND e.deptype = 'e')`;

/** The tables of the public schema, every one after the tables its foreign keys point to. */
export async function readTables(db: Queryable): Promise<TableInfo[]> {
  const { rows: tables } = await db.query<{ oid: number; name: string }>(
    `SELECT c.oid, c.relname AS name FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND ${NOT_AN_EXTENSION('c.oid', 'pg_class')}
      ORDER BY c.relname`,
  );
  const { rows: columns } = await db.query<{ table: number; name: string; type: string }>(
    `SELECT a.attrelid AS table, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      WHERE c.relnamespace = 'public'::regnamespace AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY a.attrelid, a.attnum`,
  );
  const { rows: keys } = await db.query<{ table: number; name: string }>(
    `SELECT i.indrelid AS table, a.attname AS name
       FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
       CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
      WHERE c.relnamespace = 'public'::regnamespace AND i.indisprimary
      ORDER BY i.indrelid, k.n`,
  );
  const { rows: references } = await db.query<{ child: number; parent: number }>(
    `SELECT conrelid AS child, confrelid AS parent FROM pg_constraint
      WHERE contype = 'f' AND connamespace = 'public'::regnamespace AND conrelid <> confrelid`,
  );

  const byOid = new Map<number, TableInfo>(tables.map((t) => [t.oid, { name: t.name, columns: [], primaryKey: [] }]));
  for (const c of columns) byOid.get(c.table)?.columns.push({ name: c.name, type: c.type });
  for (const k of keys) byOid.get(k.table)?.primaryKey.push(k.name);

  // Parents first (Kahn's algorithm, by name among the ready ones); a table that refers to itself
  // is loaded in primary-key order, which puts a row after the earlier row it refers to.
  const parents = new Map<number, Set<number>>(tables.map((t) => [t.oid, new Set()]));
  for (const r of references) if (byOid.has(r.child) && byOid.has(r.parent)) parents.get(r.child)!.add(r.parent);
  const ordered: TableInfo[] = [];
  const done = new Set<number>();
  while (done.size < tables.length) {
    const ready = tables.filter((t) => !done.has(t.oid) && [...parents.get(t.oid)!].every((p) => done.has(p)));
    if (!ready.length) {
      const left = tables.filter((t) => !done.has(t.oid)).map((t) => t.name);
      throw new SchemaOrderError(
        `Las tablas ${left.join(', ')} se refieren unas a otras en un ciclo de llaves foráneas: no hay un orden en que restaurarlas.`,
      );
    }
    for (const t of ready) {
      done.add(t.oid);
      ordered.push(byOid.get(t.oid)!);
    }
  }
  return ordered;
}

/** The sequences of the public schema and the column each feeds. */
export async function readSequences(db: Queryable): Promise<SequenceInfo[]> {
  const { rows } = await db.query<SequenceInfo>(
    `SELECT s.relname AS name, t.relname AS table, a.attname AS column
       FROM pg_class s
       LEFT JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = s.oid AND d.refclassid = 'pg_class'::regclass
                            AND d.deptype IN ('a', 'i')
       LEFT JOIN pg_class t ON t.oid = d.refobjid
       LEFT JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
      WHERE s.relnamespace = 'public'::regnamespace AND s.relkind = 'S' AND ${NOT_AN_EXTENSION('s.oid', 'pg_class')}
      ORDER BY s.relname`,
  );
  return rows;
}

/** How many of the product's kinds of objects the public schema holds (0: an empty database). */
export async function countPublicObjects(db: Queryable): Promise<{ tables: number; others: number }> {
  const { rows } = await db.query<{ tables: number; others: number }>(
    `SELECT (SELECT count(*) FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'f')
                AND ${NOT_AN_EXTENSION('c.oid', 'pg_class')})::int AS tables,
            ((SELECT count(*) FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('v', 'm', 'S', 'c')
                AND ${NOT_AN_EXTENSION('c.oid', 'pg_class')})
             + (SELECT count(*) FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace AND ${NOT_AN_EXTENSION('p.oid', 'pg_proc')})
             + (SELECT count(*) FROM pg_type t WHERE t.typnamespace = 'public'::regnamespace AND t.typtype IN ('e', 'd', 'r')
                AND ${NOT_AN_EXTENSION('t.oid', 'pg_type')}))::int AS others`,
  );
  return rows[0];
}

/**
 * DROP statements for every object of the public schema that is not an extension's: views,
 * tables (their indexes, triggers, identity sequences and row types go with them), the remaining
 * sequences, routines and types. The schema itself stays, with its owner and privileges.
 */
export async function dropStatements(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ sql: string }>(
    `SELECT sql FROM (
       SELECT 1 AS step, format('DROP %s IF EXISTS public.%I CASCADE',
                                CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' END, c.relname) AS sql
         FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('v', 'm') AND ${NOT_AN_EXTENSION('c.oid', 'pg_class')}
       UNION ALL
       SELECT 2, format('DROP %s IF EXISTS public.%I CASCADE', CASE c.relkind WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, c.relname)
         FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'f') AND NOT c.relispartition
          AND ${NOT_AN_EXTENSION('c.oid', 'pg_class')}
       UNION ALL
       SELECT 3, format('DROP SEQUENCE IF EXISTS public.%I CASCADE', c.relname)
         FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'S' AND ${NOT_AN_EXTENSION('c.oid', 'pg_class')}
       UNION ALL
       SELECT 4, format('DROP %s IF EXISTS %s CASCADE',
                        CASE p.prokind WHEN 'a' THEN 'AGGREGATE' WHEN 'p' THEN 'PROCEDURE' ELSE 'FUNCTION' END, p.oid::regprocedure)
         FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace AND ${NOT_AN_EXTENSION('p.oid', 'pg_proc')}
       UNION ALL
       SELECT 5, format('DROP %s IF EXISTS public.%I CASCADE', CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, t.typname)
         FROM pg_type t WHERE t.typnamespace = 'public'::regnamespace
          AND (t.typtype IN ('e', 'd', 'r') OR (t.typtype = 'c' AND EXISTS (SELECT 1 FROM pg_class r WHERE r.oid = t.typrelid AND r.relkind = 'c')))
          AND ${NOT_AN_EXTENSION('t.oid', 'pg_type')}
     ) s ORDER BY step, sql`,
  );
  return rows.map((r) => r.sql);
}

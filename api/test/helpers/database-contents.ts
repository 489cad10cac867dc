// A database's whole content, to compare two databases row by row: every table of the public
// schema (each row as the text of all its columns, in primary-key order) and every sequence.
import pg from 'pg';

export async function withClient<T>(url: string, work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** Every table's rows (as text, in key order) and every sequence's position; every table must have a primary key. */
export async function contents(url: string): Promise<Record<string, string[]>> {
  return withClient(url, async (db) => {
    const { rows: tables } = await db.query<{ name: string; key: string[] }>(
      `SELECT c.relname AS name, array_agg(a.attname::text ORDER BY k.n) AS key
         FROM pg_class c JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
         CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' GROUP BY c.relname ORDER BY c.relname`,
    );
    const { rows: all } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'`,
    );
    if (tables.length !== all[0].n) throw new Error('Hay tablas sin llave primaria: no se pueden comparar fila por fila.');
    const result: Record<string, string[]> = {};
    for (const { name, key } of tables) {
      const order = key.map((k) => `t."${k}"`).join(', ');
      result[name] = (await db.query<{ row: string }>(`SELECT t::text AS row FROM public."${name}" t ORDER BY ${order}`)).rows.map(
        (r) => r.row,
      );
    }
    const { rows: sequences } = await db.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'S' ORDER BY 1`,
    );
    for (const { name } of sequences) {
      result[`sequence ${name}`] = (await db.query(`SELECT last_value::text, is_called FROM public."${name}"`)).rows.map((r) =>
        JSON.stringify(r),
      );
    }
    return result;
  });
}

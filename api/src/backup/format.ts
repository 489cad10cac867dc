// The backup file of `npm run backup` / `npm run restore`: ONE gzip file (zcat reads it) of text
// lines, each a JSON value:
//   {"format":"almacen-respaldo","formatVersion":1}       the first line
//   {"table":"movements","columns":["id", …]}               each table of the public schema, parents before
//   ["1", "…", null, …]                                     the tables that refer to them; then its rows in
//                                                           primary-key order, every value as PostgreSQL's
//                                                           own text for it (null is NULL)
//   {"manifest":{…}}                                        the last line: what the file holds (Manifest)
// then a second gzip member, empty, whose header comment is the SHA-256 of every byte before it.
// The manifest's contentSha256 proves the lines before it; the file's SHA-256 proves every byte of
// the file, also those no content checksum sees (the gzip header, the unused bits that end the
// compressed data), so a file with any one byte changed is refused.
//
// A logical format of our own, not pg_dump's: it is written and read through the `pg` driver alone
// (no client binaries, any PostgreSQL major on either side), and the restore rebuilds the schema
// from the product's migrations rather than from DDL in the file.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const FORMAT = 'almacen-respaldo';
export const FORMAT_VERSION = 1;

/** What the last line of a backup says of it. */
export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  /** The version of Almacén that wrote it (package.json). */
  version: string;
  /** When the snapshot was taken (ISO 8601, UTC). */
  createdAt: string;
  /** The database's migrations in the order they were applied (schema_migrations). */
  migrations: Array<{ name: string; checksum: string }>;
  lastMigration: string | null;
  /** server_version of the PostgreSQL it was taken from. */
  postgres: string;
  /** Rows per table, in the file's order. */
  tables: Record<string, number>;
  /** Each sequence of the schema as it stood (identity columns draw from them). */
  sequences: Array<{ name: string; lastValue: string; isCalled: boolean }>;
  /** SHA-256 (hex) of the lines before the manifest, newlines included. */
  contentSha256: string;
}

export const headerLine = () => JSON.stringify({ format: FORMAT, formatVersion: FORMAT_VERSION });

/**
 * The session settings under which every value's text is written and read back: instants in UTC,
 * ISO dates, bytea as hex, floats to the last digit. The same text means the same value on any
 * PostgreSQL major and any server configuration.
 */
export const TEXT_SETTINGS = [
  "SET LOCAL TimeZone = 'UTC'",
  "SET LOCAL DateStyle = 'ISO, YMD'",
  "SET LOCAL IntervalStyle = 'postgres'",
  'SET LOCAL extra_float_digits = 3',
  "SET LOCAL bytea_output = 'hex'",
  // A large table takes as long as it takes; the transaction is ours and ends with the command.
  'SET LOCAL statement_timeout = 0',
  'SET LOCAL idle_in_transaction_session_timeout = 0',
];

// ---- the closing member: the file's SHA-256 in a gzip header comment ----

const TRAILER_HEAD = Buffer.from([0x1f, 0x8b, 0x08, 0x10 /* FCOMMENT */, 0, 0, 0, 0 /* MTIME */, 0 /* XFL */, 0xff /* OS */]);
const COMMENT_PREFIX = 'almacen-sha256=';
/** An empty deflate stream, then CRC32 and size of nothing. */
const TRAILER_TAIL = Buffer.from([0x03, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]);

export function trailer(sha256: string): Buffer {
  return Buffer.concat([TRAILER_HEAD, Buffer.from(`${COMMENT_PREFIX}${sha256}\0`, 'latin1'), TRAILER_TAIL]);
}

export const TRAILER_LENGTH = trailer('0'.repeat(64)).length;

/** The SHA-256 the closing member states, or null when the bytes are not exactly such a member. */
export function readTrailer(bytes: Buffer): string | null {
  const sha = bytes
    .subarray(TRAILER_HEAD.length + COMMENT_PREFIX.length, TRAILER_HEAD.length + COMMENT_PREFIX.length + 64)
    .toString('latin1');
  return /^[0-9a-f]{64}$/.test(sha) && trailer(sha).equals(bytes) ? sha : null;
}

// ---- file names: almacen-20261128T051122Z.respaldo.gz (UTC), -2, -3… when a second one falls in the same second ----

const NAME_RE = /^almacen-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z(?:-\d+)?\.respaldo\.gz$/;

export function backupName(at: Date, attempt = 1): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `almacen-${stamp}${attempt > 1 ? `-${attempt}` : ''}.respaldo.gz`;
}

/** The time a backup's name states; null for any other file. */
export function timeOfBackupName(name: string): Date | null {
  const m = NAME_RE.exec(name);
  if (!m) return null;
  const at = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]));
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The version in the repository's package.json (the product's), else the API's. */
export function productVersion(): string {
  for (const file of [path.resolve(__dirname, '..', '..', '..', 'package.json'), path.resolve(__dirname, '..', '..', 'package.json')]) {
    try {
      const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version?: string };
      if (version) return version;
    } catch {
      // not there (an image without the repository's root): the next one
    }
  }
  return 'desconocida';
}

export const sha256 = () => createHash('sha256');

/** Splits a byte stream into its lines (without the newline); a last line without one is an incomplete file. */
export async function* lines(input: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  for await (const chunk of input) {
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
      pending.push(chunk.subarray(start, end));
      yield pending.length === 1 ? pending[0] : Buffer.concat(pending);
      pending = [];
      start = end + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length) throw new IncompleteLineError();
}

export class IncompleteLineError extends Error {}

/** A qualified, quoted name in the public schema. */
export const qualified = (name: string) => `public."${name.replace(/"/g, '""')}"`;
export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

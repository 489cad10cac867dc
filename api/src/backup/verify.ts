// A backup file checked alone, before any connection: its closing SHA-256 against every byte, the
// content against the manifest's SHA-256 and row counts, and its migrations against this
// version's (a backup of a newer version, or of changed migrations, is refused). restore.ts reads
// the same file through scan() with a visitor that loads its rows.
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { readMigrations, type MigrationFile } from '../db/migrate';
import { FORMAT, FORMAT_VERSION, IncompleteLineError, lines, readTrailer, sha256, TRAILER_LENGTH, type Manifest } from './format';

/** The restore will not go ahead (Spanish; nothing was changed). */
export class RestoreRefusal extends Error {}

const NEWLINE = Buffer.from('\n');

export const NOTHING_CHANGED = 'No se cambió nada.';

export const damaged = (file: string) =>
  new RestoreRefusal(
    `El respaldo «${path.basename(file)}» está dañado: su contenido no coincide con la suma SHA-256 que se guardó al crearlo ` +
      `(el archivo cambió o se copió incompleto). ${NOTHING_CHANGED} Usa otra copia del respaldo.`,
  );

export interface VerifiedBackup {
  file: string;
  bytes: number;
  manifest: Manifest;
  /** SHA-256 of the file up to its closing member, as the member states and the bytes confirm. */
  fileSha256: string;
}

export interface Visitor {
  table(name: string, columns: string[]): Promise<void>;
  row(line: Buffer): Promise<void>;
}

/** A visitor's own failure (the database's), told apart from a damaged file. */
export class VisitorFailure extends Error {
  constructor(public readonly original: unknown) {
    super('visitor');
  }
}

/** Reads the file once: the file's SHA-256, the lines, their SHA-256 and counts, the manifest. */
export async function scan(file: string, bytes: number, visitor?: Visitor) {
  const fileHash = sha256();
  const content = sha256();
  const counts: Record<string, number> = {};
  let manifest: Manifest | null = null;
  let current: string | null = null;
  let header = false;
  const visit = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      throw new VisitorFailure(error);
    }
  };
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      fileHash.update(chunk);
      callback(null, chunk);
    },
  });
  let stop: unknown = null;
  const noteStop = (error: unknown) => {
    if ((error as { name?: string } | null)?.name !== 'AbortError') stop ??= error;
  };
  const readLines = async (input: AsyncIterable<Buffer>) => {
    for await (const line of lines(input)) {
      if (manifest) throw damaged(file);
      if (line[0] === 0x5b /* [ */) {
        if (current === null) throw damaged(file);
        counts[current]++;
        content.update(line);
        content.update(NEWLINE);
        if (visitor) await visit(() => visitor.row(line));
        continue;
      }
      const value = JSON.parse(line.toString('utf8')) as Record<string, unknown> | null;
      if (!value || typeof value !== 'object') throw damaged(file);
      if (!header) {
        if (value.format !== FORMAT) throw damaged(file);
        if (value.formatVersion !== FORMAT_VERSION) {
          throw new RestoreRefusal(
            `«${path.basename(file)}» es un respaldo en un formato (${String(value.formatVersion)}) que esta versión de Almacén no sabe leer. ${NOTHING_CHANGED}`,
          );
        }
        header = true;
      } else if (value.manifest && typeof value.manifest === 'object') {
        manifest = value.manifest as Manifest;
        continue;
      } else if (typeof value.table === 'string' && Array.isArray(value.columns) && !(value.table in counts)) {
        current = value.table;
        counts[current] = 0;
        const columns = value.columns as string[];
        if (visitor) await visit(() => visitor.table(current!, columns));
      } else {
        throw damaged(file);
      }
      content.update(line);
      content.update(NEWLINE);
    }
  };
  try {
    const gunzip = zlib.createGunzip().on('error', noteStop);
    await pipeline(fs.createReadStream(file, { start: 0, end: bytes - TRAILER_LENGTH - 1 }), tap, gunzip, async (input) => {
      try {
        await readLines(input as AsyncIterable<Buffer>);
      } catch (error) {
        noteStop(error);
        throw error;
      }
    });
  } catch (thrown) {
    // The pipeline may reject with the AbortError of a stream it destroyed after another failed:
    // the reason is that other failure, the first that was not an abort.
    const error = stop ?? thrown;
    if (error instanceof VisitorFailure) throw error.original;
    if (error instanceof RestoreRefusal) throw error;
    // zlib (a changed or missing byte), JSON, a last line cut short: the file is not as written.
    if (error instanceof IncompleteLineError || error instanceof SyntaxError || (error as { code?: string }).code?.startsWith('Z_')) {
      throw damaged(file);
    }
    throw error;
  }
  if (!manifest) throw damaged(file);
  return { manifest: manifest as Manifest, fileSha256: fileHash.digest('hex'), contentSha256: content.digest('hex'), counts };
}

/** Checks the file without touching any database; refuses (RestoreRefusal) one that is not exactly as written. */
export async function verifyBackup(file: string): Promise<VerifiedBackup> {
  let bytes: number;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) throw new RestoreRefusal(`«${file}» no es un archivo.`);
    bytes = stat.size;
  } catch (error) {
    if (error instanceof RestoreRefusal) throw error;
    throw new RestoreRefusal(`No existe el archivo «${file}» (o no se puede leer).`);
  }
  const notABackup = new RestoreRefusal(
    `«${path.basename(file)}» no es un respaldo de Almacén, o está incompleto: no termina con la suma de verificación que escribe ` +
      `npm run backup. ${NOTHING_CHANGED}`,
  );
  if (bytes <= TRAILER_LENGTH) throw notABackup;
  const end = Buffer.alloc(TRAILER_LENGTH);
  const handle = fs.openSync(file, 'r');
  try {
    fs.readSync(handle, end, 0, TRAILER_LENGTH, bytes - TRAILER_LENGTH);
  } finally {
    fs.closeSync(handle);
  }
  const stated = readTrailer(end);
  if (!stated) throw notABackup;
  const found = await scan(file, bytes);
  const { manifest } = found;
  const wellFormed =
    Array.isArray(manifest.migrations) &&
    Array.isArray(manifest.sequences) &&
    typeof manifest.tables === 'object' &&
    manifest.tables !== null;
  const sameCounts =
    wellFormed &&
    JSON.stringify(Object.entries(found.counts)) === JSON.stringify(Object.entries(manifest.tables).map(([t, n]) => [t, Number(n)]));
  if (found.fileSha256 !== stated || found.contentSha256 !== manifest.contentSha256 || !sameCounts) throw damaged(file);
  return { file, bytes, manifest, fileSha256: stated };
}

/**
 * The migrations to rebuild the backup's schema with, in the order it applied them: each must be
 * this version's own file, unchanged.
 */
export function migrationsOf(manifest: Manifest, available: MigrationFile[] = readMigrations()): MigrationFile[] {
  const files = new Map(available.map((f) => [f.name, f]));
  return manifest.migrations.map(({ name, checksum }) => {
    const file = files.get(name);
    if (!file) {
      throw new RestoreRefusal(
        `El respaldo es de una versión de Almacén más nueva que esta (${manifest.version}): su migración «${name}» no existe aquí. ` +
          `Restáuralo con Almacén ${manifest.version} o posterior. ${NOTHING_CHANGED}`,
      );
    }
    if (file.checksum !== checksum) {
      throw new RestoreRefusal(
        `La migración «${name}» del respaldo no es la de esta versión de Almacén (su contenido es otro), así que su esquema no se ` +
          `puede reconstruir igual. ${NOTHING_CHANGED}`,
      );
    }
    return file;
  });
}

// The parts of a ZIP archive (an XLSX is one) read from its bytes without trusting them: the
// central directory is read first and every size it declares is checked against the limits
// before anything is inflated, and each part is then inflated as a stream that stops as soon as
// it gives more bytes than its entry declared (a lying header) or than the budget left.
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { AppError } from '../http/errors';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  /** Offset of the entry's local header. */
  offset: number;
}

export interface UnpackLimits {
  /** The declared and actual unpacked bytes of the parts read, all together. */
  maxUnpackedBytes: number;
  /** unpacked ÷ packed of one part above which it is taken for a bomb (parts over 1 MB only). */
  maxRatio: number;
}

export const INVALID_XLSX = 'El archivo no es un libro de Excel (XLSX) válido.';
const invalid = (detail?: string) => {
  const message = detail ? `${INVALID_XLSX.slice(0, -1)}: ${detail}.` : INVALID_XLSX;
  return new AppError('VALIDATION', message, { file: message });
};
const tooLarge = (message: string) => new AppError('PAYLOAD_TOO_LARGE', message, { file: message });

export const UNPACK_TEXTS = {
  unpacked: (mb: number) =>
    `El archivo descomprimido ocupa más de ${mb} MB (límite IMPORT_MAX_UNPACKED_MB); divídelo en archivos más pequeños.`,
  ratio: (ratio: number) =>
    `Una parte del archivo se descomprime a más de ${ratio} veces su tamaño (límite IMPORT_MAX_RATIO), lo que no hace un libro de Excel; guárdalo de nuevo desde Excel o divídelo.`,
  lying: 'una de sus partes ocupa más de lo que declara',
} as const;

const ONE_MB = 1024 * 1024;
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_ENTRIES = 10_000;

/** The archive's entries by name, from its central directory; every declared size checked. */
export function zipEntries(bytes: Buffer): Map<string, ZipEntry> {
  // The end-of-central-directory record: in the last 22 + 65,535 (comment) bytes.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw invalid();
  const count = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryAt = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || directoryAt === 0xffffffff) throw invalid('es un ZIP64, que un libro de Excel de este tamaño no usa');
  if (count > MAX_ENTRIES) throw invalid(`tiene más de ${MAX_ENTRIES.toLocaleString('en-US')} partes`);
  if (directoryAt + directorySize > end) throw invalid();
  const entries = new Map<string, ZipEntry>();
  let at = directoryAt;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== CENTRAL) throw invalid();
    const nameLength = bytes.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      offset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    };
    if (entry.compressedSize === 0xffffffff || entry.size === 0xffffffff || entry.offset === 0xffffffff)
      throw invalid('es un ZIP64, que un libro de Excel de este tamaño no usa');
    entries.set(entry.name.replace(/^\//, ''), entry);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/** Refuses, before inflating anything, the parts whose declared sizes break the limits. */
export function checkDeclared(parts: ZipEntry[], limits: UnpackLimits): void {
  let total = 0;
  for (const part of parts) {
    total += part.size;
    if (total > limits.maxUnpackedBytes) throw tooLarge(UNPACK_TEXTS.unpacked(Math.round(limits.maxUnpackedBytes / ONE_MB)));
    if (part.size > ONE_MB && part.size > part.compressedSize * limits.maxRatio) throw tooLarge(UNPACK_TEXTS.ratio(limits.maxRatio));
  }
}

/**
 * One part's bytes as a stream of chunks, stopped (AppError) when it gives more than it declared
 * or than `budget.left`, which it spends. Stored (0) and deflated (8) parts only.
 */
export async function* inflate(bytes: Buffer, entry: ZipEntry, budget: { left: number; limits: UnpackLimits }): AsyncGenerator<Buffer> {
  const at = entry.offset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw invalid();
  const dataAt = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (dataAt + entry.compressedSize > bytes.length) throw invalid();
  const packed = bytes.subarray(dataAt, dataAt + entry.compressedSize);
  let given = 0;
  const spend = (chunk: Buffer) => {
    given += chunk.length;
    budget.left -= chunk.length;
    if (given > entry.size) throw invalid(UNPACK_TEXTS.lying);
    if (budget.left < 0) throw tooLarge(UNPACK_TEXTS.unpacked(Math.round(budget.limits.maxUnpackedBytes / ONE_MB)));
  };
  if (entry.method === 0) {
    spend(packed);
    yield packed;
    return;
  }
  if (entry.method !== 8) throw invalid('usa un método de compresión que Excel no usa');
  const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
  const source = Readable.from([packed]).pipe(inflater);
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      spend(chunk);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid();
  } finally {
    inflater.destroy();
  }
}

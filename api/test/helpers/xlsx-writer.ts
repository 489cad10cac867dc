// Workbooks written byte by byte for the tests of files/: a minimal XLSX (workbook, its
// relationships, one sheet, optionally shared strings) whose sheet may be streamed from a
// generator (millions of rows without holding them), whose rows may omit the optional `r`
// attribute, and whose central directory may declare sizes other than the real ones.
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

export interface Part {
  name: string;
  /** The part's bytes, or chunks of them (a generator of a large part). */
  data: Buffer | Iterable<Buffer>;
  /** The uncompressed size the archive declares (default: the real one). */
  declaredSize?: number;
}

/** Compresses a part as a stream: a generator of 270 MB is never held whole. */
async function deflatePart(data: Buffer | Iterable<Buffer>): Promise<{ packed: Buffer; size: number; crc: number }> {
  if (Buffer.isBuffer(data)) return { packed: deflateRawSync(data), size: data.length, crc: crc32(data) };
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  let size = 0;
  let crc = 0;
  for (const chunk of data) {
    size += chunk.length;
    crc = crc32(chunk, crc);
    if (!deflater.write(chunk)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  const ended = new Promise((resolve) => deflater.once('end', resolve));
  deflater.end();
  await ended;
  return { packed: Buffer.concat(out), size, crc };
}

/** A ZIP of deflated parts. */
export async function zip(parts: Part[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { packed, size, crc } = await deflatePart(part.data);
    const name = Buffer.from(part.name, 'utf8');
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;
const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_END = '</sheetData></worksheet>';

/** An inline-string cell (no `r`). */
export const textCell = (text: string) => `<c t="inlineStr"><is><t>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</t></is></c>`;
export const numberCell = (n: string) => `<c><v>${n}</v></c>`;

/** The sheet's XML in chunks of about 1 MB: the header's cells, then `rows` rows of `row(i)`'s cells, none with `r`. */
export function* sheetXml(header: string[], rows: number, row: (i: number) => string): Generator<Buffer> {
  let chunk = SHEET_START + `<row>${header.map(textCell).join('')}</row>`;
  for (let i = 0; i < rows; i++) {
    chunk += `<row>${row(i)}</row>`;
    if (chunk.length >= 1 << 20) {
      yield Buffer.from(chunk, 'utf8');
      chunk = '';
    }
  }
  yield Buffer.from(chunk + SHEET_END, 'utf8');
}

/** A workbook of one sheet; `sheetDeclaredSize` makes the archive lie about the sheet's size. */
export function xlsx(sheet: Iterable<Buffer>, options: { sheetDeclaredSize?: number; sharedStrings?: string } = {}): Promise<Buffer> {
  return zip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    },
    { name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK) },
    { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(RELS) },
    { name: 'xl/worksheets/sheet1.xml', data: sheet, declaredSize: options.sheetDeclaredSize },
    ...(options.sharedStrings !== undefined ? [{ name: 'xl/sharedStrings.xml', data: Buffer.from(options.sharedStrings) }] : []),
  ]);
}

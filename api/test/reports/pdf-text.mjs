// Reads a PDF's text back with Mozilla's pdf.js (an independent reader), for the report tests.
// Runs as a child process because pdf.js ships only ES modules and jest runs CommonJS.
// Usage: node pdf-text.mjs file.pdf → JSON { pages: [[{ str, x, y }]] } on stdout.
import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const data = new Uint8Array(readFileSync(process.argv[2]));
const pdf = await getDocument({ data, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
const pages = [];
for (let n = 1; n <= pdf.numPages; n++) {
  const page = await pdf.getPage(n);
  const content = await page.getTextContent();
  pages.push(
    content.items
      .filter((item) => 'str' in item && item.str !== '')
      .map((item) => ({ str: item.str, x: item.transform[4], y: item.transform[5] })),
  );
}
process.stdout.write(JSON.stringify({ pages }));

// The vertical rules between a table's cells for the PDF renderer (pdf.ts): SeparatorRuns keeps the
// run of rows that share them and writes it as one line per rule.
import { pathPoint, writeContent } from './pdf-content';
import { type Doc, GRID } from './pdf-layout';

/**
 * The vertical rules of consecutive rows with the same cells, as one line each from the first
 * row's top to the last one's bottom: drawn row by row they were a large share of a long
 * kardex's bytes and of its compression time (bench/ measures it). Written when the
 * cells change, before a page ends and before anything below the table (flush).
 */
export class SeparatorRuns {
  private separators: { xs: number[]; top: number; bottom: number } | null = null;

  constructor(private readonly doc: Doc) {}

  extend(xs: number[], top: number, bottom: number): void {
    const run = this.separators;
    if (run && run.bottom === top && run.xs.length === xs.length && run.xs.every((x, i) => x === xs[i])) {
      run.bottom = bottom;
      return;
    }
    this.flush();
    this.separators = { xs, top, bottom };
  }

  flush(): void {
    const run = this.separators;
    if (!run) return;
    this.separators = null;
    this.doc.lineWidth(0.4).strokeColor(GRID);
    writeContent(this.doc, [...run.xs.flatMap((x) => [pathPoint(x, run.top, 'm'), pathPoint(x, run.bottom, 'l')]), 'S'].join('\n'));
  }
}

// The PDF as it leaves the renderer: pdfkit pushes every object, and every piece of one, as a
// chunk of its own (tens of bytes each), and a response piped from it writes each to the socket
// — a system call per chunk, hundreds of thousands for a long kardex. GatheredOutput passes the
// same bytes on in chunks of about GATHER bytes.
import { Readable } from 'node:stream';

/** Bytes gathered before they are passed on (far under pace.ts's HIGH_WATER). */
export const GATHER = 64 * 1024;

/**
 * `source`'s bytes, in order, in chunks of at least GATHER bytes (the last one shorter). It reads
 * `source` as soon as it pushes (pdfkit does not wait for its reader), so what is waiting for the
 * client is this stream's readableLength plus less than GATHER bytes. Destroying it destroys the
 * source; the source's error destroys it.
 */
export class GatheredOutput extends Readable {
  private held: Buffer[] = [];
  private heldBytes = 0;

  constructor(private readonly source: Readable) {
    super();
    source.on('data', (chunk: Buffer) => {
      this.held.push(chunk);
      this.heldBytes += chunk.length;
      if (this.heldBytes >= GATHER) this.release();
    });
    source.once('end', () => {
      this.release();
      this.push(null);
    });
    source.once('error', (error) => this.destroy(error));
  }

  private release(): void {
    if (this.heldBytes === 0) return;
    const chunk = this.held.length === 1 ? this.held[0] : Buffer.concat(this.held, this.heldBytes);
    this.held = [];
    this.heldBytes = 0;
    this.push(chunk);
  }

  override _read(): void {
    // Bytes arrive when the source pushes them; the renderer's Pacer keeps their amount bounded.
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.held = [];
    this.heldBytes = 0;
    if (!this.source.destroyed) this.source.destroy();
    callback(error);
  }
}

// The code reader behind the camera dialog: the browser's own BarcodeDetector where it reads the
// portal's symbologies, else the `barcode-detector` package (ZXing compiled to WebAssembly). The
// .wasm file is emitted into the build beside the scripts (rspack's `new URL(…, import.meta.url)`)
// and loaded from there, never from a CDN; the page's CSP allows compiling it ('wasm-unsafe-eval').
// The symbologies: the GTINs a product carries (EAN-13, EAN-8, UPC-A, UPC-E, ITF-14) and Code 128,
// which the portal's own labels print.

/** What the dialog needs of a BarcodeDetector. */
export interface CodeDetector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}

type Format = 'ean_13' | 'ean_8' | 'upc_a' | 'upc_e' | 'itf' | 'code_128';
const FORMATS: Format[] = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'itf', 'code_128'];

interface NativeDetectorClass {
  new (options: { formats: string[] }): CodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

const WASM_URL = new URL('zxing-wasm/reader/zxing_reader.wasm', import.meta.url).href;

export async function createDetector(): Promise<CodeDetector> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
    const formats = FORMATS.filter((format) => supported.includes(format));
    if (formats.length > 0) return new Native({ formats });
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? WASM_URL : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: FORMATS });
}

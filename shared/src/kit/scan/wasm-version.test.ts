// The reader's JavaScript comes from the zxing-wasm that barcode-detector imports, and its .wasm
// from the zxing-wasm the build resolves (detector.ts): two versions of one module do not fit
// together (the reader fails to allocate its memory on every frame), so the portal depends on
// exactly the version barcode-detector asks for, and npm installs one copy.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../../..');
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, Record<string, string>>;

test('zxing-wasm is the one barcode-detector depends on, installed once', () => {
  const wanted = json('node_modules/barcode-detector/package.json').dependencies['zxing-wasm'];
  const pinned = json('package.json').dependencies['zxing-wasm'];
  expect(wanted.replace(/^[\^~]/, '')).toBe(pinned);
  const installed = json('package-lock.json').packages as unknown as Record<string, { version?: string }>;
  expect(installed['node_modules/zxing-wasm']?.version).toBe(pinned);
  expect(installed['node_modules/barcode-detector/node_modules/zxing-wasm']).toBeUndefined();
});

// «Escanear»: opens the camera dialog. The dialog, the reader and its WebAssembly are fetched
// the first time the button is pressed (a dynamic import), so no page pays for them before a
// person scans, and the dashboard never does.
import { BarcodeScannerRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@almacen/shared/fluent';
import type { ScannableProduct, ScanResult } from './texts';
import { SCAN_TEXTS } from './texts';

const CameraDialog = lazy(() => import('./camera-dialog').then((module) => ({ default: module.CameraDialog })));

export interface CameraButtonProps {
  products: readonly ScannableProduct[] | undefined;
  /** Each read product, as the keyboard's Enter gives it; a string is said as refused. */
  onScanned: (product: ScannableProduct) => ScanResult;
}

export function CameraButton({ products, onScanned }: CameraButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<BarcodeScannerRegular />} disabled={!products} onClick={() => setOpen(true)}>
        {SCAN_TEXTS.camera}
      </Button>
      {open && products && (
        <Suspense fallback={null}>
          <CameraDialog products={products} onScanned={onScanned} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

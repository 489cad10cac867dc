// «Código de barras» on a count session: a scanner (typing the code and Enter), the typed code or
// «Escanear» finds the product's line. By default each read adds one to the counted quantity, so
// the counter scans every unit; «Escribir el total al escanear» instead takes them to the line's
// «Cantidad contada» to type how many there are. What the line does is count-line-fields.tsx's.
import { useState } from 'react';
import { useProducts } from '@almacen/shared';
import type { CountLine } from '@almacen/shared/domain';
import { makeStyles, tokens } from '@almacen/shared/fluent';
import { Switch } from '@almacen/shared/fluent-pages';
import { ScanCodeField } from '@almacen/shared/kit';

export const COUNT_SCAN_TEXTS = {
  addHint: 'Escanea cada pieza o escribe el código y pulsa Enter: suma 1 a la cantidad contada de su línea.',
  totalHint: 'Escanea el código o escríbelo y pulsa Enter: se abre la cantidad contada de su línea para escribir el total.',
  typeTotal: 'Escribir el total al escanear',
  added: (name: string) => `Sumado 1 a ${name}.`,
  chosen: (name: string) => `Escribe la cantidad contada de ${name}.`,
  notInCount: (name: string) => `«${name}» no está en este conteo.`,
} as const;

/**
 * One read of a line's product. `seq` grows with each read on the page, which tells two reads
 * of the same product apart and lets a line do each read once, however often it is drawn again.
 */
export interface LineScan {
  productId: number;
  seq: number;
  mode: 'add' | 'total';
}

const useStyles = makeStyles({ root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS } });

interface CountScanProps {
  lines: readonly CountLine[];
  /** A line's product was read (the page shows that line and the line does the rest). */
  onScan: (read: { productId: number; mode: LineScan['mode'] }, index: number) => void;
}

export function CountScan({ lines, onScan }: CountScanProps) {
  const styles = useStyles();
  const products = useProducts();
  const [typeTotal, setTypeTotal] = useState(false);
  return (
    <div className={styles.root}>
      <ScanCodeField
        products={products.data}
        hint={typeTotal ? COUNT_SCAN_TEXTS.totalHint : COUNT_SCAN_TEXTS.addHint}
        readText={typeTotal ? COUNT_SCAN_TEXTS.chosen : COUNT_SCAN_TEXTS.added}
        onScanned={(product) => {
          const index = lines.findIndex((line) => line.productId === product.id);
          if (index < 0) return COUNT_SCAN_TEXTS.notInCount(product.name);
          onScan({ productId: product.id, mode: typeTotal ? 'total' : 'add' }, index);
        }}
      />
      <Switch label={COUNT_SCAN_TEXTS.typeTotal} checked={typeTotal} onChange={(_event, data) => setTypeTotal(Boolean(data.checked))} />
    </div>
  );
}

// «Código de barras» above a wizard's product rows: a scanner types the code and Enter, as a
// keyboard does, or the person types it. The code names one product (a GTIN or an internal code)
// and that product goes into the rows: one more unit when it is already the last row's, the empty
// last row when there is one, else a new row. An unknown code is said under the field, and the
// typed text stays to be corrected.
import { useState } from 'react';
import { addDecimal, normalizeBarcode } from '@almacen/shared/domain';
import { makeStyles } from '@almacen/shared/fluent';
import { Field, Input } from '@almacen/shared/fluent-pages';

// As wide as a code and its message need, not the whole step.
const useStyles = makeStyles({ field: { maxWidth: '420px' } });

export const SCAN_TEXTS = {
  label: 'Código de barras',
  hint: 'Escanea el código del producto o escríbelo y pulsa Enter: se agrega a la lista.',
  unknown: (code: string) => `No hay un producto con el código ${code}. Regístralo en Catálogos → Productos.`,
  added: (name: string) => `Agregado: ${name}.`,
} as const;

export interface ScannableRow {
  productId: number | null;
  quantity: string;
}

/** The rows with one unit of `productId` scanned in (see the file's header). */
export function withScanned<R extends ScannableRow>(rows: readonly R[], productId: number, newRow: () => R): R[] {
  const last = rows.at(-1);
  if (last && last.productId === productId) {
    const quantity = last.quantity.trim() === '' ? '1' : addDecimal(last.quantity, '1');
    return [...rows.slice(0, -1), { ...last, quantity }];
  }
  if (last && last.productId === null) return [...rows.slice(0, -1), { ...last, productId, quantity: last.quantity.trim() || '1' }];
  return [...rows, { ...newRow(), productId, quantity: '1' }];
}

export interface ScanCodeFieldProps {
  products: ReadonlyArray<{ id: number; name: string; barcode?: string | null }> | undefined;
  onScanned: (product: { id: number; name: string }) => void;
}

export function ScanCodeField({ products, onScanned }: ScanCodeFieldProps) {
  const styles = useStyles();
  const [text, setText] = useState('');
  const [unknown, setUnknown] = useState<string | null>(null);
  const [added, setAdded] = useState('');
  const read = () => {
    const code = normalizeBarcode(text);
    if (!code) return;
    const product = products?.find((p) => p.barcode === code);
    if (!product) {
      setUnknown(code);
      setAdded('');
      return;
    }
    setUnknown(null);
    setText('');
    setAdded(SCAN_TEXTS.added(product.name));
    onScanned(product);
  };
  return (
    <Field
      className={styles.field}
      label={SCAN_TEXTS.label}
      hint={unknown ? undefined : added || SCAN_TEXTS.hint}
      validationMessage={unknown ? SCAN_TEXTS.unknown(unknown) : undefined}
      validationState={unknown ? 'error' : 'none'}
    >
      <Input
        value={text}
        autoComplete="off"
        disabled={!products}
        onChange={(_event, data) => {
          setText(data.value);
          if (unknown) setUnknown(null);
        }}
        onKeyDown={(event) => {
          // Enter reads the code; it never submits the wizard's step.
          if (event.key !== 'Enter') return;
          event.preventDefault();
          read();
        }}
      />
    </Field>
  );
}

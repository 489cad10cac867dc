// «Código de barras» where a product is chosen: a scanner types the code and Enter, as a keyboard
// does, or the person types it; «Escanear» beside it reads it with the camera. The code names one
// product (a GTIN or an internal code) and the page decides what that product does (a wizard's
// rows: `withScanned`; a count: its line). An unknown code is said under the field with a link to
// «Productos», and the typed text stays to be corrected.
import { useState } from 'react';
import { addDecimal } from '@almacen/shared/domain';
import { makeStyles, tokens } from '@almacen/shared/fluent';
import { Field, Input } from '@almacen/shared/fluent-pages';
import { CameraButton } from './camera-button';
import { findByCode, type ScannableProduct, type ScanResult, SCAN_TEXTS } from './texts';
import { UnknownCode } from './unknown-code';

// As wide as a code and its message need, not the whole step.
const useStyles = makeStyles({
  field: { maxWidth: '460px' },
  line: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  input: { flexGrow: 1, minWidth: 0 },
});

export interface ScannableRow {
  productId: number | null;
  quantity: string;
}

/**
 * The rows with one unit of `productId` scanned in: one more unit when it is already the last
 * row's, the empty last row when there is one, else a new row.
 */
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
  products: readonly ScannableProduct[] | undefined;
  /** What the product does on this page; a string it returns is said as the read's failure. */
  onScanned: (product: ScannableProduct) => ScanResult;
  /** The line under the field before the first read. */
  hint?: string;
  /** The line under the field after a read (default «Agregado: …»). */
  readText?: (name: string) => string;
}

type Said = { kind: 'unknown'; code: string } | { kind: 'refused'; text: string } | { kind: 'read'; text: string } | null;

export function ScanCodeField({ products, onScanned, hint = SCAN_TEXTS.hint, readText = SCAN_TEXTS.added }: ScanCodeFieldProps) {
  const styles = useStyles();
  const [text, setText] = useState('');
  const [said, setSaid] = useState<Said>(null);
  /** One read, from the keyboard or the camera: what the page answered. */
  const take = (product: ScannableProduct): ScanResult => {
    const refused = onScanned(product);
    setSaid(typeof refused === 'string' ? { kind: 'refused', text: refused } : { kind: 'read', text: readText(product.name) });
    return refused;
  };
  const read = () => {
    const found = findByCode(products, text);
    if (!found) return;
    if (!found.product) {
      setSaid({ kind: 'unknown', code: found.code });
      return;
    }
    if (typeof take(found.product) !== 'string') setText('');
  };
  const failed = said?.kind === 'unknown' || said?.kind === 'refused';
  return (
    <Field
      className={styles.field}
      label={SCAN_TEXTS.label}
      hint={failed ? undefined : said?.kind === 'read' ? said.text : hint}
      validationMessage={said?.kind === 'unknown' ? <UnknownCode code={said.code} /> : said?.kind === 'refused' ? said.text : undefined}
      validationState={failed ? 'error' : 'none'}
    >
      {(fieldProps) => (
        <div className={styles.line}>
          <Input
            {...fieldProps}
            className={styles.input}
            value={text}
            autoComplete="off"
            disabled={!products}
            onChange={(_event, data) => {
              setText(data.value);
              if (failed) setSaid(null);
            }}
            onKeyDown={(event) => {
              // Enter reads the code; it never submits the form or the wizard's step.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              read();
            }}
          />
          <CameraButton products={products} onScanned={take} />
        </div>
      )}
    </Field>
  );
}

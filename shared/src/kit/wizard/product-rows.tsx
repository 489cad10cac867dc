// The repeating product rows of both wizards: "Añadir un producto" appends a row;
// a row can be removed only while more than one exists, and only after confirmation.
// The caller renders a row's fields; each row is a labelled group ("Producto 2").
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { memo, useState, type ReactNode } from 'react';
import { FieldArray } from 'react-final-form-arrays';
import { newIdempotencyKey } from '@almacen/shared';
import { Button, makeStyles, tokens } from '@almacen/shared/fluent';
import { ConfirmDialog } from '../form/confirm-dialog';

export const ADD_PRODUCT_LABEL = 'Añadir un producto';

/** A stable React key for a new row (rows move when one above is removed). */
export function newRowKey(): string {
  return newIdempotencyKey();
}

export interface ProductRowRender {
  /** The row's field prefix: "products[1]" → fields "products[1].quantity". */
  name: string;
  index: number;
}

export interface ProductRowsProps<R> {
  /** The array field: "products". */
  name: string;
  /** A fresh row; give it a `key` (newRowKey()). */
  newRow(): R;
  children(row: ProductRowRender): ReactNode;
  /** Group label of a row; default "Producto {n}". */
  rowLabel?(index: number): string;
  /** Confirmation text before removing a row. */
  confirmText?(index: number): string;
}

const useStyles = makeStyles({
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    alignItems: 'flex-start',
    margin: 0,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    minWidth: 0,
  },
  legend: { padding: `0 ${tokens.spacingHorizontalXS}`, fontWeight: tokens.fontWeightSemibold },
  fields: { flex: '1 1 auto', minWidth: 0 },
  remove: { flexShrink: 0, marginTop: tokens.spacingVerticalXXL },
  add: { alignSelf: 'flex-start' },
});

const defaultLabel = (index: number) => `Producto ${index + 1}`;
const defaultConfirm = (index: number) => `Estas a punto de eliminar el producto no. ${index + 1} de la lista.`;

interface ProductRowProps {
  name: string;
  index: number;
  label: string;
  removable: boolean;
  onRemove(index: number): void;
  children: ProductRowsProps<unknown>['children'];
}

/**
 * One row's frame. Memoised: adding a row redraws only the new one, and the row's own fields
 * subscribe to their values, so a scan or a keystroke in one row redraws nothing else.
 */
const ProductRow = memo(function ProductRow({ name, index, label, removable, onRemove, children }: ProductRowProps) {
  const styles = useStyles();
  return (
    <fieldset className={styles.row} aria-label={label}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.fields}>{children({ name, index })}</div>
      <Button
        className={styles.remove}
        type="button"
        appearance="subtle"
        icon={<DeleteRegular />}
        aria-label={`Eliminar ${label.toLowerCase()}`}
        title={`Eliminar ${label.toLowerCase()}`}
        disabled={!removable}
        onClick={() => onRemove(index)}
      />
    </fieldset>
  );
});

export function ProductRows<R extends { key?: string }>({
  name,
  newRow,
  children,
  rowLabel = defaultLabel,
  confirmText = defaultConfirm,
}: ProductRowsProps<R>) {
  const styles = useStyles();
  const [confirming, setConfirming] = useState<number | null>(null);
  return (
    // Redrawn on every change of the rows (a form.change of the whole array keeps its length but
    // gives new keys); the memoised rows redraw only when their own props change.
    <FieldArray<R> name={name} subscription={{ value: true, length: true }}>
      {({ fields }) => (
        <div className={styles.rows}>
          {fields.map((rowName, index) => (
            <ProductRow
              key={fields.value?.[index]?.key ?? index}
              name={rowName}
              index={index}
              label={rowLabel(index)}
              removable={(fields.length ?? 0) > 1}
              onRemove={setConfirming}
            >
              {children}
            </ProductRow>
          ))}
          <Button className={styles.add} type="button" icon={<AddRegular />} onClick={() => fields.push(newRow())}>
            {ADD_PRODUCT_LABEL}
          </Button>
          <ConfirmDialog
            open={confirming !== null}
            text={confirming === null ? '' : confirmText(confirming)}
            onCancel={() => setConfirming(null)}
            onConfirm={() => {
              // Guarded again: the row count may have changed while the dialog was open.
              if (confirming !== null && (fields.length ?? 0) > 1) fields.remove(confirming);
              setConfirming(null);
            }}
          />
        </div>
      )}
    </FieldArray>
  );
}

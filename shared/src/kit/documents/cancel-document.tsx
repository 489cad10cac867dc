// Cancelling an entry or an exit: the dialog that asks for the reason, the badge of a
// cancelled document and the block that says who cancelled it, when and why. The remotes pass
// their words ("entrada" / "salida"); the request and its notices are theirs (useAction).
import { useMemo } from 'react';
import { formatDateTime } from '@almacen/shared/domain';
import type { DocumentCancellation, DocumentStatus } from '@almacen/shared/domain';
import { makeStyles, tokens } from '@almacen/shared/fluent';
import { Badge, Text } from '@almacen/shared/fluent-pages';
import { cancellationSchema } from '@almacen/shared/schemas';
import type { DataTableColumn } from '../data-table';
import { FormDialog } from '../form/form-dialog';
import { validateSchema } from '../form/schema-validator';
import { TextField } from '../form/text-field';

export const CANCEL_DOCUMENT_TEXTS = {
  reason: 'Motivo de la cancelación',
  submit: 'Sí, cancelar',
  back: 'No, regresar',
  badge: 'Cancelada',
  standing: 'Vigente',
  cancelledBy: 'Cancelada por',
  cancelledAt: 'Fecha de cancelación',
  reasonLabel: 'Motivo',
} as const;

export interface CancelDocumentDialogProps {
  open: boolean;
  /** "Cancelar entrada A-100" */
  title: string;
  /** "Se registrarán movimientos que revierten esta entrada; el documento original se conserva." */
  explanation: string;
  /** Receives the reason once the dialog has closed (the table's progress bar shows the rest). */
  onConfirm: (reason: string) => unknown;
  onClose: () => void;
  /** The schema the reason is judged by: the API's for this document (a cancellation's by default). */
  schema?: typeof cancellationSchema;
}

export function CancelDocumentDialog({
  open,
  title,
  explanation,
  onConfirm,
  onClose,
  schema = cancellationSchema,
}: CancelDocumentDialogProps) {
  const validate = useMemo(() => validateSchema(schema), [schema]);
  return (
    <FormDialog<{ reason: string }>
      open={open}
      title={title}
      validate={validate}
      onClose={onClose}
      onSubmit={(values) => onConfirm(values.reason.trim())}
      submitLabel={CANCEL_DOCUMENT_TEXTS.submit}
      cancelLabel={CANCEL_DOCUMENT_TEXTS.back}
    >
      <Text>{explanation}</Text>
      <TextField name="reason" label={CANCEL_DOCUMENT_TEXTS.reason} required multiline maxLength={600} autoFocus />
    </FormDialog>
  );
}

export function CancelledBadge() {
  return (
    <Badge appearance="filled" color="danger" shape="rounded">
      {CANCEL_DOCUMENT_TEXTS.badge}
    </Badge>
  );
}

/**
 * The histories' «Estado» column: «Cancelada» (a red badge) or «Vigente» for a document that
 * stands, so an empty cell never leaves the reader guessing. Next to the ID: on a phone the table
 * scrolls sideways and a last column's badge would be off screen.
 */
export function documentStatusColumn<T extends { status?: DocumentStatus }>(): DataTableColumn<T> {
  const cancelled = (document: T) => document.status === 'CANCELADA';
  return {
    id: 'status',
    header: 'Estado',
    value: (document) => (cancelled(document) ? CANCEL_DOCUMENT_TEXTS.badge : CANCEL_DOCUMENT_TEXTS.standing),
    cell: (document) =>
      cancelled(document) ? (
        <CancelledBadge />
      ) : (
        <Badge appearance="tint" color="success" shape="rounded">
          {CANCEL_DOCUMENT_TEXTS.standing}
        </Badge>
      ),
    width: 120,
  };
}

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalS,
    borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorPaletteRedBorder2}`,
    backgroundColor: tokens.colorPaletteRedBackground1,
  },
  reason: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
});

/** Who cancelled the document, when (DD/MM/YYYY HH:mm in the institution's time zone) and why. */
export function CancellationDetails({
  cancellation,
  timeZone,
  label,
}: {
  cancellation: DocumentCancellation;
  timeZone: string;
  label: string;
}) {
  const styles = useStyles();
  return (
    <section className={styles.root} aria-label={label}>
      <Text weight="semibold">{CANCEL_DOCUMENT_TEXTS.cancelledBy}</Text>
      <Text>{cancellation.cancelledBy.name}</Text>
      <Text weight="semibold">{CANCEL_DOCUMENT_TEXTS.cancelledAt}</Text>
      <Text>{formatDateTime(cancellation.cancelledAt, timeZone)}</Text>
      <Text weight="semibold">{CANCEL_DOCUMENT_TEXTS.reasonLabel}</Text>
      <Text className={styles.reason}>{cancellation.reason}</Text>
    </section>
  );
}

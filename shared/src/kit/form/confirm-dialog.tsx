// The confirmation every delete asks for: "¿Realmente deseas hacer esto?".
import { Button } from '@almacen/shared/fluent';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@almacen/shared/fluent-pages';

export const CONFIRM_TEXTS = {
  title: '¿Realmente deseas hacer esto?',
  cancel: 'No, cancelar',
  confirm: 'Sí, eliminar',
} as const;

export interface ConfirmDialogProps {
  open: boolean;
  /** "Estas a punto de eliminar el producto no. 12" */
  text: string;
  /** Called after the dialog closes; the action runs with the table's progress bar. */
  onConfirm: () => void;
  onCancel: () => void;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
}

export function ConfirmDialog({
  open,
  text,
  onConfirm,
  onCancel,
  title = CONFIRM_TEXTS.title,
  confirmLabel = CONFIRM_TEXTS.confirm,
  cancelLabel = CONFIRM_TEXTS.cancel,
}: ConfirmDialogProps) {
  return (
    <Dialog modalType="alert" open={open} onOpenChange={(_event, data) => !data.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{text}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel}>
              {cancelLabel}
            </Button>
            <Button appearance="primary" onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

// Confirmation before a product row is removed (spec §4: removal asks for confirmation), with the
// words of every delete confirmation of the portal (spec §2).
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';

export const CONFIRM_TITLE = '¿Realmente deseas hacer esto?';
export const CONFIRM_CANCEL = 'No, cancelar';
export const CONFIRM_ACCEPT = 'Sí, eliminar';

export interface ConfirmRemoveProps {
  open: boolean;
  text: string;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmRemove({ open, text, onConfirm, onCancel }: ConfirmRemoveProps) {
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{CONFIRM_TITLE}</DialogTitle>
          <DialogContent>{text}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel}>
              {CONFIRM_CANCEL}
            </Button>
            <Button appearance="primary" onClick={onConfirm}>
              {CONFIRM_ACCEPT}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

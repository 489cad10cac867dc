// A modal form: react-final-form inside a Fluent Dialog. With `onSave` the dialog stays open while
// the change is sent and closes once it is saved; when it is not, what was typed stays, and the
// server's messages per field (a description or an RFC that already exists) show under those
// fields. With `onSubmit` the dialog closes on a valid submit, the form resets and `onSubmit` runs
// (its progress shows in the table, its failure in a toast).
import type { FormApi } from 'final-form';
import { useEffect, useRef, type ReactNode } from 'react';
import { Form } from 'react-final-form';
import { Button, makeStyles, tokens } from '@almacen/shared/fluent';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@almacen/shared/fluent-pages';
import type { FormErrors } from './schema-validator';

export const FORM_DIALOG_TEXTS = { submit: 'Guardar', cancel: 'Cancelar', saving: 'Guardando…' } as const;

// What a person can type into or pick from; the read-only ID and disabled fields are not.
const EDITABLE = [
  'input:not([readonly]):not([disabled]):not([type="hidden"])',
  'textarea:not([readonly]):not([disabled])',
  'select:not([disabled])',
].join(', ');

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingTop: tokens.spacingVerticalS },
});

export interface FormDialogProps<V extends object> {
  open: boolean;
  title: string;
  /** Keep it stable while the dialog is open (final-form re-initialises when it changes). */
  initialValues?: Partial<V>;
  validate?: (values: V) => FormErrors | undefined;
  /** Receives the valid values once the dialog has closed. */
  onSubmit?: (values: V) => unknown;
  /** Sends the valid values while the dialog stays open; it closes when `saved`. */
  onSave?: (values: V) => Promise<{ saved: boolean; errors?: Record<string, string> }>;
  onClose: () => void;
  submitLabel?: string;
  cancelLabel?: string;
  /** A confirmation that asks for data (who signs): Fluent's alert dialog, closed only by its buttons. */
  alert?: boolean;
  children: ReactNode;
}

export function FormDialog<V extends object>({
  open,
  title,
  initialValues,
  validate,
  onSubmit,
  onSave,
  onClose,
  submitLabel = FORM_DIALOG_TEXTS.submit,
  cancelLabel = FORM_DIALOG_TEXTS.cancel,
  alert = false,
  children,
}: FormDialogProps<V>) {
  const styles = useStyles();
  // While the dialog closes its caller often drops the values (the edited row is gone): keep the
  // last ones, so the closing form is not re-initialised with nothing.
  const lastInitialValues = useRef(initialValues);
  if (initialValues !== undefined) lastInitialValues.current = initialValues;
  // Fluent's Dialog focuses its first focusable element, which in an edit dialog is the read-only
  // ID; this effect runs after the Dialog's (a parent's effects run after its children's) and
  // moves on to the first field that can be edited. The ID stays reachable with Shift+Tab.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!open) return;
    formRef.current?.querySelector<HTMLElement>(EDITABLE)?.focus();
  }, [open]);
  const submit = async (values: V, form: FormApi<V>) => {
    if (onSave) {
      const outcome = await onSave(values);
      if (!outcome.saved) {
        // The person reads the message where they will type again.
        const first = outcome.errors && Object.keys(outcome.errors)[0];
        if (first && /^[\w.]+$/.test(first)) setTimeout(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
        return outcome.errors;
      }
    }
    onClose();
    // Reset after final-form has finished this submit (restarting inside it is ignored).
    setTimeout(() => form.restart());
    if (!onSave) void onSubmit?.(values);
    return undefined;
  };
  return (
    <Dialog modalType={alert ? 'alert' : 'modal'} open={open} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        {/* A fresher copy of the record may arrive while the person types: keep what they typed. */}
        <Form<V> onSubmit={submit} initialValues={lastInitialValues.current} validate={validate} keepDirtyOnReinitialize>
          {({ handleSubmit, submitting }) => (
            <form
              ref={formRef}
              onSubmit={(event) => {
                // The dialog is portalled out of, but may be rendered inside, another form (a
                // wizard's row): its submit must not reach that form through React's tree.
                event.stopPropagation();
                return handleSubmit(event);
              }}
              noValidate
            >
              <DialogBody>
                <DialogTitle>{title}</DialogTitle>
                <DialogContent className={styles.content}>{children}</DialogContent>
                <DialogActions>
                  {/* Pressing "Cancelar" keeps the focus where it is: the field is never left, so it
                      is never validated, and no message appears under it to move this button away
                      from the pointer between its press and its release. Cancelling never validates. */}
                  <Button appearance="secondary" onMouseDown={(event) => event.preventDefault()} onClick={onClose}>
                    {cancelLabel}
                  </Button>
                  <Button appearance="primary" type="submit" disabled={submitting}>
                    {submitting ? FORM_DIALOG_TEXTS.saving : submitLabel}
                  </Button>
                </DialogActions>
              </DialogBody>
            </form>
          )}
        </Form>
      </DialogSurface>
    </Dialog>
  );
}

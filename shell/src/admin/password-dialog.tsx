// The one-time password of a new account or a reset, shown once (like the CLI): a copy button and
// the warning that it will not be shown again. Closing the dialog forgets it.
import { CopyRegular } from '@fluentui/react-icons';
import { useNotify } from '@almacen/shared';
import { Button, MessageBar, MessageBarBody, makeStyles, tokens } from '@almacen/shared/fluent';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input } from '@almacen/shared/fluent-pages';

export const ONE_TIME_PASSWORD_WARNING =
  'Esta contraseña se muestra solo esta vez: cópiala ahora y entrégala a la persona por un medio seguro. Si se pierde, restablécela.';

const useStyles = makeStyles({
  content: { display: 'grid', gap: tokens.spacingVerticalM, paddingTop: tokens.spacingVerticalS },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  password: { flexGrow: 1, fontFamily: tokens.fontFamilyMonospace },
});

export interface OneTimePassword {
  title: string;
  username: string;
  password: string;
}

export function PasswordDialog({ shown, onClose }: { shown: OneTimePassword | null; onClose: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.password);
      notify.success('Contraseña copiada.');
    } catch {
      notify.error('¡Oh no!', 'No pudimos copiar la contraseña; selecciónala y cópiala a mano.');
    }
  };
  return (
    <Dialog modalType="alert" open={shown !== null} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{shown?.title}</DialogTitle>
          <DialogContent className={styles.content}>
            <MessageBar intent="warning" layout="multiline">
              <MessageBarBody>{ONE_TIME_PASSWORD_WARNING}</MessageBarBody>
            </MessageBar>
            <div className={styles.row}>
              <Field label={`Contraseña de un solo uso de ${shown?.username ?? ''}`} className={styles.password}>
                <Input
                  readOnly
                  value={shown?.password ?? ''}
                  input={{ className: styles.password }}
                  onFocus={(event) => event.target.select()}
                />
              </Field>
              <Button icon={<CopyRegular />} onClick={() => void copy()}>
                Copiar
              </Button>
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              Listo
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

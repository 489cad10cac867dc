// What this person may do with the request in its state: its requester cancels it (ENVIADA) and
// confirms the receipt (SURTIDA, or CERRADA with something delivered); its head authorizes or
// rejects it (ENVIADA); the warehouse closes it and delivers it («Surtir») while it is AUTORIZADA
// or SURTIDA_PARCIAL. Who is who comes from the request (the person's linked employee), the
// warehouse's part from the permissions; the API checks both again.
import { useMemo, useState } from 'react';
import { FULFILLABLE_REQUEST_STATUSES, useCan, type RequestDetail, useWarehouseNavigate } from '@almacen/shared';
import { compareDecimal } from '@almacen/shared/domain';
import { Button, makeStyles, tokens } from '@almacen/shared/fluent';
import { Text } from '@almacen/shared/fluent-pages';
import { ConfirmDialog, FormDialog, TextField, validateSchema } from '@almacen/shared/kit';
import { requestCancellationSchema, requestClosureSchema, requestRejectionSchema } from '@almacen/shared/schemas';
import { useRequestChanges } from '../../../api/requests';
import { fulfilPath } from '../../../lib/paths';
import { ACTION_TEXTS as T } from '../../../lib/texts';
import { AuthorizeDialog } from './authorize-dialog';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

type Dialog = 'authorize' | 'reject' | 'cancel' | 'close' | 'receive' | null;

export interface RequestActionsProps {
  request: RequestDetail;
  /** The employee linked to the signed-in person (GET /api/me), or null. */
  employeeId: number | null;
  /** A change was refused (e.g. someone else acted first): read the request again. */
  onRefused: () => void;
}

const REASON_SCHEMAS = { reject: requestRejectionSchema, cancel: requestCancellationSchema, close: requestClosureSchema };

export function RequestActions({ request, employeeId, onRefused }: RequestActionsProps) {
  const styles = useStyles();
  const navigate = useWarehouseNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const changes = useRequestChanges(request.folio);
  const canFulfil = useCan('requests.fulfil');
  const canDeliver = useCan('dispatches.create');
  const validators = useMemo(
    () => ({
      reject: validateSchema(REASON_SCHEMAS.reject),
      cancel: validateSchema(REASON_SCHEMAS.cancel),
      close: validateSchema(REASON_SCHEMAS.close),
    }),
    [],
  );

  const isRequester = employeeId !== null && employeeId === request.requester.employeeId;
  const isHead = employeeId !== null && employeeId === request.areaHead.employeeId;
  const delivered = request.lines.some((line) => compareDecimal(line.delivered, '0') > 0);
  const fulfillable = FULFILLABLE_REQUEST_STATUSES.includes(request.status);
  const can = {
    authorize: isHead && request.status === 'ENVIADA',
    reject: isHead && request.status === 'ENVIADA',
    cancel: isRequester && request.status === 'ENVIADA',
    receive: isRequester && (request.status === 'SURTIDA' || (request.status === 'CERRADA' && delivered)),
    fulfil: canDeliver && fulfillable,
    close: canFulfil && fulfillable,
  };
  const running = Object.values(changes).some((change) => change.running);
  const done = (result: unknown) => {
    if (result === undefined) onRefused();
  };
  const close = () => setDialog(null);

  if (!Object.values(can).some(Boolean)) return null;
  const reasonDialog = (kind: 'reject' | 'cancel' | 'close') => {
    const words = {
      reject: { title: T.rejectTitle, text: T.rejectExplanation, label: T.rejectReason, submit: T.rejectSubmit },
      cancel: { title: T.cancelTitle, text: T.cancelExplanation, label: T.cancelReason, submit: T.cancelSubmit },
      close: { title: T.closeTitle, text: T.closeExplanation, label: T.closeReason, submit: T.closeSubmit },
    }[kind];
    return (
      <FormDialog<{ reason: string }>
        open={dialog === kind}
        title={words.title(request.folio)}
        validate={validators[kind]}
        onClose={close}
        onSubmit={async ({ reason }) => done(await changes[kind].run(request.id, reason.trim()))}
        submitLabel={words.submit}
        cancelLabel={T.back}
      >
        <Text>{words.text}</Text>
        <TextField name="reason" label={words.label} required multiline maxLength={600} autoFocus />
      </FormDialog>
    );
  };

  return (
    <>
      <div className={styles.actions}>
        {can.authorize && (
          <Button appearance="primary" disabled={running} onClick={() => setDialog('authorize')}>
            {T.authorize}
          </Button>
        )}
        {can.reject && (
          <Button disabled={running} onClick={() => setDialog('reject')}>
            {T.reject}
          </Button>
        )}
        {can.fulfil && (
          <Button appearance="primary" disabled={running} onClick={() => navigate(fulfilPath(request.id))}>
            {T.fulfil}
          </Button>
        )}
        {can.close && (
          <Button disabled={running} onClick={() => setDialog('close')}>
            {T.close}
          </Button>
        )}
        {can.receive && (
          <Button appearance="primary" disabled={running} onClick={() => setDialog('receive')}>
            {T.receive}
          </Button>
        )}
        {can.cancel && (
          <Button disabled={running} onClick={() => setDialog('cancel')}>
            {T.cancel}
          </Button>
        )}
      </div>
      {can.authorize && (
        <AuthorizeDialog
          open={dialog === 'authorize'}
          request={request}
          onClose={close}
          onAuthorize={async (body) => done(await changes.authorize.run(request.id, body))}
        />
      )}
      {can.reject && reasonDialog('reject')}
      {can.cancel && reasonDialog('cancel')}
      {can.close && reasonDialog('close')}
      {can.receive && (
        <ConfirmDialog
          open={dialog === 'receive'}
          title={T.receiveTitle(request.folio)}
          text={T.receiveText}
          confirmLabel={T.receiveSubmit}
          cancelLabel={T.back}
          onCancel={close}
          onConfirm={() => {
            close();
            void changes.receive.run(request.id).then(done);
          }}
        />
      )}
    </>
  );
}

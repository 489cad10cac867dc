// The confirmations of a transfer in transit: «Recibir» (its lines first, then who receives) and
// a reason (5 to 500 characters) to reject or withdraw it. The shared schemas judge the values,
// as the API does.
import { useMemo } from 'react';
import { useMe } from '@almacen/shared';
import { Text } from '@almacen/shared/fluent-pages';
import { FormDialog, SelectField, TextField, validateSchema } from '@almacen/shared/kit';
import { transferReasonSchema, transferReceptionSchema } from '@almacen/shared/schemas';
import type { Transfer } from '../../../api/transfers';
import { ACTION_TEXTS as T, FIELD_LABELS } from '../lib/texts';
import { useEmployeeOptions } from './choices';
import { TransferLinesTable } from './transfer-lines-table';

const validateReception = validateSchema(transferReceptionSchema);
const validateReason = validateSchema(transferReasonSchema);

export function ReceiveDialog({
  transfer,
  open,
  onClose,
  onReceive,
}: {
  transfer: Transfer;
  open: boolean;
  onClose: () => void;
  onReceive: (receiverEmployeeId: number) => unknown;
}) {
  const employees = useEmployeeOptions();
  const me = useMe();
  const initialValues = useMemo(() => ({ receiverEmployeeId: me.data?.employeeId ?? null }), [me.data?.employeeId]);
  return (
    <FormDialog<{ receiverEmployeeId: number | null }>
      open={open}
      alert
      title={T.receiveTitle(transfer.id)}
      initialValues={initialValues}
      validate={validateReception}
      onClose={onClose}
      onSubmit={({ receiverEmployeeId }) => onReceive(receiverEmployeeId as number)}
      submitLabel={T.receiveSubmit}
      cancelLabel={T.back}
    >
      <Text>{T.receiveText(transfer.originWarehouseName)}</Text>
      <TransferLinesTable transfer={transfer} />
      <SelectField<number>
        name="receiverEmployeeId"
        label={FIELD_LABELS.receiver}
        options={employees.options}
        placeholder={employees.placeholder}
        required
      />
    </FormDialog>
  );
}

export function ReasonDialog({
  kind,
  transfer,
  open,
  onClose,
  onConfirm,
}: {
  kind: 'reject' | 'withdraw';
  transfer: Transfer;
  open: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => unknown;
}) {
  const words =
    kind === 'reject'
      ? { title: T.rejectTitle(transfer.id), text: T.rejectText, submit: T.rejectSubmit }
      : { title: T.withdrawTitle(transfer.id), text: T.withdrawText, submit: T.withdrawSubmit };
  return (
    <FormDialog<{ reason: string }>
      open={open}
      title={words.title}
      validate={validateReason}
      onClose={onClose}
      onSubmit={({ reason }) => onConfirm(reason.trim())}
      submitLabel={words.submit}
      cancelLabel={T.back}
    >
      <Text>{words.text}</Text>
      <TextField name="reason" label={T.reason} required multiline maxLength={500} autoFocus />
    </FormDialog>
  );
}

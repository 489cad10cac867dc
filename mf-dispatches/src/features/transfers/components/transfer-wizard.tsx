// «Nuevo traspaso»: the shared three-step wizard (like «Nueva salida») with the transfer's steps:
// origin and destination, the lines at the origin's average, the summary; «Enviar traspaso» posts
// it with the wizard's Idempotency-Key. Then its number and «Descargar vale». The date is judged
// against the ORIGIN's closed months (it leaves in the origin's month), whichever warehouse is current.
import { useCallback, useMemo, useState } from 'react';
import {
  actionErrorText,
  apiKeys,
  isApiError,
  useClosedUntil,
  useInvalidate,
  useMe,
  usePageTitle,
  useRuntimeConfig,
} from '@almacen/shared';
import { todayIn } from '@almacen/shared/domain';
import { FormWizard, type SaveContext, type WizardStep } from '@almacen/shared/kit';
import { WAREHOUSE_MESSAGES } from '@almacen/shared/schemas';
import { useRefreshAfterTransfer, useSendTransfer, type Transfer } from '../../../api/transfers';
import { emptyTransfer, makeTransferValidators, toPayload, type TransferFormValues } from '../form/transfer-form';
import { WIZARD_TEXTS } from '../lib/texts';
import { TransferHeaderStep } from './transfer-header-step';
import { TransferLinesStep } from './transfer-lines-step';
import { TransferSent } from './transfer-sent';
import { TransferSummaryStep } from './transfer-summary-step';
import { WarehouseGate } from './warehouse-gate';

export function TransferWizard() {
  usePageTitle(WIZARD_TEXTS.title);
  // The wizard starts again (a new draft, a new key) after «Nuevo traspaso».
  const [round, setRound] = useState(0);
  const [sent, setSent] = useState<Transfer | null>(null);
  if (sent) return <TransferSent transfer={sent} onAnother={() => (setSent(null), setRound((n) => n + 1))} />;
  return <WarehouseGate>{(warehouse) => <TransferWizardForm key={round} originId={warehouse.id} onSent={setSent} />}</WarehouseGate>;
}

function TransferWizardForm({ originId, onSent }: { originId: number; onSent: (transfer: Transfer) => void }) {
  const { timeZone } = useRuntimeConfig();
  const today = useCallback(() => todayIn(timeZone), [timeZone]);
  // The origin as the form has it (the header step tells it), for its closings. Nothing waits for them.
  const [origin, setOrigin] = useState<number | null>(originId);
  const closedUntil = useClosedUntil(origin);
  const validators = useMemo(() => makeTransferValidators(today, closedUntil), [today, closedUntil]);
  const me = useMe();
  const send = useSendTransfer();
  const refresh = useRefreshAfterTransfer();
  const invalidate = useInvalidate();

  const steps: WizardStep<TransferFormValues>[] = [
    {
      label: WIZARD_TEXTS.steps[0],
      content: <TransferHeaderStep today={today()} closedUntil={closedUntil} onOrigin={setOrigin} />,
      validate: validators.header,
    },
    {
      label: WIZARD_TEXTS.steps[1],
      content: <TransferLinesStep />,
      validate: validators.lines,
      minRows: { name: 'lines', message: WAREHOUSE_MESSAGES.products },
    },
    // The summary is checked again: the origin's stock may have changed since the lines were filled in.
    { label: WIZARD_TEXTS.steps[2], content: <TransferSummaryStep />, validate: validators.lines, review: true },
  ];

  const save = async (values: TransferFormValues, { idempotencyKey }: SaveContext): Promise<Transfer> => {
    try {
      return await send(toPayload(values), idempotencyKey);
    } catch (error) {
      // Someone took stock out of the origin meanwhile: read its stock again, so the rows show the new limits.
      if (isApiError(error) && error.status === 409) void invalidate(apiKeys.stock);
      throw error;
    }
  };

  return (
    <FormWizard<TransferFormValues, Transfer>
      title={WIZARD_TEXTS.title}
      draftName="traspaso"
      steps={steps}
      initialValues={() => emptyTransfer(today(), originId, me.data?.employeeId ?? null)}
      reviewLabel={WIZARD_TEXTS.review}
      saveLabel={WIZARD_TEXTS.save}
      // The key follows the payload: the origin's figures, read again after a reload, are not sent.
      request={toPayload}
      save={save}
      successMessage={(transfer) => WIZARD_TEXTS.success(transfer.id)}
      errorMessage={(error) => actionErrorText(WIZARD_TEXTS.errorAction, error)}
      onSaved={async (transfer) => {
        onSent(transfer);
        await refresh();
      }}
    />
  );
}

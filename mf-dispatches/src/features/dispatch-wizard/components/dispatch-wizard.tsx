// "Nueva salida": the shared three-step wizard with the dispatch's
// steps, its payload, and what a save changes elsewhere in the portal. With `?request={id}`
// («Surtir» of a material request) the exit starts filled in from that request (from-request.ts),
// keeps a draft of its own, sends the request and its lines, and then opens the request again.
import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import {
  actionErrorText,
  isApiError,
  LoadProblem,
  useMaterialRequest,
  useMe,
  useClosedUntil,
  usePageTitle,
  useRefreshAfterDocument,
  useRefreshStockOf,
  useRegisterDispatch,
  withoutPeriod,
  useRuntimeConfig,
  useWarehouseNavigate,
} from '@almacen/shared';
import { todayIn, type Dispatch, type RequestDetail } from '@almacen/shared/domain';
import { makeStyles, MessageBar, MessageBarBody, Spinner, tokens } from '@almacen/shared/fluent';
import { FormWizard, newRowKey, type SaveContext, type WizardStep } from '@almacen/shared/kit';
import { useSearchParams } from '@almacen/shared/router';
import { DOCUMENT_MESSAGES } from '@almacen/shared/schemas';
import { emptyDispatch, toPayload, type DispatchFormValues } from '../form/dispatch-form';
import { makeDispatchValidators } from '../form/dispatch-validation';
import { dispatchFromRequest } from '../form/from-request';
import { DispatchHeaderStep } from './dispatch-header-step';
import { DispatchProductsStep } from './dispatch-products-step';
import { DispatchSummaryStep } from './dispatch-summary-step';

export const WIZARD_TEXTS = {
  title: 'Nueva salida',
  steps: ['Datos de la salida', 'Lista de productos', 'Resumen de salida'],
  review: 'Ver resumen de salida',
  save: 'Guardar salida',
  success: 'Salida registrada correctamente.',
  errorAction: withoutPeriod('crear la salida solicitada.'),
  fromRequest: (folio: string, requester: string) => `Surte la solicitud de material ${folio} de ${requester}.`,
  nothingPending: (folio: string) => `La solicitud de material ${folio} no tiene nada pendiente por surtir.`,
  requestLoadError: 'obtener la solicitud de material.',
  requestUnavailable: 'No fue posible consultar la solicitud de material.',
} as const;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The request a «Surtir» names (`?request=42`), when it is a whole number. */
function useRequestParam(): number | null {
  const [params] = useSearchParams();
  const value = params.get('request');
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

export function DispatchWizard() {
  const requestId = useRequestParam();
  return requestId === null ? <DispatchWizardForm /> : <RequestDispatchWizard key={requestId} requestId={requestId} />;
}

/** «Surtir»: waits for the request (and who is signed in: the clerk), then the wizard filled in from it. */
function RequestDispatchWizard({ requestId }: { requestId: number }) {
  const styles = useStyles();
  const request = useMaterialRequest(requestId);
  const me = useMe();
  const { timeZone } = useRuntimeConfig();
  const data = request.data;
  // Filled in once: the wizard's starting point stays the same while the request is read again.
  const first = useRef<DispatchFormValues | null>(null);
  if (data && (me.data || me.error) && !first.current) {
    first.current = dispatchFromRequest(data, todayIn(timeZone), me.data?.employeeId ?? null, newRowKey);
  }
  const filled = first.current;
  if (!data || !filled) {
    return (
      <div className={styles.root}>
        <LoadProblem resource={request} what={WIZARD_TEXTS.requestLoadError} text={WIZARD_TEXTS.requestUnavailable} />
        {!request.error && <Spinner label="Cargando…" />}
      </div>
    );
  }
  return (
    <DispatchWizardForm
      request={data}
      filled={filled}
      notice={
        <MessageBar intent={filled.products.length > 0 ? 'info' : 'warning'} layout="multiline">
          <MessageBarBody>
            {filled.products.length > 0
              ? WIZARD_TEXTS.fromRequest(data.folio, data.requester.name)
              : WIZARD_TEXTS.nothingPending(data.folio)}
          </MessageBarBody>
        </MessageBar>
      }
    />
  );
}

interface DispatchWizardFormProps {
  /** The request this exit delivers, and the exit filled in from it. */
  request?: RequestDetail;
  filled?: DispatchFormValues;
  /** Under the title: which request the exit delivers. */
  notice?: ReactNode;
}

function DispatchWizardForm({ request, filled, notice }: DispatchWizardFormProps) {
  const { timeZone } = useRuntimeConfig();
  const today = useCallback(() => todayIn(timeZone), [timeZone]);
  // The last month closed: the date picker starts after it. Nothing waits for it.
  const closedUntil = useClosedUntil();
  const validators = useMemo(() => makeDispatchValidators(today, closedUntil), [today, closedUntil]);
  const registerDispatch = useRegisterDispatch<ReturnType<typeof toPayload>>();
  const refreshStockOf = useRefreshStockOf();
  const refreshAfterDocument = useRefreshAfterDocument();
  const navigate = useWarehouseNavigate();
  usePageTitle(WIZARD_TEXTS.title);

  const steps: WizardStep<DispatchFormValues>[] = [
    {
      label: WIZARD_TEXTS.steps[0],
      content: <DispatchHeaderStep today={today()} closedUntil={closedUntil} />,
      validate: validators.header,
    },
    {
      label: WIZARD_TEXTS.steps[1],
      content: <DispatchProductsStep />,
      validate: validators.products,
      minRows: { name: 'products', message: DOCUMENT_MESSAGES.dispatchProducts },
    },
    // The summary is checked again: the stock may have changed since the list was filled in.
    { label: WIZARD_TEXTS.steps[2], content: <DispatchSummaryStep />, validate: validators.products, review: true },
  ];

  const save = async (values: DispatchFormValues, { idempotencyKey }: SaveContext): Promise<Dispatch> => {
    const payload = toPayload(values);
    try {
      return await registerDispatch(payload, idempotencyKey);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        // Someone took stock out meanwhile: read again what these rows are checked against, so
        // the form shows the new limits.
        void refreshStockOf(payload.products.map((row) => row.productId));
      }
      throw error;
    }
  };

  return (
    <FormWizard<DispatchFormValues, Dispatch>
      title={WIZARD_TEXTS.title}
      notice={notice}
      // An exit from a request keeps its own draft: a plain exit's is not mixed into it.
      draftName={request ? `salida-solicitud-${request.id}` : 'salida'}
      steps={steps}
      initialValues={() => (filled ? { ...filled, dispatchDate: today() } : emptyDispatch(today()))}
      reviewLabel={WIZARD_TEXTS.review}
      saveLabel={WIZARD_TEXTS.save}
      // The key follows the payload: a row's availability, read again after a reload, is not sent.
      request={toPayload}
      save={save}
      successMessage={() => WIZARD_TEXTS.success}
      errorMessage={(error) => actionErrorText(WIZARD_TEXTS.errorAction, error)}
      onSaved={async () => {
        // The request shows what is still pending; otherwise the history, relative to the URL, so it
        // lands on …/dispatches/history in the shell and /history standalone.
        if (request) navigate(`/dashboard/requests/${request.id}`);
        else navigate('../history', { relative: 'path' });
        await refreshAfterDocument();
      }}
    />
  );
}

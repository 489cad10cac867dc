// "Nueva salida": the shared three-step wizard with the dispatch's
// steps, its payload, and what a save changes elsewhere in the portal.
import { useCallback, useMemo } from 'react';
import {
  actionErrorText,
  isApiError,
  useClosedUntil,
  usePageTitle,
  useRefreshAfterDocument,
  useRefreshStockOf,
  useRegisterDispatch,
  withoutPeriod,
  useRuntimeConfig,
} from '@almacen/shared';
import { todayIn, type Dispatch } from '@almacen/shared/domain';
import { FormWizard, type SaveContext, type WizardStep } from '@almacen/shared/kit';
import { useNavigate } from '@almacen/shared/router';
import { DOCUMENT_MESSAGES } from '@almacen/shared/schemas';
import { emptyDispatch, toPayload, type DispatchFormValues } from '../form/dispatch-form';
import { makeDispatchValidators } from '../form/dispatch-validation';
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
} as const;

export function DispatchWizard() {
  const { timeZone } = useRuntimeConfig();
  const today = useCallback(() => todayIn(timeZone), [timeZone]);
  // The last month closed: the date picker starts after it. Nothing waits for it.
  const closedUntil = useClosedUntil();
  const validators = useMemo(() => makeDispatchValidators(today, closedUntil), [today, closedUntil]);
  const registerDispatch = useRegisterDispatch<ReturnType<typeof toPayload>>();
  const refreshStockOf = useRefreshStockOf();
  const refreshAfterDocument = useRefreshAfterDocument();
  const navigate = useNavigate();
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
      draftName="salida"
      steps={steps}
      initialValues={() => emptyDispatch(today())}
      reviewLabel={WIZARD_TEXTS.review}
      saveLabel={WIZARD_TEXTS.save}
      // The key follows the payload: a row's availability, read again after a reload, is not sent.
      request={toPayload}
      save={save}
      successMessage={() => WIZARD_TEXTS.success}
      errorMessage={(error) => actionErrorText(WIZARD_TEXTS.errorAction, error)}
      onSaved={async () => {
        // Relative to the URL, so it lands on …/dispatches/history in the shell and /history standalone.
        navigate('../history', { relative: 'path' });
        await refreshAfterDocument();
      }}
    />
  );
}

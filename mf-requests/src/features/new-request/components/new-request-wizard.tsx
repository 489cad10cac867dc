// «Nueva solicitud»: the kit's three-step wizard (drafts kept in the browser, one Idempotency-Key
// per attempt) — who authorizes and why, the products, the summary —, saved as ENVIADA; then the
// new request's page with its folio.
import { actionErrorText, usePageTitle, useLoadErrorToast, type RequestDetail, useWarehouseNavigate } from '@almacen/shared';
import { FormWizard, type WizardStep } from '@almacen/shared/kit';
import { REQUEST_MESSAGES } from '@almacen/shared/schemas';
import { useCreateRequest, useRefreshRequests, useRequestChoices } from '../../../api/requests';
import { requestPath } from '../../../lib/paths';
import { WIZARD_TEXTS } from '../../../lib/texts';
import { emptyRequest, headerErrors, linesErrors, toRequestBody, type RequestFormValues } from '../form/request-form';
import { RequestHeaderStep, RequestLinesStep, RequestSummaryStep } from './request-steps';

export function NewRequestWizard() {
  usePageTitle(WIZARD_TEXTS.title);
  const choices = useRequestChoices();
  useLoadErrorToast(choices.error, WIZARD_TEXTS.choicesError);
  const create = useCreateRequest();
  const refresh = useRefreshRequests();
  const navigate = useWarehouseNavigate();

  const steps: WizardStep<RequestFormValues>[] = [
    { label: WIZARD_TEXTS.steps[0], content: <RequestHeaderStep choices={choices.data} />, validate: headerErrors },
    {
      label: WIZARD_TEXTS.steps[1],
      content: <RequestLinesStep choices={choices.data} />,
      validate: linesErrors,
      minRows: { name: 'lines', message: REQUEST_MESSAGES.lines },
    },
    { label: WIZARD_TEXTS.steps[2], content: <RequestSummaryStep choices={choices.data} />, validate: linesErrors, review: true },
  ];

  return (
    <FormWizard<RequestFormValues, RequestDetail>
      title={WIZARD_TEXTS.title}
      draftName={WIZARD_TEXTS.draftName}
      steps={steps}
      initialValues={emptyRequest}
      reviewLabel={WIZARD_TEXTS.review}
      saveLabel={WIZARD_TEXTS.save}
      request={toRequestBody}
      save={(values, { idempotencyKey }) => create(toRequestBody(values), idempotencyKey)}
      successMessage={(request) => WIZARD_TEXTS.success(request.folio)}
      errorMessage={(error) => actionErrorText(WIZARD_TEXTS.errorAction, error)}
      onSaved={async (request) => {
        navigate(requestPath(request.id));
        await refresh();
      }}
    />
  );
}

// The head authorizes: each line starts at what was asked and may be lowered (0: that product is
// not given), never raised; at least one stays above 0 (to give nothing, the request is rejected).
// The API's schema (requestAuthorizationSchema) judges each quantity first.
import { useMemo } from 'react';
import type { RequestDetail } from '@almacen/shared';
import { compareDecimal, QUANTITY_SCALE, toDecimalString } from '@almacen/shared/domain';
import { Text } from '@almacen/shared/fluent-pages';
import { DecimalField, FormDialog, toFinalFormErrors } from '@almacen/shared/kit';
import { requestAuthorizationSchema, validateWith, type FieldErrors, type RequestAuthorization } from '@almacen/shared/schemas';
import { ACTION_TEXTS as T } from '../../../lib/texts';

interface Values {
  lines: Array<{ lineId: number; quantity: string }>;
}

export interface AuthorizeDialogProps {
  open: boolean;
  request: RequestDetail;
  onClose: () => void;
  onAuthorize: (body: RequestAuthorization) => unknown;
}

const toBody = (values: Values): RequestAuthorization => ({
  lines: values.lines.map((line) => ({ lineId: line.lineId, quantity: line.quantity.trim() })),
});

export function authorizationErrors(request: RequestDetail, values: Values): FieldErrors {
  const result = validateWith(requestAuthorizationSchema, toBody(values));
  const errors: FieldErrors = result.ok ? {} : { ...result.errors };
  let anyGiven = false;
  values.lines.forEach((line, index) => {
    const quantity = toDecimalString(line.quantity);
    const requested = request.lines[index]?.requested ?? '0';
    const field = `lines.${index}.quantity`;
    if (quantity === null || errors[field]) return;
    if (compareDecimal(quantity, requested) > 0) errors[field] = T.overRequested(requested);
    if (compareDecimal(quantity, '0') > 0) anyGiven = true;
  });
  if (!anyGiven && Object.keys(errors).length === 0) errors['lines.0.quantity'] = T.nothingAuthorized;
  return errors;
}

export function AuthorizeDialog({ open, request, onClose, onAuthorize }: AuthorizeDialogProps) {
  const initialValues = useMemo<Values>(
    () => ({ lines: request.lines.map((line) => ({ lineId: line.id, quantity: line.requested })) }),
    [request],
  );
  const validate = useMemo(
    () => (values: Values) => {
      const errors = authorizationErrors(request, values);
      return Object.keys(errors).length > 0 ? toFinalFormErrors(errors) : undefined;
    },
    [request],
  );
  return (
    <FormDialog<Values>
      open={open}
      title={T.authorizeTitle(request.folio)}
      initialValues={initialValues}
      validate={validate}
      onClose={onClose}
      onSubmit={(values) => onAuthorize(toBody(values))}
      submitLabel={T.authorizeSubmit}
      cancelLabel={T.back}
    >
      <Text>{T.authorizeExplanation}</Text>
      {request.lines.map((line, index) => (
        <DecimalField
          key={line.id}
          name={`lines[${index}].quantity`}
          label={T.authorizedQuantity(line.productName, line.requested)}
          scale={QUANTITY_SCALE}
          required
        />
      ))}
    </FormDialog>
  );
}

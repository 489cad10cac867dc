// Per-step validation of the dispatch wizard: the form messages come from the shared schemas
// (the API checks the same ones); the stock limits come after them, so an empty or malformed
// field shows the schema's message first.
import { closedPeriodStep, combineSteps, rowsStep, schemaStep, type StepValidator } from '@almacen/shared/kit';
import { makeDispatchSchemas } from '@almacen/shared/schemas';
import { stockErrors } from '../../../lib/stock-limits';
import type { DispatchFormValues } from './dispatch-form';

export interface DispatchValidators {
  header: StepValidator<DispatchFormValues>;
  products: StepValidator<DispatchFormValues>;
}

/**
 * `today()` is read at every validation, so a form left open over midnight judges the new day;
 * `closedUntil` is the last closed date (useClosedUntil): the dispatch date must come after it.
 */
export function makeDispatchValidators(today: () => string, closedUntil: string | null = null): DispatchValidators {
  const { header, line } = makeDispatchSchemas({ today });
  return {
    header: combineSteps<DispatchFormValues>(schemaStep(header), closedPeriodStep('dispatchDate', closedUntil)),
    products: combineSteps<DispatchFormValues>(rowsStep<DispatchFormValues>('products', line), (values) => stockErrors(values?.products)),
  };
}

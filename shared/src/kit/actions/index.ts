export { useAction } from './use-action';
export type { Action, ActionOptions } from './use-action';
export { useLoadErrorToast } from './use-load-error-toast';
export { withoutPeriod } from './without-period';

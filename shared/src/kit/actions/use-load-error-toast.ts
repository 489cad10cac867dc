// A load that has no table to show its failure in (the options of a select) says so in a toast,
// once per failure.
import { useEffect } from 'react';
import { isApiError } from '../../platform/api-error';
import { ERROR_TITLE, loadErrorText } from '../../platform/error-text';
import { useNotify } from '../../platform/notify';
import { withoutPeriod } from './without-period';

/** `what`: "obtener las partidas.". A 404 is not a failure when `ignoreNotFound` is set. */
export function useLoadErrorToast(error: unknown, what: string, { ignoreNotFound = false } = {}): void {
  const notify = useNotify();
  useEffect(() => {
    if (!error) return;
    if (ignoreNotFound && isApiError(error) && error.status === 404) return;
    notify.error(ERROR_TITLE, loadErrorText(withoutPeriod(what)));
  }, [error, what, ignoreNotFound, notify]);
}

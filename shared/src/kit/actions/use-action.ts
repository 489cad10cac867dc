// Runs a create/update/delete: counts it as "saving" while it runs, refreshes the affected SWR
// keys everywhere in the portal when it succeeds, and on an HTTP failure shows the "¡Oh no!"
// toast with the server's message appended. Anything that is not an HTTP
// error is a bug of ours: it is logged, not shown.
import { useCallback, useRef, useState } from 'react';
import { isApiError } from '../../platform/api-error';
import { ERROR_TITLE, actionErrorText } from '../../platform/error-text';
import { useInvalidate } from '../../platform/hooks';
import { useNotify } from '../../platform/notify';
import { withoutPeriod } from './without-period';

export interface ActionOptions {
  /**
   * The message's ending, "crear el producto solicitado." → "Algo salió mal mientras tratábamos de
   * crear el producto solicitado. …" (with or without its final period).
   */
  errorText: string;
  /** SWR key prefixes refreshed after success, e.g. ['/api/catalog/products', '/api/stock']. */
  invalidate?: string[];
  /** Green notice after success. */
  successText?: string;
}

export interface Action<A extends unknown[], R> {
  /** Resolves to the result, or undefined when the action failed (already notified). */
  run: (...args: A) => Promise<R | undefined>;
  running: boolean;
}

export function useAction<A extends unknown[], R>(perform: (...args: A) => Promise<R>, options: ActionOptions): Action<A, R> {
  const notify = useNotify();
  const invalidate = useInvalidate();
  const [pending, setPending] = useState(0);
  const latest = useRef({ perform, options });
  latest.current = { perform, options };

  const run = useCallback(
    async (...args: A) => {
      const { perform: current, options: currentOptions } = latest.current;
      setPending((count) => count + 1);
      try {
        const result = await current(...args);
        if (currentOptions.successText) notify.success(currentOptions.successText);
        if (currentOptions.invalidate?.length) await invalidate(...currentOptions.invalidate);
        return result;
      } catch (error) {
        if (isApiError(error)) notify.error(ERROR_TITLE, actionErrorText(withoutPeriod(currentOptions.errorText), error));
        else console.error(error);
        return undefined;
      } finally {
        setPending((count) => count - 1);
      }
    },
    [notify, invalidate],
  );
  return { run, running: pending > 0 };
}

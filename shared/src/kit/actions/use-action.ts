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

/**
 * How a change a form sent ended, for the form to stay open when it did not: `errors` are the
 * server's messages per field (a duplicate description, an RFC already registered).
 */
export type SaveOutcome<R> = { saved: true; result: R } | { saved: false; errors?: Record<string, string> };

export interface Action<A extends unknown[], R> {
  /** Resolves to the result, or undefined when the action failed (already notified). */
  run: (...args: A) => Promise<R | undefined>;
  /**
   * As `run`, for a form that stays open until it is saved: a 409 that names its fields (a
   * duplicate) is said under those fields and not toasted; any other failure is toasted as `run`
   * does, with the fields' messages, if any, returned too.
   */
  save: (...args: A) => Promise<SaveOutcome<R>>;
  running: boolean;
}

export function useAction<A extends unknown[], R>(perform: (...args: A) => Promise<R>, options: ActionOptions): Action<A, R> {
  const notify = useNotify();
  const invalidate = useInvalidate();
  const [pending, setPending] = useState(0);
  const latest = useRef({ perform, options });
  latest.current = { perform, options };

  // `fieldsSayIt`: a 409 naming its fields is shown under them by the form, not toasted.
  const attempt = useCallback(
    async (args: A, fieldsSayIt: boolean): Promise<SaveOutcome<R>> => {
      const { perform: current, options: currentOptions } = latest.current;
      setPending((count) => count + 1);
      try {
        const result = await current(...args);
        if (currentOptions.successText) notify.success(currentOptions.successText);
        if (currentOptions.invalidate?.length) await invalidate(...currentOptions.invalidate);
        return { saved: true, result };
      } catch (error) {
        if (!isApiError(error)) {
          console.error(error);
          return { saved: false };
        }
        const errors = error.errors && Object.keys(error.errors).length > 0 ? error.errors : undefined;
        if (!(fieldsSayIt && errors && error.status === 409))
          notify.error(ERROR_TITLE, actionErrorText(withoutPeriod(currentOptions.errorText), error));
        return { saved: false, errors };
      } finally {
        setPending((count) => count - 1);
      }
    },
    [notify, invalidate],
  );
  const run = useCallback(
    async (...args: A) => {
      const outcome = await attempt(args, false);
      return outcome.saved ? outcome.result : undefined;
    },
    [attempt],
  );
  const save = useCallback((...args: A) => attempt(args, true), [attempt]);
  return { run, save, running: pending > 0 };
}

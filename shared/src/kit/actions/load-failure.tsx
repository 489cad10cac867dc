// How a load fails, the same for every table and panel:
// - nothing on screen yet (the first load failed): the failure is told once in the "¡Oh no!" toast
//   and the place itself says what is missing and offers "Reintentar" (LoadFailure; the DataTable
//   does the same where its rows would be);
// - data already on screen (a background refresh failed): the data stays, and a notice says it may
//   be out of date, with "Reintentar" (RefreshFailure; no toast — nothing was lost).
// LoadProblem picks one of them, or nothing, from what a read hook of the API layer answers.
import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@almacen/shared/fluent';
import { loadErrorText } from '../../platform/error-text';
import { TABLE_TEXTS } from '../data-table/texts';
import { useLoadErrorToast } from './use-load-error-toast';
import { withoutPeriod } from './without-period';

export interface LoadFailureProps {
  error: unknown;
  /** What was being loaded, ending "Algo salió mal mientras tratábamos de …": "obtener el producto solicitado." */
  what: string;
  onRetry: () => void;
  /** What the place says while it has no data (the toast carries the full message). */
  text?: string;
}

/** A message where the data would be, with "Reintentar" when there is something to retry. */
function RetryBar({ intent, text, onRetry, role }: { intent: 'error' | 'warning'; text: string; onRetry?: () => void; role?: string }) {
  return (
    <MessageBar intent={intent} layout="multiline" role={role}>
      <MessageBarBody>{text}</MessageBarBody>
      {onRetry && (
        <MessageBarActions>
          <Button size="small" onClick={onRetry}>
            {TABLE_TEXTS.retry}
          </Button>
        </MessageBarActions>
      )}
    </MessageBar>
  );
}

export function LoadFailure({ error, what, onRetry, text = TABLE_TEXTS.loadFailed }: LoadFailureProps) {
  useLoadErrorToast(error, what);
  return <RetryBar intent="error" text={text} onRetry={onRetry} />;
}

/** Data on screen that could not be refreshed: it stays, and this says it may be out of date. */
export function RefreshFailure({ onRetry }: { onRetry?: () => void }) {
  return <RetryBar intent="warning" role="status" text={TABLE_TEXTS.refreshFailed} onRetry={onRetry} />;
}

export interface LoadProblemProps extends Omit<LoadFailureProps, 'error' | 'onRetry'> {
  /** A read hook's answer: `useProducts()`, `useCount(id)`… */
  resource: { data?: unknown; error?: unknown; mutate: () => unknown };
}

/** LoadFailure when the first load failed, RefreshFailure when a refresh of shown data failed, else nothing. */
export function LoadProblem({ resource, what, text }: LoadProblemProps) {
  if (!resource.error) return null;
  const retry = () => void resource.mutate();
  if (resource.data === undefined) return <LoadFailure error={resource.error} what={what} text={text} onRetry={retry} />;
  return <RefreshFailure onRetry={retry} />;
}

/**
 * The DataTable's `error` from a read hook's answer: "Algo salió mal mientras tratábamos de {what}"
 * with "Reintentar" (the table tells a first-load failure and keeps its rows on a failed refresh).
 */
export function tableLoadError(
  resource: { error?: unknown; mutate: () => unknown },
  what: string,
): { text: string; onRetry: () => void } | undefined {
  return resource.error ? { text: loadErrorText(withoutPeriod(what)), onRetry: () => void resource.mutate() } : undefined;
}

import { loadErrorText, withoutPeriod } from '@almacen/shared';

/** A failed list load, for the DataTable's `error`: "¡Oh no!" + the spec §8 text, with a retry. */
export function tableLoadError(error: unknown, hasData: boolean, what: string, retry: () => unknown) {
  if (!error || hasData) return undefined;
  return { text: loadErrorText(withoutPeriod(what)), onRetry: () => void retry() };
}

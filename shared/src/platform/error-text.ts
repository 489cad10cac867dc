import { isApiError } from './api-error';

/** Title of every error toast. */
export const ERROR_TITLE = '¡Oh no!';

/** "Algo salió mal mientras tratábamos de obtener los productos." */
export function loadErrorText(what: string): string {
  return `Algo salió mal mientras tratábamos de ${what}.`;
}

/**
 * "Algo salió mal mientras tratábamos de crear el producto solicitado. Ya existe un registro…"
 * The server's message is appended only when it is one (an ApiError): anything else may carry
 * English or internals that a clerk should not read.
 */
export function actionErrorText(what: string, error?: unknown): string {
  const base = loadErrorText(what);
  if (isApiError(error) && error.message) return `${base} ${error.message}`;
  return base;
}

// A link to one document of a history: the history's path with `?documento=ID`; the history opens
// that document's row (expanded, on its page) once the list is loaded.
import { useSearchParams } from '@almacen/shared/router';

const PARAM = 'documento';

export function documentLink(historyPath: string, id: number): string {
  return `${historyPath}?${PARAM}=${id}`;
}

/** The document a link asks to open, when it names a whole number. */
export function useLinkedDocumentId(): number | undefined {
  const [params] = useSearchParams();
  const value = params.get(PARAM);
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
}

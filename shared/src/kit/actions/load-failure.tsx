// A load that failed where its data would have been shown (a panel's figures, a nested detail,
// a form row's availability): the failure is told once in the "¡Oh no!" toast (spec §8), as the
// DataTable does, and the place itself says what is missing and offers "Reintentar".
import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { TABLE_TEXTS } from '../data-table/texts';
import { useLoadErrorToast } from './use-load-error-toast';

export interface LoadFailureProps {
  error: unknown;
  /** What was being loaded, as in spec §8: "obtener el producto solicitado." */
  what: string;
  onRetry: () => void;
  /** What the place says while it has no data (the toast carries the full message). */
  text?: string;
}

export function LoadFailure({ error, what, onRetry, text = TABLE_TEXTS.loadFailed }: LoadFailureProps) {
  useLoadErrorToast(error, what);
  return (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody>{text}</MessageBarBody>
      <MessageBarActions>
        <Button size="small" onClick={onRetry}>
          {TABLE_TEXTS.retry}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}

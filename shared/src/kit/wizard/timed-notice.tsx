// The "¡Hey!" notice of the wizards (min products). Fluent's own toast timeout runs on a CSS
// animation, which pauses on hover and never ends where animations do not run; the spec says the
// notice closes after 3 s, so a plain timer dismisses it.
import { useCallback, useEffect, useRef } from 'react';
import { TOASTER_ID } from '@almacen/shared';
import { MIN_PRODUCTS_NOTICE_MS } from '@almacen/shared/domain';
import { Toast, ToastBody, ToastTitle, useToastController } from '@almacen/shared/fluent';

export const NOTICE_TITLE = '¡Hey!';

let noticeCount = 0;

export function useTimedNotice(): (text: string, title?: string, timeoutMs?: number) => void {
  const { dispatchToast, dismissToast } = useToastController(TOASTER_ID);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  return useCallback(
    (text: string, title = NOTICE_TITLE, timeoutMs = MIN_PRODUCTS_NOTICE_MS) => {
      const toastId = `notice-${++noticeCount}`;
      dispatchToast(
        <Toast>
          <ToastTitle>{title}</ToastTitle>
          <ToastBody>{text}</ToastBody>
        </Toast>,
        { toastId, intent: 'warning', timeout: -1 },
      );
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismissToast(toastId);
      }, timeoutMs);
      timers.current.add(timer);
    },
    [dispatchToast, dismissToast],
  );
}

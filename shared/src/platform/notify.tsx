// Notifications: one Fluent Toaster at bottom-end (provided once by PlatformProviders, kept off
// the buttons a screen names: notice-space.tsx).
// Decided once for the whole portal: an action (save, delete, cancel, download) that fails toasts
// "¡Oh no!" with the API's words; a load that fails with nothing on screen toasts once and says so
// in place with "Reintentar"; a refresh that fails keeps what is shown and only says so in place,
// without a toast (kit/actions/load-failure.tsx, the DataTable).
import { useMemo } from 'react';
import { Toast, ToastBody, ToastTitle, useToastController } from '@almacen/shared/fluent';
import { ERROR_TITLE } from './error-text';

export const TOASTER_ID = 'almacen-toaster';

export interface Notify {
  /** Green confirmation ("Producto creado"). */
  success(text: string): void;
  /** Error toast; the title is "¡Oh no!" unless another one is given. */
  error(title: string | undefined, text: string): void;
  /** Information that stays for `timeoutMs`. */
  notice(title: string, text: string, timeoutMs?: number): void;
}

export function useNotify(): Notify {
  const { dispatchToast } = useToastController(TOASTER_ID);
  return useMemo<Notify>(
    () => ({
      success: (text) =>
        dispatchToast(
          <Toast>
            <ToastTitle>{text}</ToastTitle>
          </Toast>,
          { intent: 'success' },
        ),
      error: (title, text) =>
        dispatchToast(
          <Toast>
            <ToastTitle>{title || ERROR_TITLE}</ToastTitle>
            <ToastBody>{text}</ToastBody>
          </Toast>,
          { intent: 'error', timeout: 8000 },
        ),
      notice: (title, text, timeoutMs = 3000) =>
        dispatchToast(
          <Toast>
            <ToastTitle>{title}</ToastTitle>
            <ToastBody>{text}</ToastBody>
          </Toast>,
          { intent: 'info', timeout: timeoutMs },
        ),
    }),
    [dispatchToast],
  );
}

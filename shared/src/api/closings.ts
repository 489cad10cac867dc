// Month closings: the list, the next month end to close (with the stock value it would
// store and the late registrations the confirmation shows), closing and reopening, each with its
// own Idempotency-Key. A closing changes what the wizards accept (their date pickers read the same
// list: platform/period-closings.ts) and what the closings page shows.
import type { NextClosing, PeriodClosing } from '../domain';
import { newIdempotencyKey } from '../kit/wizard/idempotency';
import { useResource } from '../platform/resource';
import { apiKeys, staleAfter } from './keys';
import { useMutation } from './mutation';

export const useClosings = () => useResource<PeriodClosing[]>(apiKeys.closings);
export const useNextClosing = () => useResource<NextClosing>(apiKeys.nextClosing);

export const useCloseMonth = (successText?: string) =>
  useMutation(
    (api, until: string) =>
      api<PeriodClosing>(apiKeys.closings, { method: 'POST', body: { until }, headers: { 'idempotency-key': newIdempotencyKey() } }),
    { errorText: 'cerrar el periodo solicitado.', successText },
    staleAfter.closing,
  );

export const useReopenMonth = (successText?: string) =>
  useMutation(
    (api, until: string, reason: string) =>
      api<PeriodClosing>(`${apiKeys.closings}/${until}/reopening`, {
        method: 'POST',
        body: { reason },
        headers: { 'idempotency-key': newIdempotencyKey() },
      }),
    { errorText: 'reabrir el periodo solicitado.', successText },
    staleAfter.closing,
  );

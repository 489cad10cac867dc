import { ApiError } from '@almacen/shared';
import { isTransient, reportFileName, withRetries } from './report-download';

const blob = (type: string) => new Blob(['x'], { type });

describe('reportFileName', () => {
  test('keeps the name the server gave in Content-Disposition', () => {
    expect(reportFileName('Reporte de almacén - 2026-03-05', { blob: blob('application/pdf'), fileName: 'Reporte de almacén - 2026-03-04.pdf' }))
      .toBe('Reporte de almacén - 2026-03-04.pdf');
  });

  test('without one (the client falls back to the last path segment) uses the spec name plus the type\'s extension', () => {
    expect(reportFileName('Tarjetas de almacén - 12', { blob: blob('application/pdf'), fileName: '12' })).toBe('Tarjetas de almacén - 12.pdf');
    expect(
      reportFileName('Tarjetas de almacén - 12', {
        blob: blob('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
        fileName: '12',
      }),
    ).toBe('Tarjetas de almacén - 12.xlsx');
  });
});

describe('withRetries', () => {
  test('asks at most 1 + 3 times while the failure may pass', async () => {
    const attempt = jest.fn(() => Promise.reject(new ApiError(502, 'Puerta de enlace')));
    await expect(withRetries(attempt, 3, 0)).rejects.toThrow('Puerta de enlace');
    expect(attempt).toHaveBeenCalledTimes(4);
  });

  test('stops at the first success', async () => {
    const attempt = jest.fn().mockRejectedValueOnce(new ApiError(0, 'Sin conexión')).mockResolvedValueOnce('ok');
    await expect(withRetries(attempt, 3, 0)).resolves.toBe('ok');
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  test('only network faults, timeouts, throttling and 5xx are worth another try', () => {
    expect([0, 408, 429, 500, 503].map((status) => isTransient(new ApiError(status, '')))).toEqual([true, true, true, true, true]);
    expect([400, 401, 403, 404, 409].map((status) => isTransient(new ApiError(status, '')))).toEqual([false, false, false, false, false]);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../platform/api-error';
import { captureDownloads, renderWithPlatform, type FakeApiRequest } from '../../testing';
import { isTransient, reportFileName, useReportDownload, withRetries, type ReportRequest, type Sleep } from './report-download';

const blob = (type: string) => new Blob(['x'], { type });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const card: ReportRequest = { path: '/api/reports/products/12', fileName: 'Tarjetas de almacén - 12' };
const stock: ReportRequest = { path: '/api/reports/stock', fileName: 'Reporte de almacén - 2026-03-05' };

/** A sleep that does not wait, remembering how long it was asked to. */
function recordingSleep() {
  const pauses: number[] = [];
  const sleep: Sleep = async (ms) => {
    pauses.push(ms);
  };
  return { pauses, sleep };
}

describe('reportFileName', () => {
  test('keeps the name the server gave in Content-Disposition, whatever it is', () => {
    expect(reportFileName(stock, { blob: blob('application/pdf'), fileName: 'Reporte de almacén - 2026-03-04.pdf' })).toBe(
      'Reporte de almacén - 2026-03-04.pdf',
    );
    expect(reportFileName(card, { blob: blob(XLSX), fileName: 'Tarjeta 12 (marzo).xlsx' })).toBe('Tarjeta 12 (marzo).xlsx');
  });

  test('without one (the client falls back to the last path segment) it is the spec name plus the extension of the type', () => {
    expect(reportFileName(card, { blob: blob('application/pdf'), fileName: '12' })).toBe('Tarjetas de almacén - 12.pdf');
    expect(reportFileName(card, { blob: blob(XLSX), fileName: '12' })).toBe('Tarjetas de almacén - 12.xlsx');
    expect(reportFileName(stock, { blob: blob('application/pdf; charset=binary'), fileName: 'stock' })).toBe(
      'Reporte de almacén - 2026-03-05.pdf',
    );
    expect(reportFileName(stock, { blob: blob(XLSX), fileName: '' })).toBe('Reporte de almacén - 2026-03-05.xlsx');
  });

  test('a server name without extension gets the one of its type', () => {
    expect(reportFileName(card, { blob: blob(XLSX), fileName: 'Tarjetas de almacén - 12' })).toBe('Tarjetas de almacén - 12.xlsx');
  });
});

describe('isTransient', () => {
  test('only network faults, timeouts, throttling and 5xx are worth another try', () => {
    expect([0, 408, 429, 500, 502, 503, 504].map((status) => isTransient(new ApiError(status, '')))).toEqual(Array(7).fill(true));
    expect([400, 401, 403, 404, 409, 422].map((status) => isTransient(new ApiError(status, '')))).toEqual(Array(6).fill(false));
  });

  test('what is not an HTTP failure (an abort, a bug of ours) is not retried', () => {
    expect(isTransient(new TypeError('x is undefined'))).toBe(false);
    expect(isTransient(new DOMException('Abortado', 'AbortError'))).toBe(false);
  });
});

describe('withRetries', () => {
  test('asks at most 1 + 3 times, waiting 0.5 s, 1 s and 2 s in between', async () => {
    const { pauses, sleep } = recordingSleep();
    const attempt = jest.fn(() => Promise.reject(new ApiError(502, 'Puerta de enlace')));
    await expect(withRetries(attempt, { sleep })).rejects.toThrow('Puerta de enlace');
    expect(attempt).toHaveBeenCalledTimes(4);
    expect(pauses).toEqual([500, 1000, 2000]);
  });

  test('stops at the first success', async () => {
    const { pauses, sleep } = recordingSleep();
    const attempt = jest.fn().mockRejectedValueOnce(new ApiError(0, 'Sin conexión')).mockResolvedValueOnce('ok');
    await expect(withRetries(attempt, { sleep })).resolves.toBe('ok');
    expect(attempt).toHaveBeenCalledTimes(2);
    expect(pauses).toEqual([500]);
  });

  test('a refusal is given up at once', async () => {
    const { pauses, sleep } = recordingSleep();
    const attempt = jest.fn(() => Promise.reject(new ApiError(404, 'El producto solicitado no existe.')));
    await expect(withRetries(attempt, { sleep })).rejects.toThrow('El producto solicitado no existe.');
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(pauses).toEqual([]);
  });
});

describe('useReportDownload', () => {
  function Probe({ request, sleep }: { request: ReportRequest; sleep: Sleep }) {
    const report = useReportDownload({ sleep });
    return (
      <button disabled={report.downloading} onClick={() => void report.download(request)}>
        Descargar
      </button>
    );
  }

  const captured = captureDownloads();

  test('POSTs the report, rides out a failing server and saves ONE file under the spec name', async () => {
    const user = userEvent.setup();
    const { sleep } = recordingSleep();
    const pdf = blob('application/pdf');
    const { calls } = renderWithPlatform(<Probe request={card} sleep={sleep} />, {
      api: ({ download }: FakeApiRequest) => {
        if (!download) return undefined;
        if (calls.length <= 2) throw new ApiError(503, 'Servicio no disponible');
        return { blob: pdf, fileName: '12' };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Descargar' }));
    await waitFor(() => expect(captured.saved).toHaveLength(1));
    expect(calls.map((call) => `${call.method} ${call.path} ${call.download}`)).toEqual(
      Array(3).fill('POST /api/reports/products/12 true'),
    );
    expect(captured.saved[0]).toEqual({ name: 'Tarjetas de almacén - 12.pdf', href: 'blob:test/1' });
    expect(captured.files).toEqual([pdf]);
    expect(screen.queryByText('¡Oh no!')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Descargar' })).toBeEnabled());
  });

  test('after the 3 retries fail: "¡Oh no!", "…descargar el reporte solicitado." with the server message, nothing saved', async () => {
    const user = userEvent.setup();
    const { pauses, sleep } = recordingSleep();
    const { calls } = renderWithPlatform(<Probe request={stock} sleep={sleep} />, {
      api: () => {
        throw new ApiError(500, 'No se pudo generar el reporte.');
      },
    });
    await user.click(screen.getByRole('button', { name: 'Descargar' }));
    expect(
      await screen.findByText('Algo salió mal mientras tratábamos de descargar el reporte solicitado. No se pudo generar el reporte.'),
    ).toBeInTheDocument();
    expect(screen.getByText('¡Oh no!')).toBeInTheDocument();
    expect(calls).toHaveLength(4);
    expect(pauses).toEqual([500, 1000, 2000]);
    expect(captured.saved).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Descargar' })).toBeEnabled());
  });
});

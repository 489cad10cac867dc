/**
 * @jest-environment node
 */
// The retry of the federation runtime plugin: network faults and 5xx are retried, a 404 is not.
import { fetchWithRetry, RETRY_ATTEMPTS } from './runtime-plugin';

const manifest = 'http://remotes.test/mf-stock/mf-manifest.json';

describe('fetchWithRetry', () => {
  it('recovers from passing faults (a refused connection, a 503) and revalidates the manifest', async () => {
    const answers: Array<() => Response> = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => new Response('down', { status: 503 }),
      () => new Response('{"ok":true}', { status: 200 }),
    ];
    const fetchImpl = jest.fn(async (_url: string | URL | Request, _init?: RequestInit) => answers.shift()!());
    const response = await fetchWithRetry(manifest, {}, fetchImpl as unknown as typeof fetch);
    expect(response.status).toBe(200);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(fetchImpl.mock.calls[0][1]).toMatchObject({ cache: 'no-cache' });
  });

  it('gives up after its attempts, with the cause', async () => {
    const fetchImpl = jest.fn(async () => new Response('down', { status: 502 }));
    await expect(fetchWithRetry(manifest, {}, fetchImpl as unknown as typeof fetch)).rejects.toThrow('HTTP 502');
    expect(fetchImpl).toHaveBeenCalledTimes(RETRY_ATTEMPTS);
  });

  it('does not insist on a 404 (nothing will change by asking again)', async () => {
    const fetchImpl = jest.fn(async () => new Response('missing', { status: 404 }));
    await expect(fetchWithRetry(manifest, {}, fetchImpl as unknown as typeof fetch)).rejects.toThrow('HTTP 404');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});

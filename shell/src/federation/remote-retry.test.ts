// "Reintentar" asks the server again even when the browser replays an old failure once: a retry
// whose first load fails loads once more, while a first visit to a remote that is down fails at
// once (its area shows the error). The federation runtime is a stand-in here; the browser test
// e2e/test/remote-down.test.ts runs the real one against a real remote.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { configureRemotes, loadRemoteApp, RemoteLoadError } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: () => undefined,
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(() => Promise.resolve()),
  registerRemotes: jest.fn(),
}));
jest.mock('./contract', () => ({ knownContract: () => null, checkContract: () => Promise.resolve() }));

const load = loadRemote as jest.MockedFunction<typeof loadRemote>;
const register = registerRemotes as jest.MockedFunction<typeof registerRemotes>;
const Stock = () => null;
const replayed = new Error('ChunkLoadError: Loading chunk 826 failed.');

beforeEach(() => {
  load.mockReset();
  configureRemotes({ mf_stock: 'http://localhost/remotes/mf-stock/mf-manifest.json' });
  register.mockClear();
});

it('a retry whose first load fails registers the remote again and loads once more', async () => {
  load.mockRejectedValueOnce(replayed).mockResolvedValueOnce({ default: Stock });
  await expect(loadRemoteApp('mf_stock', { fresh: true })).resolves.toEqual({ default: Stock });
  expect(load).toHaveBeenCalledTimes(2);
  expect(register).toHaveBeenCalledTimes(2);
});

it('a retry that fails twice reports the remote as not loaded', async () => {
  load.mockRejectedValue(replayed);
  await expect(loadRemoteApp('mf_stock', { fresh: true })).rejects.toBeInstanceOf(RemoteLoadError);
  expect(load).toHaveBeenCalledTimes(2);
});

it('a first load that fails is reported at once', async () => {
  load.mockRejectedValue(replayed);
  await expect(loadRemoteApp('mf_stock')).rejects.toBeInstanceOf(RemoteLoadError);
  expect(load).toHaveBeenCalledTimes(1);
  expect(register).not.toHaveBeenCalled();
});

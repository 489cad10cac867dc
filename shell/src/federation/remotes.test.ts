// The federation runtime remembers a shared package's failed download and replays it; the shell
// forgets such failures before loading a remote, so a remote that was down loads once it is back.
import { createInstance } from '@module-federation/enhanced/runtime';
import { forgetFailedShares } from './remotes';

/** A host sharing one package whose download the test controls. */
function hostSharing(name: string, download: () => Promise<() => unknown>) {
  return createInstance({
    name: `host_${name.replace(/\W/g, '_')}`,
    remotes: [],
    shared: { [name]: { version: '1.0.0', get: download, shareConfig: { singleton: true, requiredVersion: '^1.0.0' } } },
  });
}

it('a shared package whose download failed is downloaded again once forgotten', async () => {
  let serverUp = false;
  let downloads = 0;
  const host = hostSharing('react-switch-like', async () => {
    downloads += 1;
    if (!serverUp) throw new Error('Loading chunk 2178 failed.');
    return () => ({ Switch: 'the component' });
  });

  await expect(host.loadShare('react-switch-like')).rejects.toThrow('Loading chunk 2178 failed.');
  serverUp = true;
  // What the runtime does on its own: the old failure again, without asking the server.
  await expect(host.loadShare('react-switch-like')).rejects.toThrow('Loading chunk 2178 failed.');
  expect(downloads).toBe(1);

  expect(await forgetFailedShares(host.shareScopeMap)).toEqual(['react-switch-like']);
  const factory = await host.loadShare<{ Switch: string }>('react-switch-like');
  expect(factory && factory()).toEqual({ Switch: 'the component' });
  expect(downloads).toBe(2);
  // Nothing failed is left to forget.
  expect(await forgetFailedShares(host.shareScopeMap)).toEqual([]);
});

it('leaves a download still under way alone', async () => {
  let finish: (factory: () => unknown) => void = () => {};
  let started: () => void = () => {};
  const downloading = new Promise<void>((resolve) => (started = resolve));
  const host = hostSharing('slow-package', () => {
    started();
    return new Promise((resolve) => (finish = resolve));
  });
  const loading = host.loadShare<string>('slow-package');
  await downloading;

  expect(await forgetFailedShares(host.shareScopeMap)).toEqual([]);
  finish(() => 'loaded');
  const factory = await loading;
  expect(factory && factory()).toBe('loaded');
});

it('does nothing without a federation runtime', async () => {
  expect(await forgetFailedShares(undefined)).toEqual([]);
});

// What the shell's unit tests put in place of the Module Federation runtime (jest.mock of
// '@module-federation/enhanced/runtime'): no remote is fetched, registering does nothing, and there
// is no share scope. `loadRemote` answers what the test sets (a jest.fn; by default undefined).
export function federationRuntimeDouble(loadRemote: jest.Mock = jest.fn()) {
  return { loadRemote, preloadRemote: jest.fn(async () => undefined), registerRemotes: jest.fn(), getInstance: jest.fn(() => null) };
}

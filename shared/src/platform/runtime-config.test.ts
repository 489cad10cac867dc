// /config.json's identityProvider is optional: a config written before it still parses.
import { parseRuntimeConfig } from './runtime-config';

const base = { apiBaseUrl: 'https://almacen.example.mx/', oidc: { authority: 'https://idp.example.mx', clientId: 'almacen-portal' } };

describe('parseRuntimeConfig identityProvider', () => {
  it('keeps "embedded"', () => {
    expect(parseRuntimeConfig({ ...base, identityProvider: 'embedded' }).identityProvider).toBe('embedded');
  });

  it.each([undefined, 'external', 'otro', 3])('reads %p as "external" (nothing offered that would fail)', (value) => {
    const config = parseRuntimeConfig(value === undefined ? base : { ...base, identityProvider: value });
    expect(config.identityProvider).toBe('external');
    expect(config.apiBaseUrl).toBe('https://almacen.example.mx');
  });
});

// A remote running alone (`npm run dev -w mf-stock`) for its squad: it plays the shell's part —
// reads the same /config.json, signs in with the same provider, and wraps the remote's App in the
// same providers. Federated, the shell does all of this and this file is never loaded.
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Body1, Spinner, Title3 } from '@almacen/shared/fluent';
import { BrowserRouter, Link } from '@almacen/shared/router';
import { createApiClient } from './api-client';
import { CALLBACK_PATH, createOidcSession } from './auth/oidc-session';
import { effectiveApiBaseUrl } from './dev';
import { AlmacenLogo } from './logo';
import { PlatformProviders } from './platform-providers';
import { loadRuntimeConfig } from './runtime-config';

export interface StandaloneOptions {
  /** The remote's exposed App (its relative <Routes>). */
  App: ComponentType;
  /** Shown in the small standalone header ("Stock de productos"). */
  title: string;
  /** Links of the standalone header: label → path. */
  links?: Array<{ label: string; to: string }>;
  container?: HTMLElement;
}

export async function startStandalone({ App, title, links = [], container }: StandaloneOptions): Promise<void> {
  const element = container ?? document.getElementById('root');
  if (!element) throw new Error('Falta el elemento #root en index.html.');
  const root = createRoot(element);
  root.render(<Spinner label="Cargando…" style={{ marginTop: 64 }} />);
  try {
    const config = await loadRuntimeConfig();
    const session = createOidcSession(config.oidc);
    if (window.location.pathname === CALLBACK_PATH) {
      const returnTo = await session.completeSignIn();
      window.history.replaceState(null, '', returnTo === '/dashboard' ? '/' : returnTo);
    }
    const user = await session.getUser();
    if (!user) {
      await session.signIn(window.location.pathname + window.location.search);
      return;
    }
    const api = createApiClient({
      baseUrl: effectiveApiBaseUrl(config.apiBaseUrl),
      auth: {
        getAccessToken: () => session.getAccessToken(),
        renewAccessToken: () => session.renewAccessToken(),
        signIn: () => session.signIn(window.location.pathname + window.location.search),
      },
    });
    root.render(
      <StrictMode>
        <PlatformProviders api={api} config={config} user={user}>
          <BrowserRouter>
            <header style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '8px 16px' }}>
              <AlmacenLogo size={28} />
              <Title3>{title}</Title3>
              <nav style={{ display: 'flex', gap: 12, marginLeft: 24 }}>
                {links.map((link) => (
                  <Link key={link.to} to={link.to}>
                    {link.label}
                  </Link>
                ))}
              </nav>
            </header>
            <main style={{ padding: 16 }}>
              <App />
            </main>
          </BrowserRouter>
        </PlatformProviders>
      </StrictMode>,
    );
  } catch (error) {
    root.render(
      <Body1 role="alert" style={{ display: 'block', margin: 32 }}>
        {error instanceof Error ? error.message : 'No pudimos iniciar este módulo.'}
      </Body1>,
    );
  }
}

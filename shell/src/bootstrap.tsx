// Behind the async boundary of index.ts: Module Federation has set up the shared scope, so React
// and the rest are the singletons every remote will reuse.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { almacenTheme } from '@almacen/shared';
import { FluentProvider, Body1, Button, Title3 } from '@almacen/shared/fluent';
import { BrowserRouter } from '@almacen/shared/router';
import { AppRoutes } from './app';
import { configureRemotes } from './federation/remotes';
import { createPortalApi, ShellRoot } from './root';
import { startup } from './startup';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html.');
const root = createRoot(container);

startup()
  .then(({ config, session, fetch }) => {
    configureRemotes(config.remotes);
    root.render(
      <StrictMode>
        <BrowserRouter>
          <ShellRoot config={config} session={session} api={createPortalApi(config, session, fetch)}>
            <AppRoutes />
          </ShellRoot>
        </BrowserRouter>
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(
      <FluentProvider theme={almacenTheme}>
        <main role="alert" style={{ padding: 32, display: 'grid', gap: 12, justifyItems: 'start' }}>
          <Title3 as="h1">No pudimos iniciar el portal.</Title3>
          <Body1>{error instanceof Error ? error.message : 'Error desconocido.'}</Body1>
          <Button appearance="primary" onClick={() => window.location.reload()}>
            Reintentar
          </Button>
        </main>
      </FluentProvider>,
    );
  });

// One area of the portal (catalogues, entries, exits, stock) served by a remote. The remote is
// fetched on the first visit only; if it cannot load, only this area shows the error and
// "Reintentar" — the navigation and the other areas keep working.
import { Component, lazy, Suspense, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Spinner } from '@almacen/shared/fluent';
import { RemoteContractError, SHELL_SHARED_VERSION } from './contract';
import { loadRemoteApp, RemoteLoadError, type RemoteModule, type RemoteName } from './remotes';

// Lazy components survive navigation, so coming back to an area does not fetch it again.
// A failed load is forgotten at once (and marked stale), so the next try asks the server again.
// Keyed by "name/module" (mf_stock/App, mf_stock/Home).
const loaded = new Map<string, ComponentType>();
const stale = new Set<string>();

function remoteComponent(name: RemoteName, module: RemoteModule): ComponentType {
  const key = `${name}/${module}`;
  let component = loaded.get(key);
  if (!component) {
    const fresh = stale.delete(key);
    component = lazy(() =>
      loadRemoteApp(name, { fresh, module }).catch((error: unknown) => {
        forgetRemote(key);
        throw error;
      }),
    );
    loaded.set(key, component);
  }
  return component;
}

function forgetRemote(key: string): void {
  loaded.delete(key);
  stale.add(key);
}

/** Forgets every loaded remote (tests). */
export function resetLoadedRemotes(): void {
  loaded.clear();
  stale.clear();
}

export const REMOTE_LOAD_TITLE = 'No pudimos cargar esta sección.';
export const REMOTE_CRASH_TITLE = 'Algo salió mal al mostrar esta sección.';
export const REMOTE_CONTRACT_TITLE = 'Esta sección necesita una versión más reciente del portal.';

/** Why a remote built against a newer platform is not shown; retrying cannot help, updating the portal does. */
export const remoteContractText = (label: string, builtWith: string) =>
  `El módulo de ${label} se construyó con la versión ${builtWith} de la plataforma y usa partes que este portal (versión ${SHELL_SHARED_VERSION}) no tiene. Hay que actualizar el portal; volver a intentarlo no lo resuelve. El resto del portal sigue disponible.`;

interface BoundaryProps {
  label: string;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[${this.props.label}]`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (error instanceof RemoteContractError) {
      return (
        <MessageBar intent="error" layout="multiline" role="alert" style={{ margin: 24 }}>
          <MessageBarBody>
            <MessageBarTitle>{REMOTE_CONTRACT_TITLE}</MessageBarTitle>
            {remoteContractText(this.props.label, error.builtWith)}
          </MessageBarBody>
        </MessageBar>
      );
    }
    const loadFailed = error instanceof RemoteLoadError;
    return (
      <MessageBar intent="error" layout="multiline" role="alert" style={{ margin: 24 }}>
        <MessageBarBody>
          <MessageBarTitle>{loadFailed ? REMOTE_LOAD_TITLE : REMOTE_CRASH_TITLE}</MessageBarTitle>
          {loadFailed
            ? `El módulo de ${this.props.label} no está disponible en este momento. Revisa tu conexión o inténtalo de nuevo en unos minutos.`
            : `Ocurrió un error inesperado en ${this.props.label}. Puedes intentarlo de nuevo; el resto del portal sigue disponible.`}
        </MessageBarBody>
        <MessageBarActions>
          <Button appearance="primary" onClick={this.props.onRetry}>
            Reintentar
          </Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
}

export interface RemoteAreaProps {
  name: RemoteName;
  /** How the area is called in messages ("Stock de productos"). */
  label: string;
  /** The exposed module: `App` (default) or `Home` (a section of the home page). */
  module?: RemoteModule;
}

export function RemoteArea({ name, label, module = 'App' }: RemoteAreaProps) {
  const [attempt, setAttempt] = useState(0);
  const App = remoteComponent(name, module);
  return (
    <RemoteErrorBoundary
      key={attempt}
      label={label}
      // A failed load was already forgotten, so remounting fetches the remote again; after a
      // crash while rendering, remounting simply renders the loaded remote once more.
      onRetry={() => setAttempt((value) => value + 1)}
    >
      <Suspense fallback={<Spinner label={`Cargando ${label}…`} style={{ marginTop: 48 }} />}>
        <App />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

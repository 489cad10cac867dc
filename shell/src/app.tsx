// The shell's routes (spec §2). Each area below /dashboard is a remote, fetched on first visit;
// which paths each remote answers comes from its ./pages (federation/pages.ts), not from here.
// Each RemoteArea has its own key: React must not reuse one area's state (an error) in another.
import { Spinner } from '@fluentui/react-components';
import { useRuntimeConfig } from '@almacen/shared';
import { useMemo } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AuthCallback } from './auth/auth-callback';
import { RequireAuth } from './auth/require-auth';
import { SignInPage } from './auth/sign-in-page';
import { RemoteArea } from './federation/remote-area';
import { HomePage } from './home/home-page';
import { usePortalPages } from './federation/pages';
import { DashboardLayout } from './layout/dashboard-layout';
import { buildNavigation } from './layout/navigation';

export function AppRoutes() {
  const config = useRuntimeConfig();
  const { remotes, pending } = usePortalPages(config.remotes, config.pages);
  const navigation = useMemo(() => buildNavigation(remotes.map((remote) => remote.pages)), [remotes]);
  return (
    <Routes>
      <Route path="/" element={<SignInPage />} />
      <Route path="/auth/callback" element={<AuthCallback />} />
      <Route
        path="/dashboard"
        element={
          <RequireAuth>
            <DashboardLayout navigation={navigation} />
          </RequireAuth>
        }
      >
        <Route index element={<HomePage />} />
        {remotes.flatMap(({ name, pages }) =>
          pages.routes.map((path) => (
            <Route key={`${name} ${path}`} path={path} element={<RemoteArea key={name} name={name} label={pages.label} />} />
          )),
        )}
        {/* While a remote's pages are on their way, a deep link to one of them must wait, not bounce. */}
        <Route path="*" element={pending ? <Spinner label="Cargando…" style={{ marginTop: 48 }} /> : <Navigate to="/dashboard" replace />} />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

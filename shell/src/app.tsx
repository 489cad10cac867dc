// The shell's routes. Each area below /dashboard is a remote, fetched on first visit;
// which paths each remote answers comes from its ./pages (federation/pages.ts), not from here.
// Each RemoteArea has its own key: React must not reuse one area's state (an error) in another.
// After sign-in, RequireAccess waits for /api/me; a page whose menu entry names a
// permission the person lacks shows <Forbidden> (PagePermission). The shell's own pages
// (administration, admin/pages.ts) are routed from their declaration as a remote's are, and lazy too.
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { AreaRoutes, useRuntimeConfig, type PageComponents } from '@almacen/shared';
import { Spinner } from '@almacen/shared/fluent';
import { Navigate, Route, Routes } from '@almacen/shared/router';
import { SHELL_PAGES } from './admin/pages';
import { AuthCallback } from './auth/auth-callback';
import { PagePermission } from './auth/page-permission';
import { RequireAccess } from './auth/require-access';
import { RequireAuth } from './auth/require-auth';
import { SignInPage } from './auth/sign-in-page';
import { usePortalPages } from './federation/pages';
import { RemoteArea } from './federation/remote-area';
import { HomePage } from './home/home-page';
import { DashboardLayout } from './layout/dashboard-layout';

// The administration pages are downloaded on first visit, with the DataTable and the forms they
// are made of (@almacen/shared/kit): the dashboard does not need them.
const UsersPage = lazy(() => import('./admin/users-page').then((m) => ({ default: m.UsersPage })));
const AuditPage = lazy(() => import('./admin/audit-page').then((m) => ({ default: m.AuditPage })));
const BackupsPage = lazy(() => import('./admin/backups-page').then((m) => ({ default: m.BackupsPage })));
export const ADMIN_COMPONENTS: PageComponents<typeof SHELL_PAGES> = { users: UsersPage, audit: AuditPage, backups: BackupsPage };
const loading = <Spinner label="Cargando…" style={{ marginTop: 48 }} />;
const Lazy = ({ children }: { children: ReactNode }) => <Suspense fallback={loading}>{children}</Suspense>;

export function AppRoutes() {
  const config = useRuntimeConfig();
  const { remotes, pending } = usePortalPages(config.remotes, config.pages);
  const pages = useMemo(() => [...remotes.map((remote) => remote.pages), SHELL_PAGES], [remotes]);
  return (
    <Routes>
      <Route path="/" element={<SignInPage />} />
      <Route path="/auth/callback" element={<AuthCallback />} />
      <Route
        path="/dashboard"
        element={
          <RequireAuth>
            <RequireAccess>
              <DashboardLayout pages={pages} />
            </RequireAccess>
          </RequireAuth>
        }
      >
        <Route index element={<HomePage remotes={remotes} />} />
        {remotes.flatMap(({ name, pages }) =>
          pages.routes.map((path) => (
            <Route
              key={`${name} ${path}`}
              path={path}
              element={
                <PagePermission menu={pages.menu}>
                  <RemoteArea key={name} name={name} label={pages.label} />
                </PagePermission>
              }
            />
          )),
        )}
        <Route
          path="admin/*"
          element={
            <PagePermission menu={SHELL_PAGES.menu}>
              <Lazy>
                <AreaRoutes area={SHELL_PAGES} components={ADMIN_COMPONENTS} />
              </Lazy>
            </PagePermission>
          }
        />
        {/* While a remote's pages are on their way, a deep link to one of them must wait, not bounce. */}
        <Route path="*" element={pending ? loading : <Navigate to="/dashboard" replace />} />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

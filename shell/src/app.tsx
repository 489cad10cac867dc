// The shell's routes. Each area below /dashboard is a remote, fetched on first visit;
// which paths each remote answers comes from its ./pages (federation/pages.ts), not from here.
// Each RemoteArea has its own key: React must not reuse one area's state (an error) in another.
// After sign-in, RequireAccess waits for /api/me; a page whose menu entry names a
// permission the person lacks shows <Forbidden> (PagePermission). The shell's own pages
// (administration, admin/pages.ts) are routed from their declaration as a remote's are, and lazy too.
// The current warehouse (WarehouseProvider) is known once /api/me has answered: the frame and every
// page under /dashboard read it.
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import {
  AreaRoutes,
  useCurrentWarehouse,
  usePermissions,
  useRuntimeConfig,
  useWarehouseLink,
  WarehouseProvider,
  type PageComponents,
} from '@almacen/shared';
import { Spinner } from '@almacen/shared/fluent';
import type { RemotePages } from '@almacen/shared/pages';
import { Navigate, Route, Routes } from '@almacen/shared/router';
import { SHELL_PAGES } from './admin/pages';
import { AuthCallback } from './auth/auth-callback';
import { PagePermission } from './auth/page-permission';
import { RequireAccess } from './auth/require-access';
import { RequireAuth } from './auth/require-auth';
import { SignInPage } from './auth/sign-in-page';
import { UnknownPage } from './auth/unknown-page';
import { usePortalPages } from './federation/pages';
import { RemoteArea } from './federation/remote-area';
import { HomePage, type HomeRemote } from './home/home-page';
import { DashboardLayout } from './layout/dashboard-layout';
import { buildNavigation, forWarehouses, HOME_PERMISSION, leaves } from './layout/navigation';

// The administration pages are downloaded on first visit, with the DataTable and the forms they
// are made of (@almacen/shared/kit): the dashboard does not need them.
const UsersPage = lazy(() => import('./admin/users-page').then((m) => ({ default: m.UsersPage })));
const AuditPage = lazy(() => import('./admin/audit-page').then((m) => ({ default: m.AuditPage })));
const WarehousesPage = lazy(() => import('./admin/warehouses-page').then((m) => ({ default: m.WarehousesPage })));
const BackupsPage = lazy(() => import('./admin/backups-page').then((m) => ({ default: m.BackupsPage })));
export const ADMIN_COMPONENTS: PageComponents<typeof SHELL_PAGES> = {
  users: UsersPage,
  audit: AuditPage,
  backups: BackupsPage,
  warehouses: WarehousesPage,
};
const loading = <Spinner label="Cargando…" style={{ marginTop: 48 }} />;
const Lazy = ({ children }: { children: ReactNode }) => <Suspense fallback={loading}>{children}</Suspense>;

/**
 * /dashboard: Inicio for whoever reads the warehouse; anyone else (a person who only asks for
 * material) goes to the first page of their menu.
 */
function HomeOrFirstPage({ remotes, pages, pending }: { remotes: HomeRemote[]; pages: RemotePages[]; pending: boolean }) {
  const { institutionSeveral } = useCurrentWarehouse();
  // The current warehouse's: Inicio and the menu follow what the person may do there.
  const permissions = usePermissions();
  const link = useWarehouseLink();
  if (permissions.includes(HOME_PERMISSION)) return <HomePage remotes={remotes} />;
  const first = leaves(buildNavigation(forWarehouses(pages, institutionSeveral), permissions))[0];
  if (first) return <Navigate to={link(first.to)} replace />;
  return pending ? loading : <HomePage remotes={remotes} />;
}

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
              <WarehouseProvider>
                <DashboardLayout pages={pages} />
              </WarehouseProvider>
            </RequireAccess>
          </RequireAuth>
        }
      >
        <Route index element={<HomeOrFirstPage remotes={remotes} pages={pages} pending={pending} />} />
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
        <Route path="*" element={pending ? loading : <UnknownPage />} />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

// The shell's routes (spec §2). Each area below /dashboard is a remote, fetched on first visit.
// Each RemoteArea has its own key: React must not reuse one area's state (an error) in another.
import { Navigate, Route, Routes } from 'react-router-dom';
import { AuthCallback } from './auth/auth-callback';
import { RequireAuth } from './auth/require-auth';
import { SignInPage } from './auth/sign-in-page';
import { RemoteArea } from './federation/remote-area';
import { HomePage } from './home/home-page';
import { DashboardLayout } from './layout/dashboard-layout';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<SignInPage />} />
      <Route path="/auth/callback" element={<AuthCallback />} />
      <Route
        path="/dashboard"
        element={
          <RequireAuth>
            <DashboardLayout />
          </RequireAuth>
        }
      >
        <Route index element={<HomePage />} />
        <Route path="catalogs/*" element={<RemoteArea key="mf_catalogs" name="mf_catalogs" label="Catálogos" />} />
        <Route path="invoices/*" element={<RemoteArea key="mf_invoices" name="mf_invoices" label="Entradas" />} />
        <Route path="dispatches/*" element={<RemoteArea key="mf_dispatches" name="mf_dispatches" label="Salidas" />} />
        <Route path="stock/*" element={<RemoteArea key="mf_stock" name="mf_stock" label="Stock de productos" />} />
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

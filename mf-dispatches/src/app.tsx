// What this remote exposes as ./App: its routes, relative to where the shell mounts it
// (/dashboard/dispatches/*), and no providers (the shell's — or the standalone bootstrap's — are used).
import { PermissionGate } from '@almacen/shared';
import { Title2 } from '@almacen/shared/fluent';
import { Navigate, Route, Routes } from '@almacen/shared/router';
import { DispatchHistory } from './features/dispatch-history/components/dispatch-history';
import { DispatchWizard, WIZARD_TEXTS } from './features/dispatch-wizard/components/dispatch-wizard';

export default function DispatchesApp() {
  return (
    <Routes>
      <Route index element={<Navigate to="history" replace />} />
      <Route
        path="generate"
        element={
          <PermissionGate permission="dispatches.create" title={WIZARD_TEXTS.title}>
            <DispatchWizard />
          </PermissionGate>
        }
      />
      <Route path="history" element={<DispatchHistory />} />
      <Route path="*" element={<Title2 as="h1">Página no encontrada</Title2>} />
    </Routes>
  );
}

// A remote's ./App (and the shell's own Administración): one route per page it declares in its
// src/pages.ts, each behind a gate of the page's own permission and title (the same entry the
// shell's menu hides and its route refuses by; none for `consult`, below), and "Página no
// encontrada" for any other path — and for a page of several warehouses where the person has one.
import type { ComponentType } from 'react';
import { Title2 } from '@almacen/shared/fluent';
import { Navigate, Route, Routes } from '@almacen/shared/router';
import type { DeclaredArea, PageDeclaration } from '../../pages';
import { useCurrentWarehouse, useWarehouseLink } from '../../platform/warehouse';
import { PermissionGate } from './permission-gate';

/** The component of each declared page, by its id: TypeScript refuses a missing or an unknown one. */
export type PageComponents<Area> = Area extends DeclaredArea<infer Id> ? Record<Id, ComponentType> : never;

export function AreaRoutes<Id extends string>({ area, components }: { area: DeclaredArea<Id>; components: Record<Id, ComponentType> }) {
  const { pages, index } = area.declaration;
  const { institutionSeveral } = useCurrentWarehouse();
  const link = useWarehouseLink();
  return (
    <Routes>
      {index !== undefined && <Route index element={<Navigate to={link(pages[index].path)} replace />} />}
      {(Object.entries(pages) as Array<[Id, PageDeclaration]>).map(([id, page]) => {
        if (page.severalWarehouses && !institutionSeveral) return null;
        const Page: ComponentType = components[id];
        // `consult` is what every role grants, and no one without a role gets past the shell's
        // RequireAccess: a page that only reads is not held behind a spinner until /api/me answers.
        const element =
          page.permission && page.permission !== 'consult' ? (
            <PermissionGate permission={page.permission} title={page.title}>
              <Page />
            </PermissionGate>
          ) : (
            <Page />
          );
        return page.path === '' ? <Route key={id} index element={element} /> : <Route key={id} path={page.path} element={element} />;
      })}
      <Route path="*" element={<Title2 as="h1">Página no encontrada</Title2>} />
    </Routes>
  );
}

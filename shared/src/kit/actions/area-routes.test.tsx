// An area's routes come from its declared pages: each page at its path behind its own
// permission, the index where the declaration says, and «Página no encontrada» for the rest.
import { screen } from '@testing-library/react';
import { Route, Routes } from '@almacen/shared/router';
import { definePages } from '../../pages';
import { renderWithPlatform, testMe } from '../../testing';
import { AreaRoutes } from './area-routes';

const area = definePages({
  label: 'Entradas',
  area: 'invoices',
  pages: {
    generate: { path: 'generate', title: 'Generar entrada de productos', permission: 'invoices.create', menu: 'top' },
    history: { path: 'history', title: 'Consultar historial de entradas', permission: 'consult', menu: 'top' },
    one: { path: 'history/:id', title: 'Entrada' },
  },
  index: 'history',
});

const components = {
  generate: () => <h1>Asistente</h1>,
  history: () => <h1>Historial</h1>,
  one: () => <h1>Una entrada</h1>,
};

const renderAt = (route: string, roles: Parameters<typeof testMe>[0] = ['ALMACENISTA']) =>
  renderWithPlatform(
    <Routes>
      <Route path="/dashboard/invoices/*" element={<AreaRoutes area={area} components={components} />} />
    </Routes>,
    { route, me: testMe(roles) },
  );

it('opens each page at its path, the index at the page it names', async () => {
  renderAt('/dashboard/invoices');
  expect(await screen.findByRole('heading', { name: 'Historial' })).toBeInTheDocument();
  renderAt('/dashboard/invoices/history/12');
  expect(await screen.findByRole('heading', { name: 'Una entrada' })).toBeInTheDocument();
});

it('refuses a page to whom lacks its permission, under the page’s own title', async () => {
  renderAt('/dashboard/invoices/generate', ['CONSULTA']);
  expect(await screen.findByRole('alert')).toHaveTextContent('No tienes permiso para registrar entradas.');
  expect(screen.getByRole('heading', { level: 1, name: 'Generar entrada de productos' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Asistente' })).not.toBeInTheDocument();
});

it('answers «Página no encontrada» for a path no page declares', async () => {
  renderAt('/dashboard/invoices/alerts');
  expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
});

// The shell's own pages, like a remote's: every menu entry has its route and every route its entry.
import { routeProblems } from '@almacen/shared/pages';
import { ADMIN_COMPONENTS } from '../app';
import { SHELL_PAGES } from './pages';

it('routes every menu entry of Administración and declares every route', () => {
  expect(routeProblems(SHELL_PAGES, ADMIN_COMPONENTS)).toEqual([]);
});

// Each page is declared once (src/pages.ts) and given its component once (app.tsx): every menu
// entry has the route that answers it, and every route a declared page.
import { routeProblems } from '@almacen/shared/pages';
import { components } from './app';
import pages from './pages';

it('routes every menu entry and declares every route', () => {
  expect(routeProblems(pages, components)).toEqual([]);
});

it('the transfer pages exist only where the person may use more than one warehouse, and the exits everywhere', () => {
  const several = Object.entries(pages.declaration.pages)
    .filter(([, page]) => page.severalWarehouses)
    .map(([id]) => id);
  expect(several).toEqual(['transferNew', 'transferIncoming', 'transferHistory']);
});

import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from '@almacen/shared/router';
import { usePageTitle } from './use-page-title';

function Page({ title, next }: { title: string; next?: string }) {
  usePageTitle(title);
  const navigate = useNavigate();
  useEffect(() => {
    if (next) navigate(next);
  }, [navigate, next]);
  return <h1>{title}</h1>;
}

function NoTitle() {
  return <h1>Sin título</h1>;
}

describe('usePageTitle', () => {
  beforeEach(() => {
    document.title = 'Almacén';
  });

  it('names the page in the browser tab, then the portal', () => {
    render(<Page title="Productos" />, { wrapper: MemoryRouter });
    expect(document.title).toBe('Productos · Almacén');
  });

  it('follows a title that changes while the page is open', () => {
    const { rerender } = render(<Page title="Productos" />, { wrapper: MemoryRouter });
    rerender(<Page title="Partidas" />);
    expect(document.title).toBe('Partidas · Almacén');
  });

  it('names the next page after a navigation, and leaves no stale name for a page without one', () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={['/a']}>
        <Routes>
          <Route path="/a" element={<Page title="Productos" next="/b" />} />
          <Route path="/b" element={<Page title="Historial de entradas" />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(document.title).toBe('Historial de entradas · Almacén');
    unmount();
    render(<NoTitle />);
    expect(document.title).toBe('Almacén');
  });
});

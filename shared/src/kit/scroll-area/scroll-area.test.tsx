import { render, screen } from '@testing-library/react';
import { SCROLL_HINT, ScrollArea } from './scroll-area';

function layout(scrollWidth: number, clientWidth: number) {
  jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

afterEach(() => jest.restoreAllMocks());

describe('ScrollArea', () => {
  it('is a named, focusable region, so a keyboard can scroll it', () => {
    layout(300, 300);
    render(
      <ScrollArea label="Productos de la salida">
        <table />
      </ScrollArea>,
    );
    const region = screen.getByRole('region', { name: 'Productos de la salida' });
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('says that the table scrolls only while it is wider than its frame', () => {
    layout(900, 350);
    const { unmount } = render(
      <ScrollArea label="Vista previa de la importación">
        <table />
      </ScrollArea>,
    );
    expect(screen.getByText(SCROLL_HINT)).toBeInTheDocument();
    unmount();
    layout(350, 350);
    render(
      <ScrollArea label="Vista previa de la importación">
        <table />
      </ScrollArea>,
    );
    expect(screen.queryByText(SCROLL_HINT)).not.toBeInTheDocument();
  });
});

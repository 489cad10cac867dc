import { screen } from '@testing-library/react';
import { renderWithPlatform } from '@almacen/shared/testing';
import { HomePage } from './home-page';

test('the heading greets the person while the browser tab names the place, "Inicio · Almacén"', () => {
  renderWithPlatform(<HomePage />);
  expect(screen.getByRole('heading', { level: 1, name: /^¡Hola, / })).toBeInTheDocument();
  expect(document.title).toBe('Inicio · Almacén');
});

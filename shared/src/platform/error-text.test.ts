import { ApiError } from './api-error';
import { actionErrorText, ERROR_TITLE, loadErrorText } from './error-text';

describe('error texts', () => {
  it('says what could not be loaded', () => {
    expect(loadErrorText('obtener los productos')).toBe('Algo salió mal mientras tratábamos de obtener los productos.');
  });

  it('appends the server message of an ApiError to a failed action', () => {
    const error = new ApiError(409, 'El registro está en uso y no puede eliminarse.');
    expect(actionErrorText('eliminar el producto solicitado', error)).toBe(
      'Algo salió mal mientras tratábamos de eliminar el producto solicitado. El registro está en uso y no puede eliminarse.',
    );
  });

  it('never shows the text of an unexpected (non-API) error', () => {
    expect(actionErrorText('crear el producto solicitado', new TypeError('Cannot read properties of undefined'))).toBe(
      'Algo salió mal mientras tratábamos de crear el producto solicitado.',
    );
  });

  it('titles error toasts "¡Oh no!"', () => {
    expect(ERROR_TITLE).toBe('¡Oh no!');
  });
});

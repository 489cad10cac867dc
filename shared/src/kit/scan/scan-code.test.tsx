// The keyboard wedge and the camera in jsdom: Enter reads the code and never submits the form
// around the field; a UPC-A read finds its GTIN-13; an unknown code says so with the link to
// «Productos»; a page's refusal is said and the code stays; «Escanear» opens the camera dialog,
// whose fake detector's read reaches the page once while the label stays in sight, and whose
// camera stops on closing and while the page is hidden.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPlatform } from '@almacen/shared/testing';
import { ScanCodeField } from './scan-code';
import { findByCode } from './texts';

const detected: string[][] = [];
jest.mock('./detector', () => ({
  createDetector: async () => ({ detect: async () => (detected.shift() ?? []).map((rawValue) => ({ rawValue })) }),
}));

const PRODUCTS = [
  { id: 12, name: 'Papel bond carta', barcode: '0012345678905' },
  { id: 7, name: 'Tóner negro', barcode: 'ALM000007' },
];

function renderField(onScanned: jest.Mock = jest.fn()) {
  const submitted = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
  renderWithPlatform(
    <form onSubmit={submitted}>
      <ScanCodeField products={PRODUCTS} onScanned={onScanned} />
      <button type="submit">Guardar</button>
    </form>,
  );
  return { onScanned, submitted, field: screen.getByRole('textbox', { name: 'Código de barras' }) };
}

test('findByCode: trims and upper-cases, and a 12-digit UPC-A finds its GTIN-13 with the leading zero', () => {
  expect(findByCode(PRODUCTS, ' alm000007 ')?.product?.id).toBe(7);
  expect(findByCode(PRODUCTS, '012345678905')?.product?.id).toBe(12);
  expect(findByCode(PRODUCTS, '96385074')).toEqual({ code: '96385074', product: undefined });
  expect(findByCode(PRODUCTS, '   ')).toBeNull();
});

test('a code and Enter reads the product and empties the field; the form around it is never submitted', async () => {
  const user = userEvent.setup({ delay: null });
  const { onScanned, submitted, field } = renderField();
  await user.type(field, 'alm000007{Enter}');
  expect(onScanned).toHaveBeenCalledTimes(1);
  expect(onScanned).toHaveBeenCalledWith(PRODUCTS[1]);
  expect(field).toHaveValue('');
  expect(screen.getByText('Agregado: Tóner negro.')).toBeInTheDocument();
  await user.type(field, '{Enter}');
  expect(onScanned).toHaveBeenCalledTimes(1);
  expect(submitted).not.toHaveBeenCalled();
});

test('an unknown code is said with the link that opens it in «Productos», and stays to be corrected', async () => {
  const user = userEvent.setup({ delay: null });
  const { onScanned, field } = renderField();
  await user.type(field, '96385074{Enter}');
  expect(screen.getByText(/^No hay un producto con el código 96385074\./)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Abrirlo en «Productos»' })).toHaveAttribute(
    'href',
    '/dashboard/catalogs/products?codigo=96385074',
  );
  expect(field).toHaveValue('96385074');
  expect(onScanned).not.toHaveBeenCalled();
  // Typing again clears the message.
  await user.type(field, '0');
  expect(screen.queryByText(/^No hay un producto/)).not.toBeInTheDocument();
});

test('a read the page refuses is said as the page words it, and the code stays', async () => {
  const user = userEvent.setup({ delay: null });
  const { field } = renderField(jest.fn(() => '«Tóner negro» no está en este conteo.'));
  await user.type(field, 'ALM000007{Enter}');
  expect(screen.getByText('«Tóner negro» no está en este conteo.')).toBeInTheDocument();
  expect(field).toHaveValue('ALM000007');
});

describe('«Escanear»', () => {
  const stopped: string[] = [];
  let hidden = false;
  beforeEach(() => {
    stopped.length = 0;
    detected.length = 0;
    hidden = false;
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    const stream = () => {
      const track = { kind: 'video', stop: jest.fn(() => stopped.push('video')) };
      return { getTracks: () => [track] } as unknown as MediaStream;
    };
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: jest.fn(async () => stream()) } });
    Object.defineProperty(HTMLMediaElement.prototype, 'readyState', { configurable: true, get: () => 4 });
    jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    delete (HTMLMediaElement.prototype as { readyState?: number }).readyState;
  });

  test('reads from the back camera, gives the product once while the label stays in sight, and stops the camera on closing', async () => {
    const user = userEvent.setup({ delay: null });
    const { onScanned } = renderField();
    detected.push(['0012345678905'], ['0012345678905'], ['0012345678905']);
    await user.click(screen.getByRole('button', { name: 'Escanear' }));
    expect(await screen.findByText('Leído: Papel bond carta')).toBeInTheDocument();
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith({ video: { facingMode: { ideal: 'environment' } }, audio: false });
    await waitFor(() => expect(detected).toHaveLength(0));
    expect(onScanned).toHaveBeenCalledTimes(1);
    expect(onScanned).toHaveBeenCalledWith(PRODUCTS[0]);
    // The field says it too, as for a typed code.
    expect(screen.getByText('Agregado: Papel bond carta.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(stopped).toEqual(['video']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('an unknown code is said in the dialog; the camera stops while the page is hidden and comes back when shown', async () => {
    const user = userEvent.setup({ delay: null });
    const { onScanned } = renderField();
    detected.push(['7501234567892']);
    await user.click(screen.getByRole('button', { name: 'Escanear' }));
    expect(await screen.findByText(/^No hay un producto con el código 7501234567892\./)).toBeInTheDocument();
    expect(onScanned).not.toHaveBeenCalled();
    hidden = true;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(stopped).toEqual(['video']);
    hidden = false;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledTimes(2));
  });

  test('a browser without a camera is told so', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    const user = userEvent.setup({ delay: null });
    renderField();
    await user.click(screen.getByRole('button', { name: 'Escanear' }));
    expect(await screen.findByText('Este navegador o este equipo no tiene una cámara que el portal pueda usar.')).toBeInTheDocument();
  });
});

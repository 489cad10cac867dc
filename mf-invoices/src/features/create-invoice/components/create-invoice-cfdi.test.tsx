import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@almacen/shared';
import { Route, Routes } from '@almacen/shared/router';
import { renderWithPlatform, type FakeApiRequest } from '@almacen/shared/testing';
import InvoicesApp from '../../../app';
import { invoiceNumberOf, type CfdiAnalysis } from '../lib/cfdi';

// "Cargar CFDI (XML)" on "Datos de la factura" fills the wizard from the supplier's
// CFDI, shows what the form cannot hold, registers a missing supplier and product in place, and
// sends the XML with the entry.

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0"/>\n';
const UUID = '5B3F2C1A-8D4E-4F6A-9B7C-1E2D3F4A5B6C';

const employees = [
  { id: 1, name: 'Laura', lastName: 'Méndez' },
  { id: 2, name: 'Jorge', lastName: 'Ruiz' },
  { id: 3, name: 'Sofía', lastName: 'Castro' },
];

const line = (overrides: Partial<CfdiAnalysis['lines'][number]>): CfdiAnalysis['lines'][number] => ({
  index: 1,
  description: 'Hojas blancas tamaño carta',
  productCode: 'PAP-0101',
  satProductCode: '14111507',
  satUnitCode: 'XBX',
  unitName: 'Caja',
  quantity: '12',
  unitValue: '850.00',
  discount: '0',
  amount: '10200.00',
  vat: { kind: 'TASA', rate: '0.16' },
  ieps: null,
  value: '11832',
  vatAmount: '1632',
  iepsAmount: '0',
  purchasePrice: '986',
  product: null,
  rememberedDescription: null,
  form: { quantity: '12', basePrice: '850', applyValueAddedTaxToPurchasePrice: true, applyExciseTax: false, exciseTaxRate: '0' },
  warnings: [],
  errors: [],
  ...overrides,
});

const analysis: CfdiAnalysis = {
  uuid: UUID,
  series: 'A',
  folio: '1029',
  date: '2026-11-20',
  currency: 'MXN',
  exchangeRate: null,
  subtotal: '10500',
  discount: '0',
  total: '12180',
  totalInPesos: '12180',
  withheldInPesos: '0',
  issuer: { rfc: 'PCE190312AB1', name: 'PAPELERIA DEL CENTRO' },
  receiver: { rfc: 'CCT800101AB1', name: 'CECATI' },
  supplier: null,
  lines: [
    line({ product: { id: 10, name: 'Papel bond carta' } }),
    line({
      index: 2,
      description: 'Gasolina menor a 91 octanos',
      productCode: 'MAGNA',
      satUnitCode: 'LTR',
      unitName: 'Litro',
      quantity: '40.000',
      form: { quantity: '40', basePrice: '19.877', applyValueAddedTaxToPurchasePrice: true, applyExciseTax: false, exciseTaxRate: '0' },
      ieps: { kind: 'CUOTA', rate: '6.4555' },
      // 795.09 + IEPS 258.22 + IVA 127.21, as the CFDI states them
      value: '1180.52',
      vatAmount: '127.21',
      iepsAmount: '258.22',
      purchasePrice: '29.513',
      warnings: ['Traslado de impuesto 003 de prueba que el formulario muestra.'],
    }),
  ],
  warnings: [
    'Los totales no cuadran: SubTotal 10500 − Descuento 0 + traslados 1680 − retenciones 0 = 12180, pero el Total dice 12181.',
    'Concepto 2 (Gasolina menor a 91 octanos): Traslado de impuesto 003 de prueba que el formulario muestra.',
  ],
};

jest.setTimeout(60_000);

type TestProduct = { id: number; name: string; unit: { id: number; description: string } | null; category: null; barcode?: string | null };

function setup(
  parse: (request: FakeApiRequest) => unknown = () => analysis,
  { defaults = null as unknown, others = [] as TestProduct[] } = {},
) {
  const suppliers = [{ id: 2, name: 'Abarrotes López', rfc: 'ALO990101XY2' }];
  const products: TestProduct[] = [{ id: 10, name: 'Papel bond carta', unit: null, category: null, barcode: null }, ...others];
  const units = [{ id: 1, description: 'Caja' }];
  const posts: FakeApiRequest[] = [];
  const api = (request: FakeApiRequest) => {
    const { method, path } = request;
    if (method === 'GET' && path === '/api/invoices/defaults') return defaults;
    if (method === 'GET' && path === '/api/catalog/product-units') return [...units];
    if (method === 'GET' && path === '/api/catalog/product-categories') return [{ id: 4, description: '2611 - Combustibles' }];
    if (method === 'POST' && path === '/api/catalog/product-units') {
      const created = { id: 9, ...(request.body as { description: string }) };
      units.push(created);
      posts.push(request);
      return created;
    }
    if (method === 'GET' && path === '/api/catalog/suppliers') return [...suppliers];
    if (method === 'GET' && path === '/api/catalog/employees') return employees;
    if (method === 'GET' && path === '/api/catalog/products') return [...products];
    if (method === 'GET' && path === '/api/invoices') return [];
    if (method === 'POST') posts.push(request);
    if (method === 'POST' && path === '/api/cfdi/parse') return parse(request);
    if (method === 'POST' && path === '/api/catalog/suppliers') {
      const created = { id: 7, ...(request.body as { name: string; rfc: string }) };
      suppliers.push(created);
      return created;
    }
    if (method === 'POST' && path === '/api/catalog/products') {
      const body = request.body as { name: string; unitId?: number; categoryId?: number };
      const created = { id: 12, name: body.name, unit: units.find((u) => u.id === body.unitId) ?? null, category: null };
      products.push(created);
      return { ...created, barcode: null };
    }
    const barcodeOf = /^\/api\/catalog\/products\/(\d+)\/barcode$/.exec(path);
    if (method === 'POST' && barcodeOf) {
      const product = products.find((p) => p.id === Number(barcodeOf[1]))!;
      product.barcode = (request.body as { barcode: string }).barcode;
      return { ...product };
    }
    if (method === 'POST' && path === '/api/invoices')
      return { id: 5, invoiceNumber: 'A1029', invoiceType: 'COMPRA_DIRECTA', invoiceDate: '2026-11-20' };
    return undefined;
  };
  const rendered = renderWithPlatform(
    <Routes>
      <Route path="/dashboard/invoices/*" element={<InvoicesApp />} />
    </Routes>,
    { route: '/dashboard/invoices/generate', api },
  );
  return { ...rendered, posts };
}

const header = () => screen.getByRole('group', { name: 'Datos de la factura' });
const row = (n: number) => screen.getByRole('group', { name: `Producto ${n}` });

async function upload(name = 'A-1029.xml', text = XML) {
  await screen.findByRole('button', { name: 'Cargar CFDI (XML)' });
  const input = screen.getByLabelText('Cargar CFDI (XML)', { selector: 'input' });
  // The input is hidden behind the button; the browser test goes through the file chooser.
  fireEvent.change(input, {
    target: { files: [new File([text], name, { type: name.endsWith('.xml') ? 'text/xml' : 'application/pdf' })] },
  });
}

async function choose(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: string, option: string) {
  const box = within(scope).getByRole('combobox', { name: label });
  await user.click(box);
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(box).toHaveValue(option));
}

test('a CFDI fills the header and one row per concept, shows the warnings, registers the supplier and a product in place, and is saved with the entry', async () => {
  const user = userEvent.setup({ delay: null });
  const { posts } = setup();
  await upload();

  const parse = await waitFor(() => {
    const request = posts.find((p) => p.path === '/api/cfdi/parse');
    expect(request).toBeDefined();
    return request!;
  });
  expect(parse.body).toBe(XML);
  expect(parse.headers?.['Content-Type']).toBe('application/xml');

  const scope = header();
  await waitFor(() => expect(within(scope).getByRole('textbox', { name: 'Número de factura' })).toHaveValue('A1029'));
  expect(screen.getByText(`CFDI ${UUID} cargado (A-1029.xml). Revisa los datos antes de guardar.`)).toBeInTheDocument();
  expect(screen.getByText(/^Los totales no cuadran/)).toBeInTheDocument();
  // Row warnings are shown on their row, not repeated in the header.
  expect(screen.queryByText(/^Concepto 2 \(Gasolina/)).not.toBeInTheDocument();
  expect(within(scope).getByRole('combobox', { name: 'Tienda de procedencia' })).toHaveValue('');
  expect(screen.getByText('Ningún proveedor tiene el RFC PCE190312AB1 (PAPELERIA DEL CENTRO).')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Registrar proveedor PAPELERIA DEL CENTRO (PCE190312AB1)' }));
  await waitFor(() => expect(within(scope).getByRole('combobox', { name: 'Tienda de procedencia' })).toHaveValue('PAPELERIA DEL CENTRO'));
  expect(posts.find((p) => p.path === '/api/catalog/suppliers')?.body).toEqual({ name: 'PAPELERIA DEL CENTRO', rfc: 'PCE190312AB1' });
  expect(screen.queryByRole('button', { name: /^Registrar proveedor/ })).not.toBeInTheDocument();

  await choose(user, scope, 'Tipo de entrada', 'Compra directa');
  await choose(user, scope, 'Director del plantel', 'Laura Méndez');
  await choose(user, scope, 'Elaborador', 'Jorge Ruiz');
  await choose(user, scope, 'Almacenista', 'Sofía Castro');
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
  await screen.findByRole('group', { name: 'Producto 2' });

  // Row 1: the remembered product, the price before IVA with «Agregar IVA» ticked → $986 shown.
  expect(within(row(1)).getByText('Concepto 1 del CFDI: Hojas blancas tamaño carta (Caja, XBX)')).toBeInTheDocument();
  expect(within(row(1)).getByRole('combobox', { name: 'Producto' })).toHaveValue('Papel bond carta');
  expect(within(row(1)).getByRole('textbox', { name: 'Cantidad' })).toHaveValue('12');
  expect(within(row(1)).getByRole('checkbox', { name: 'Agregar IVA' })).toBeChecked();
  expect(within(row(1)).getByRole('textbox', { name: 'Precio del artículo' })).toHaveValue('986');
  expect(within(row(1)).queryByRole('button', { name: 'Registrar producto' })).not.toBeInTheDocument();

  // Row 2: its warning in place and "Registrar producto".
  expect(within(row(2)).getByRole('list', { name: 'Advertencias del concepto 2' })).toHaveTextContent(
    'Traslado de impuesto 003 de prueba que el formulario muestra.',
  );
  // The row carries the CFDI's value, and says what the price is made of.
  expect(within(row(2)).getByText('Valor del CFDI: $1,180.52 (incluye IVA $127.21 e IEPS $258.22) ÷ 40 = $29.513')).toBeInTheDocument();
  expect(within(row(2)).getByRole('combobox', { name: 'Producto' })).toHaveValue('');
  // «Registrar producto» opens «Nuevo producto» filled in: the CFDI's description (editable) and
  // the unit ClaveUnidad LTR stands for, which the catalogue lacks: registered on saving.
  await user.click(within(row(2)).getByRole('button', { name: 'Registrar producto' }));
  const dialog = await screen.findByRole('dialog', { name: 'Nuevo producto' });
  expect(within(dialog).getByRole('textbox', { name: 'Nombre del producto' })).toHaveValue('Gasolina menor a 91 octanos');
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Unidad de medida' })).toHaveValue('Litro (nueva)'));
  expect(within(dialog).getByText('La unidad de medida «Litro» no está en el catálogo: se registrará al guardar.')).toBeInTheDocument();
  await user.type(within(dialog).getByRole('textbox', { name: 'Nombre del producto' }), ' magna');
  await user.click(within(dialog).getByRole('combobox', { name: 'Partida' }));
  await user.click(await screen.findByRole('option', { name: '2611 - Combustibles' }));
  await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo producto' })).not.toBeInTheDocument());
  await waitFor(() => expect(within(row(2)).getByRole('combobox', { name: 'Producto' })).toHaveValue('Gasolina menor a 91 octanos magna'));
  expect(posts.filter((p) => p.path.startsWith('/api/catalog/product')).map((p) => [p.path, p.body])).toEqual([
    ['/api/catalog/product-units', { description: 'Litro' }],
    ['/api/catalog/products', { name: 'Gasolina menor a 91 octanos magna', categoryId: 4, unitId: 9 }],
  ]);
  // Saving the dialog did not submit the wizard's step.
  expect(screen.getByRole('group', { name: 'Producto 2' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Ver resumen de entrada' }));
  await user.click(await screen.findByRole('button', { name: 'Guardar entrada' }));
  const saved = await waitFor(() => {
    const request = posts.find((p) => p.path === '/api/invoices');
    expect(request).toBeDefined();
    return request!;
  });
  expect(saved.body).toMatchObject({
    supplierId: 7,
    invoiceNumber: 'A1029',
    invoiceDate: '2026-11-20',
    cfdi: { uuid: UUID, xml: XML },
    products: [
      {
        cfdiIndex: 1,
        productId: 10,
        quantity: 12,
        purchasePrice: 986,
        amount: '11832',
        applyValueAddedTaxToPurchasePrice: true,
        applyExciseTax: false,
        exciseTaxRate: 0,
      },
      { cfdiIndex: 2, productId: 12, quantity: 40, purchasePrice: 29.513, amount: '1180.52', applyValueAddedTaxToPurchasePrice: true },
    ],
  });
});

test('a refused CFDI says why in place and changes nothing in the form', async () => {
  setup(() => {
    throw new ApiError(409, `El CFDI ${UUID} ya está registrado en la entrada A1029.`);
  });
  await upload();
  expect(
    await screen.findByText(`Algo salió mal mientras tratábamos de leer el CFDI. El CFDI ${UUID} ya está registrado en la entrada A1029.`),
  ).toBeInTheDocument();
  expect(within(header()).getByRole('textbox', { name: 'Número de factura' })).toHaveValue('');
});

test('a file that is not .xml is refused before it is sent', async () => {
  const { posts } = setup();
  await upload('factura.pdf', '%PDF-1.7');
  expect(await screen.findByText('Elige el archivo XML del CFDI (termina en .xml).')).toBeInTheDocument();
  expect(posts).toHaveLength(0);
});

test('dropping the XML on the drop zone loads it like the button does', async () => {
  const { posts } = setup();
  const zone = await screen.findByTestId('cfdi-drop-zone');
  fireEvent.drop(zone, { dataTransfer: { files: [new File([XML], 'A-1029.xml', { type: 'text/xml' })] } });
  await waitFor(() => expect(within(header()).getByRole('textbox', { name: 'Número de factura' })).toHaveValue('A1029'));
  expect(posts.filter((p) => p.path === '/api/cfdi/parse').map((p) => p.body)).toEqual([XML]);
});

test('«Número de factura» is Serie + Folio, or the UUID when the CFDI has no folio', () => {
  expect(invoiceNumberOf({ series: 'A', folio: '1029', uuid: UUID })).toBe('A1029');
  expect(invoiceNumberOf({ series: null, folio: '3312', uuid: UUID })).toBe('3312');
  expect(invoiceNumberOf({ series: 'A', folio: null, uuid: UUID })).toBe(UUID);
});

test("type and signers start as the person's last entry had them, and loading a CFDI keeps them", async () => {
  setup(undefined, {
    defaults: { invoiceType: 'DONATIVO', directorEmployeeId: 1, enteredByEmployeeId: 2, warehouseKeeperEmployeeId: 3 },
  });
  const scope = await waitFor(() => header());
  const value = (label: string) => within(scope).getByRole('combobox', { name: label });
  await waitFor(() => expect(value('Tipo de entrada')).toHaveValue('Donativo'));
  await waitFor(() => expect(value('Director del plantel')).toHaveValue('Laura Méndez'));
  expect(value('Elaborador')).toHaveValue('Jorge Ruiz');
  expect(value('Almacenista')).toHaveValue('Sofía Castro');

  await upload();
  await waitFor(() => expect(within(header()).getByRole('textbox', { name: 'Número de factura' })).toHaveValue('A1029'));
  expect(value('Tipo de entrada')).toHaveValue('Donativo');
  expect(value('Director del plantel')).toHaveValue('Laura Méndez');
  expect(value('Elaborador')).toHaveValue('Jorge Ruiz');
  expect(value('Almacenista')).toHaveValue('Sofía Castro');
});

test('a unit the catalogue has (any capitalisation) is chosen as it is, and nothing is registered for it', async () => {
  const user = userEvent.setup({ delay: null });
  const { posts } = setup(() => ({ ...analysis, lines: [line({ unitName: 'CAJA' }), analysis.lines[1]] }));
  await upload();
  await waitFor(() => expect(within(header()).getByRole('textbox', { name: 'Número de factura' })).toHaveValue('A1029'));
  await choose(user, header(), 'Tienda de procedencia', 'Abarrotes López');
  await choose(user, header(), 'Tipo de entrada', 'Compra directa');
  await choose(user, header(), 'Director del plantel', 'Laura Méndez');
  await choose(user, header(), 'Elaborador', 'Jorge Ruiz');
  await choose(user, header(), 'Almacenista', 'Sofía Castro');
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
  await user.click(
    await within(await screen.findByRole('group', { name: 'Producto 1' })).findByRole('button', { name: 'Registrar producto' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Nuevo producto' });
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Unidad de medida' })).toHaveValue('Caja'));
  expect(within(dialog).queryByText(/se registrará al guardar/)).not.toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo producto' })).not.toBeInTheDocument());
  expect(posts.filter((p) => p.path.startsWith('/api/catalog/product')).map((p) => [p.path, p.body])).toEqual([
    ['/api/catalog/products', { name: 'Hojas blancas tamaño carta', unitId: 1 }],
  ]);
});

test("a concept's NoIdentificacion that is a GTIN is offered as the chosen product's code, proposed to a new product, and never over another product's", async () => {
  const user = userEvent.setup({ delay: null });
  const { posts } = setup(
    () => ({
      ...analysis,
      lines: [
        line({ productCode: '7501000000012', product: { id: 10, name: 'Papel bond carta' } }),
        line({ index: 2, description: 'Folder manila', productCode: '7501000000029', product: null }),
        line({ index: 3, description: 'Engrapadora', productCode: '4006381333931', product: { id: 10, name: 'Papel bond carta' } }),
        // A supplier's own code is not a GTIN: nothing is offered.
        line({ index: 4, description: 'Clips', productCode: 'CLP-100', product: { id: 10, name: 'Papel bond carta' } }),
      ],
    }),
    { others: [{ id: 11, name: 'Engrapadora metálica', unit: null, category: null, barcode: '4006381333931' }] },
  );
  await upload();
  await waitFor(() => expect(within(header()).getByRole('textbox', { name: 'Número de factura' })).toHaveValue('A1029'));
  await choose(user, header(), 'Tienda de procedencia', 'Abarrotes López');
  await choose(user, header(), 'Tipo de entrada', 'Compra directa');
  await choose(user, header(), 'Director del plantel', 'Laura Méndez');
  await choose(user, header(), 'Elaborador', 'Jorge Ruiz');
  await choose(user, header(), 'Almacenista', 'Sofía Castro');
  await user.click(screen.getByRole('button', { name: 'Siguiente paso' }));
  await screen.findByRole('group', { name: 'Producto 4' });

  const offer = 'El CFDI trae el código de barras 7501000000012 (NoIdentificacion) y «Papel bond carta» no tiene uno.';
  expect(await within(row(1)).findByText(offer)).toBeInTheDocument();
  // The code of another product is said on its row, and neither offered nor proposed.
  expect(
    within(row(3)).getByText('El código de barras 4006381333931 de este concepto es de «Engrapadora metálica»; revisa el producto.'),
  ).toBeInTheDocument();
  expect(within(row(3)).queryByRole('button', { name: 'Guardar como su código de barras' })).not.toBeInTheDocument();
  expect(within(row(4)).queryByText(/código de barras/)).not.toBeInTheDocument();

  await user.click(within(row(1)).getByRole('button', { name: 'Guardar como su código de barras' }));
  await waitFor(() => expect(within(row(1)).queryByText(offer)).not.toBeInTheDocument());
  expect(posts.filter((p) => p.path.endsWith('/barcode')).map((p) => [p.path, p.body])).toEqual([
    ['/api/catalog/products/10/barcode', { barcode: '7501000000012' }],
  ]);
  // Papel bond carta has a code now: row 4, mapped to it too, is not offered one over it.
  expect(within(row(4)).queryByRole('button', { name: 'Guardar como su código de barras' })).not.toBeInTheDocument();

  await user.click(within(row(2)).getByRole('button', { name: 'Registrar producto' }));
  const dialog = await screen.findByRole('dialog', { name: 'Nuevo producto' });
  expect(within(dialog).getByRole('textbox', { name: 'Código de barras' })).toHaveValue('7501000000029');
  await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo producto' })).not.toBeInTheDocument());
  expect(posts.find((p) => p.method === 'POST' && p.path === '/api/catalog/products')?.body).toMatchObject({
    name: 'Folder manila',
    barcode: '7501000000029',
  });
});

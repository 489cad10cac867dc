// "Bitácora": the filters go to the server, "Cargar más" follows nextCursor (a failed page is a toast), the
// changes read as "Campo: antes → después" in Spanish, a list of records as a table, and "Exportar XLSX" downloads the filtered rows.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditLogEntry, CursorPage } from '@almacen/shared';
import { captureDownloads, renderWithPlatform, type FakeApiRequest } from '@almacen/shared/testing';
import { AuditPage as BitacoraPage, DATE_RANGE_MESSAGE } from './audit-page';

jest.setTimeout(60_000);
const downloads = captureDownloads();

const entry = (id: number, extra: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id: String(id),
  at: '2026-11-23T16:04:00.000Z',
  actorSub: 'user-ana',
  actorName: 'Ana López',
  action: 'update',
  entity: 'products',
  entityId: '12',
  before: { description: 'Papel bond', minimum: 5 },
  after: { description: 'Papel bond carta', minimum: 5 },
  ...extra,
});

const first: CursorPage<AuditLogEntry> = {
  data: [
    entry(3),
    entry(2, { action: 'create', entity: 'suppliers', entityId: '4', before: null, after: { name: 'Papelera del Centro', rfc: null } }),
  ],
  nextCursor: 'c2',
};
const second: CursorPage<AuditLogEntry> = {
  data: [entry(1, { action: 'delete', entity: 'product_units', entityId: '7', before: { description: 'Caja' }, after: null })],
  nextCursor: null,
};

function server(request: FakeApiRequest) {
  if (request.path === '/api/audit/filters') {
    return {
      actors: [
        { sub: 'user-ana', name: 'Ana López' },
        { sub: 'user-luis', name: 'Luis Pérez' },
      ],
      entities: ['app_users', 'products', 'suppliers'],
    };
  }
  if (request.path === '/api/audit') return request.query?.cursor === 'c2' ? second : first;
  if (request.path === '/api/reports/audit') return { blob: new Blob(['xlsx']), fileName: 'Bitacora.xlsx' };
  return undefined;
}

const auditCalls = (calls: FakeApiRequest[]) => calls.filter((c) => c.path === '/api/audit');

describe('Bitácora', () => {
  it('shows the newest page with readable changes, then older rows with "Cargar más"', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithPlatform(<BitacoraPage />, { api: server });
    expect(await screen.findByRole('heading', { name: 'Bitácora', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Bitácora · Almacén');
    const table = await screen.findByRole('table', { name: 'Bitácora' });
    const updated = (await within(table).findByText('Descripción: Papel bond → Papel bond carta')).closest('tr')!;
    // 16:04 UTC is 10:04 in Mexico City.
    expect(updated).toHaveTextContent('23/11/2026 10:04');
    expect(updated).toHaveTextContent('Ana López');
    expect(updated).toHaveTextContent('Modificar');
    expect(updated).toHaveTextContent('Productos');
    // Unchanged fields are not repeated.
    expect(updated).not.toHaveTextContent('minimum');
    // A record of several fields: its first one in the row, all of them in the row's detail.
    const created = within(table).getByText('Nombre: Papelera del Centro (+1 más)').closest('tr')!;
    expect(created).toHaveTextContent('Crear');
    expect(created).toHaveTextContent('Proveedores');
    await user.click(within(created).getByRole('button', { name: 'Expandir fila' }));
    const detail = await within(table).findByRole('list', { name: 'Cambios' });
    expect(
      within(detail)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Nombre: Papelera del Centro', 'RFC: —']);
    expect(auditCalls(calls)).toEqual([expect.objectContaining({ method: 'GET', query: { limit: '50' } })]);

    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await within(table).findByText('Unidad de medida: Caja')).toBeInTheDocument();
    expect(within(table).getByText('Unidad de medida: Caja').closest('tr')).toHaveTextContent('Eliminar');
    expect(auditCalls(calls)[1].query).toEqual({ cursor: 'c2', limit: '50' });
    // The last page: nothing more to load.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument());
  });

  it('sends Persona, Entidad, Acción, Desde and Hasta to the server', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithPlatform(<BitacoraPage />, { api: server });
    await screen.findByText('Descripción: Papel bond → Papel bond carta');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Acción' }), 'Eliminar');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Entidad' }), 'Productos');
    // Typed day first whatever the browser's language; a date half typed filters nothing yet.
    const from = screen.getByRole('textbox', { name: 'Desde' });
    expect(from).toHaveAttribute('placeholder', 'DD/MM/AAAA');
    await user.type(from, '01/11/2');
    expect(auditCalls(calls).some((c) => c.query?.from !== undefined)).toBe(false);
    await user.type(from, '026');
    await user.type(screen.getByRole('textbox', { name: 'Hasta' }), '23112026');
    expect(from).toHaveValue('01/11/2026');
    expect(screen.getByRole('textbox', { name: 'Hasta' })).toHaveValue('23/11/2026');
    // The choices are who and what appear in the log (GET /api/audit/filters).
    await waitFor(() => expect(screen.getByRole('option', { name: 'Luis Pérez' })).toBeInTheDocument());
    expect(
      within(screen.getByRole('combobox', { name: 'Entidad' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todas', 'Productos', 'Proveedores', 'Usuarios']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Persona' }), 'Luis Pérez');
    await waitFor(() =>
      expect(auditCalls(calls).at(-1)?.query).toEqual({
        actor: 'user-luis',
        entity: 'products',
        action: 'delete',
        from: '2026-11-01',
        to: '2026-11-23',
        limit: '50',
      }),
    );
  });

  it('refuses a range that ends before it starts, without asking the server', async () => {
    const { calls } = renderWithPlatform(<BitacoraPage />, { api: server });
    await screen.findByText('Descripción: Papel bond → Papel bond carta');
    const before = auditCalls(calls).length;
    fireEvent.change(screen.getByRole('textbox', { name: 'Desde' }), { target: { value: '20/11/2026' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Hasta' }), { target: { value: '10/11/2026' } });
    expect(await screen.findByText(DATE_RANGE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar XLSX' })).toBeDisabled();
    expect(
      auditCalls(calls)
        .slice(before)
        .some((c) => c.query?.to === '2026-11-10'),
    ).toBe(false);
  });

  it('"Exportar XLSX" downloads POST /api/reports/audit with the filters in its query', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithPlatform(<BitacoraPage />, { api: server });
    await screen.findByText('Descripción: Papel bond → Papel bond carta');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Acción' }), 'Cancelar');
    await user.click(screen.getByRole('button', { name: 'Exportar XLSX' }));
    await waitFor(() => expect(downloads.saved).toEqual([{ name: 'Bitacora.xlsx', href: 'blob:test/1' }]));
    expect(calls.find((c) => c.path === '/api/reports/audit')).toMatchObject({
      method: 'POST',
      download: true,
      query: { action: 'cancel' },
    });
  });
});

describe('records with lines and money', () => {
  it('shows the entity and fields in Spanish, money and quantities as the screens write them, and the lines as a table', async () => {
    const user = userEvent.setup();
    const lines = (counted: string | null) => [
      { productId: 5, productName: 'Caja de clips', countedQuantity: counted, unitCost: '23.562857', observations: null },
    ];
    const count = entry(9, {
      entity: 'inventory_counts',
      entityId: '3',
      before: { lines: lines(null) },
      after: { lines: lines('4.5') },
    });
    const closing = entry(8, {
      action: 'create',
      entity: 'period_closings',
      entityId: '2026-10-31',
      before: null,
      after: { until: '2026-10-31', totalValue: '3635.562857', closedAt: '2026-11-01T03:15:00.000Z' },
    });
    renderWithPlatform(<BitacoraPage />, {
      api: (request: FakeApiRequest) => (request.path === '/api/audit' ? { data: [count, closing], nextCursor: null } : server(request)),
    });
    const table = await screen.findByRole('table', { name: 'Bitácora' });
    const row = (await within(table).findByText('Renglones: 1 renglón')).closest('tr')!;
    expect(row).toHaveTextContent('Conteos de inventario');
    const closed = within(table).getByText('Cerrado hasta: 31/10/2026 (+2 más)').closest('tr')!;
    expect(closed).toHaveTextContent('Cierres de periodo');
    await user.click(within(closed).getByRole('button', { name: 'Expandir fila' }));
    // Money to the cent, times on the institution's clock (03:15 UTC is 21:15 the day before in Mexico City).
    expect(
      within(await within(table).findByRole('list', { name: 'Cambios' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cerrado hasta: 31/10/2026', 'Valor total: $3,635.56', 'Cerrado el: 31/10/2026 21:15']);
    await user.click(within(closed).getByRole('button', { name: /Contraer fila|Expandir fila/ }));
    await user.click(within(row).getByRole('button', { name: 'Expandir fila' }));
    const after = await within(table).findByRole('table', { name: 'Renglones: después' });
    expect(
      within(after)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Producto', 'Cantidad contada', 'Costo unitario']);
    expect(
      within(after)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['5 · Caja de clips', '4.5', '$23.563']);
    // A column empty in every row takes no room: before the count, no quantity and no observation.
    expect(
      within(within(table).getByRole('table', { name: 'Renglones: antes' }))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Producto', 'Costo unitario']);
    expect(table).not.toHaveTextContent('unitCost');
  });
});

// "Bitácora" (issue #15): the filters go to the server, "Cargar más" follows nextCursor, the
// changes read as "campo: antes → después", and "Exportar XLSX" downloads the filtered rows.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditLogEntry, AuditPage } from '@almacen/shared';
import { captureDownloads, renderWithPlatform, type FakeApiRequest } from '@almacen/shared/testing';
import { changeLines } from './audit-diff';
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

const first: AuditPage = {
  data: [
    entry(3),
    entry(2, { action: 'create', entity: 'suppliers', entityId: '4', before: null, after: { name: 'Papelera del Centro', rfc: null } }),
  ],
  nextCursor: 'c2',
};
const second: AuditPage = {
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
    const updated = (await within(table).findByText('description: Papel bond → Papel bond carta')).closest('tr')!;
    // 16:04 UTC is 10:04 in Mexico City.
    expect(updated).toHaveTextContent('23/11/2026 10:04');
    expect(updated).toHaveTextContent('Ana López');
    expect(updated).toHaveTextContent('Modificar');
    expect(updated).toHaveTextContent('Productos');
    // Unchanged fields are not repeated.
    expect(updated).not.toHaveTextContent('minimum');
    // A record of several fields: its first one in the row, all of them in the row's detail.
    const created = within(table).getByText('name: Papelera del Centro (+1 más)').closest('tr')!;
    expect(created).toHaveTextContent('Crear');
    expect(created).toHaveTextContent('Proveedores');
    await user.click(within(created).getByRole('button', { name: 'Expandir fila' }));
    const detail = await within(table).findByRole('list', { name: 'Cambios' });
    expect(
      within(detail)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['name: Papelera del Centro', 'rfc: —']);
    expect(auditCalls(calls)).toEqual([expect.objectContaining({ method: 'GET', query: { limit: 50 } })]);

    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await within(table).findByText('description: Caja')).toBeInTheDocument();
    expect(within(table).getByText('description: Caja').closest('tr')).toHaveTextContent('Eliminar');
    expect(auditCalls(calls)[1].query).toEqual({ cursor: 'c2', limit: 50 });
    // The last page: nothing more to load.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument());
  });

  it('sends Persona, Entidad, Acción, Desde and Hasta to the server', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithPlatform(<BitacoraPage />, { api: server });
    await screen.findByText('description: Papel bond → Papel bond carta');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Acción' }), 'Eliminar');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Entidad' }), 'Productos');
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-11-23' } });
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
        limit: 50,
      }),
    );
  });

  it('refuses a range that ends before it starts, without asking the server', async () => {
    const { calls } = renderWithPlatform(<BitacoraPage />, { api: server });
    await screen.findByText('description: Papel bond → Papel bond carta');
    const before = auditCalls(calls).length;
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-11-10' } });
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
    await screen.findByText('description: Papel bond → Papel bond carta');
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

describe('changeLines', () => {
  it('lists changed fields of an update, the fields of a create or delete, and compact JSON for nested values', () => {
    expect(changeLines({ before: { a: 1, b: 'x', c: null }, after: { a: 2, b: 'x', c: [1] } })).toEqual(['a: 1 → 2', 'c: — → 1']);
    expect(changeLines({ before: null, after: { name: 'Caja', active: true } })).toEqual(['name: Caja', 'active: sí']);
    // A person's roles read as the roles' names; no role at all as "—".
    expect(changeLines({ before: { roles: [] }, after: { roles: ['CONSULTA', 'AUTORIZADOR'] } })).toEqual([
      'roles: — → Consulta, Autorizador',
    ]);
    expect(changeLines({ before: { unit: { id: 1 } }, after: { unit: { id: 2 } } })).toEqual(['unit: {"id":1} → {"id":2}']);
    expect(changeLines({ before: { name: 'Caja' }, after: null })).toEqual(['name: Caja']);
    expect(changeLines({ before: null, after: null })).toEqual([]);
  });
});

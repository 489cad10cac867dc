// «Respaldos»: the last good backup (date and time in the institution's zone, MB, folder and file),
// a warning when it is older than 48 hours or the latest attempt failed, and a note when there is none.
import { screen, within } from '@testing-library/react';
import type { BackupRecord, LastBackups } from '@almacen/shared/domain-pages';
import { renderWithPlatform, type FakeApiRequest } from '@almacen/shared/testing';
import { BackupsPage, megabytes } from './backups-page';

jest.setTimeout(60_000);

const HOUR = 3_600_000;
const schedule = { enabled: true, time: '02:30', timeZone: 'America/Mexico_City' };
const good = (hoursAgo: number): BackupRecord => ({
  id: 7,
  at: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
  ok: true,
  trigger: 'programado',
  directory: '/var/lib/almacen/backups',
  fileName: 'almacen-20261201T083000Z.respaldo.gz',
  sizeBytes: 13_002_342,
  error: null,
  host: 'almacen-01',
});
const render = (data: LastBackups) =>
  renderWithPlatform(<BackupsPage />, { api: (r: FakeApiRequest) => (r.path === '/api/admin/backups/last' ? data : undefined) });
const card = () => screen.findByRole('region', { name: 'Último respaldo' });

it('shows the last backup: date and time in APP_TIME_ZONE, MB, folder, file; no warning when fresh', async () => {
  const backup = { ...good(0), at: '2026-12-01T08:30:00.000Z' };
  jest.useFakeTimers({
    now: new Date('2026-12-01T15:00:00Z'),
    doNotFake: ['setTimeout', 'setInterval', 'queueMicrotask', 'nextTick', 'setImmediate'],
  });
  try {
    render({ latest: backup, latestOk: backup, schedule });
    const region = await card();
    expect(await screen.findByRole('heading', { name: 'Respaldos', level: 1 })).toBeInTheDocument();
    expect(region).toHaveTextContent('01/12/2026 02:30');
    expect(region).toHaveTextContent('12.4 MB');
    expect(region).toHaveTextContent('/var/lib/almacen/backups');
    expect(region).toHaveTextContent('almacen-20261201T083000Z.respaldo.gz');
    expect(region).toHaveTextContent('todos los días a las 02:30');
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});

it('warns when the last one is older than 48 hours', async () => {
  render({ latest: good(50), latestOk: good(50), schedule });
  const alert = await within(await card()).findByRole('alert');
  expect(alert).toHaveTextContent('El último respaldo tiene más de 48 horas.');
  expect(alert).toHaveTextContent('hace 50 horas');
});

it('warns when the latest attempt failed, and still shows the last one that worked', async () => {
  const failed: BackupRecord = { ...good(1), id: 8, ok: false, fileName: null, sizeBytes: null, error: 'ENOSPC: no space left on device.' };
  render({ latest: failed, latestOk: good(25), schedule });
  const region = await card();
  expect(await within(region).findByRole('alert')).toHaveTextContent('El último respaldo falló: ENOSPC: no space left on device.');
  expect(region).toHaveTextContent('almacen-20261201T083000Z.respaldo.gz');
});

it('says so when there is none yet', async () => {
  render({ latest: null, latestOk: null, schedule: { ...schedule, enabled: false } });
  const region = await card();
  expect(region).toHaveTextContent('Todavía no se ha hecho ningún respaldo.');
  expect(region).toHaveTextContent('desactivado en este servidor');
  expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
});

it('sizes in MB', () => {
  expect(megabytes(13_002_342)).toBe('12.4 MB');
  expect(megabytes(52_000)).toBe('0.05 MB');
  expect(megabytes(900)).toBe('menos de 0.01 MB');
  expect(megabytes(1024 * 1024)).toBe('1.0 MB');
});

it('«Respaldos recientes» lists each attempt: when, whether it worked, size, and the file or why it failed', async () => {
  const failed: BackupRecord = {
    ...good(1),
    id: 8,
    at: '2026-12-02T08:30:00.000Z',
    ok: false,
    fileName: null,
    sizeBytes: null,
    error: 'ENOSPC: no queda espacio en el disco',
  };
  const ok = { ...good(25), at: '2026-12-01T08:30:00.000Z' };
  renderWithPlatform(<BackupsPage />, {
    api: (r: FakeApiRequest) =>
      r.path === '/api/admin/backups/last'
        ? { latest: failed, latestOk: ok, schedule }
        : r.path === '/api/admin/backups'
          ? [failed, ok]
          : undefined,
  });
  const table = await screen.findByRole('table', { name: 'Respaldos recientes' });
  const rows = await within(table).findAllByRole('row');
  const cells = rows.slice(1).map((row) => row.textContent);
  expect(cells[0]).toContain('02/12/2026 02:30');
  expect(cells[0]).toContain('Falló');
  expect(cells[0]).toContain('ENOSPC: no queda espacio en el disco');
  expect(cells[1]).toContain('01/12/2026 02:30');
  expect(cells[1]).toContain('Correcto');
  expect(cells[1]).toContain('12.4 MB');
  expect(cells[1]).toContain('almacen-20261201T083000Z.respaldo.gz');
});

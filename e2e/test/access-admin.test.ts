// Issue #15 in a real browser: an administrator creates an account in "Usuarios" (its one-time
// password shown once); the newcomer signs in and sees only "Tu cuenta aún no tiene acceso…";
// the administrator grants Consulta and the newcomer gets in without signing out and in again.
// Then "Bitácora" shows those changes, filters them and exports them. Screenshots at 1280×800
// and 390×844.
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newPage, screenshot, signIn } from './support/browser';
import { downloadFrom } from './support/downloads';
import { baseUrl } from './support/env';
import { navigation } from './support/portal';

// NO_ACCESS_MESSAGE of shared/src/domain/access.ts, the words the newcomer reads.
const NO_ACCESS_MESSAGE = 'Tu cuenta aún no tiene acceso a Almacén. Pide a un administrador que te asigne un rol.';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openAdmin(page: Page, label: 'Usuarios' | 'Bitácora') {
  const nav = navigation(page);
  const link = nav.getByRole('link', { name: label, exact: true });
  if (!(await link.isVisible())) {
    await nav.getByText('Administración', { exact: true }).click();
    await link.waitFor({ state: 'visible' });
  }
  await link.click();
  await page.locator('main').getByRole('heading', { level: 1, name: label }).waitFor();
}

it('an administrator creates an account, grants it a role, and the newcomer gets in without signing in again', async () => {
  const { page: admin, log } = await newPage(browser, DESKTOP);
  await signIn(admin);
  await openAdmin(admin, 'Usuarios');
  await admin.getByRole('cell', { name: 'admin', exact: false }).first().waitFor();

  await admin.getByRole('button', { name: 'Nuevo usuario' }).click();
  const form = admin.getByRole('dialog', { name: 'Nuevo usuario' });
  await form.getByLabel('Usuario').fill('rosa');
  await form.getByLabel('Nombre').fill('Rosa Díaz');
  await form.getByLabel('Correo').fill('rosa@escuela.edu.mx');
  await form.getByRole('button', { name: 'Crear' }).click();
  const shown = admin.getByRole('alertdialog', { name: 'Usuario creado' });
  await shown.waitFor();
  const password = await shown.getByRole('textbox').inputValue();
  expect(password.length).toBeGreaterThanOrEqual(12);
  expect(await shown.textContent()).toContain('se muestra solo esta vez');
  await screenshot(admin, 'access-01-one-time-password');
  await shown.getByRole('button', { name: 'Listo' }).click();
  await shown.waitFor({ state: 'hidden' });
  await admin.getByRole('cell', { name: 'Rosa Díaz', exact: true }).waitFor();
  await screenshot(admin, 'access-02-usuarios-1280');

  // The newcomer: signed in, but no role yet.
  const { page: rosa } = await newPage(browser, DESKTOP);
  await signIn(rosa, 'rosa', password);
  await rosa.getByText(NO_ACCESS_MESSAGE).waitFor();
  expect(await rosa.getByText('rosa@escuela.edu.mx').count()).toBe(1);
  expect(await rosa.getByRole('navigation').count()).toBe(0);
  await screenshot(rosa, 'access-03-sin-acceso');

  // The administrator grants Consulta.
  await admin.getByRole('button', { name: 'Acciones de Rosa Díaz' }).click();
  await admin.getByRole('menuitem', { name: 'Roles…' }).click();
  const roles = admin.getByRole('dialog', { name: 'Roles de Rosa Díaz' });
  await roles.getByRole('checkbox', { name: 'Consulta' }).check();
  await roles.getByRole('button', { name: 'Guardar' }).click();
  await admin.getByText('Roles actualizados.').first().waitFor();

  // Within the next check (15 s) the newcomer is in, with the menu of a Consulta user.
  await rosa.getByRole('heading', { name: '¡Hola, Rosa!' }).waitFor({ timeout: 30_000 });
  expect(await navigation(rosa).getByText('Administración', { exact: true }).count()).toBe(0);

  // Bitácora: the account and the role change are there.
  await openAdmin(admin, 'Bitácora');
  const table = admin.getByRole('table', { name: 'Bitácora' });
  await table.getByText('roles: — → Consulta', { exact: false }).first().waitFor();
  await screenshot(admin, 'access-04-bitacora-1280');
  await admin.getByRole('combobox', { name: 'Acción' }).selectOption({ label: 'Crear' });
  await table
    .getByText(/^name: Rosa Díaz \(\+\d+ más\)$/)
    .first()
    .waitFor();
  await admin.waitForFunction(() => !document.body.textContent?.includes('roles: — → Consulta'));
  const file = await downloadFrom(admin.getByRole('button', { name: 'Exportar XLSX' }));
  expect(file.fileName).toMatch(/\.xlsx$/);
  expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
  expect(log.errors).toEqual([]);
});

it('Usuarios and Bitácora on a phone (390×844)', async () => {
  const { page } = await newPage(browser, PHONE);
  await signIn(page);
  await page.goto(`${baseUrl()}/dashboard/admin/users`);
  await page.locator('main').getByRole('heading', { level: 1, name: 'Usuarios' }).waitFor();
  await page.getByRole('cell', { name: 'Rosa Díaz', exact: true }).waitFor();
  await screenshot(page, 'access-05-usuarios-390');
  await page.goto(`${baseUrl()}/dashboard/admin/audit`);
  await page.locator('main').getByRole('heading', { level: 1, name: 'Bitácora' }).waitFor();
  await page
    .getByRole('table', { name: 'Bitácora' })
    .getByText(/name: Rosa Díaz/)
    .first()
    .waitFor();
  await screenshot(page, 'access-06-bitacora-390');
});

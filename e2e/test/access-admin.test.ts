// Users and roles in a real browser: an administrator creates an account in "Usuarios" (its one-time
// password shown once); the newcomer signs in and sees only "Tu cuenta aún no tiene acceso…";
// the administrator grants Consulta and the newcomer gets in without signing out and in again; a
// permission taken away while they work shows in their menu at their next refused action.
// Then "Bitácora" shows those changes in Spanish, filters them and exports them. The newcomer
// changes their password on the included provider's page, linked from «Cuenta», and «Cerrar
// sesión» brings them back to the portal. Screenshots at 1280×800 and 390×844.
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newPage, screenshot, signIn } from './support/browser';
import { search } from './support/catalog-ui';
import { downloadFrom } from './support/downloads';
import { baseUrl } from './support/env';
import { navigation } from './support/portal';
import { apiClient, createInvoice, createPeople, createProduct, uniqueTag } from './support/seed';
import { boxOf, expectNotVisible, expectVisible, settledBox } from './support/visibility';

// NO_ACCESS_MESSAGE of shared/src/domain/access.ts, the words the newcomer reads.
const NO_ACCESS_MESSAGE = 'Tu cuenta aún no tiene acceso a Almacén. Pide a un administrador que te asigne permisos.';
let rosaPassword = '';

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

  // «Cancelar» closes at the first click, the empty username left without a message.
  await admin.getByRole('button', { name: 'Nuevo usuario' }).click();
  const cancelled = admin.getByRole('dialog', { name: 'Nuevo usuario' });
  await cancelled.getByLabel('Usuario').focus();
  await cancelled.getByRole('button', { name: 'Cancelar' }).click();
  await expectNotVisible(cancelled, 'Nuevo usuario tras un clic en Cancelar');

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
  rosaPassword = password;
  expect(await shown.textContent()).toContain('se muestra solo esta vez');
  await screenshot(admin, 'access-01-one-time-password');
  await shown.getByRole('button', { name: 'Listo' }).click();
  await shown.waitFor({ state: 'hidden' });
  // Found by the table's search: after the other browser tests, she may be past the first page.
  await search(admin, 'Rosa Díaz');
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
  await admin.getByRole('menuitem', { name: 'Permisos…' }).click();
  const roles = admin.getByRole('dialog', { name: 'Permisos de Rosa Díaz' });
  await roles.getByRole('checkbox', { name: 'Consulta' }).check();
  await roles.getByRole('button', { name: 'Guardar' }).click();
  await admin.getByText('Permisos actualizados.').first().waitFor();
  await expectVisible(
    admin.getByRole('table', { name: 'Usuarios' }).getByRole('columnheader').filter({ hasText: 'Permisos' }),
    'la columna Permisos',
  );

  // Within the next check (15 s) the newcomer is in, with the menu of a Consulta user.
  await rosa.getByRole('heading', { name: '¡Hola, Rosa!' }).waitFor({ timeout: 30_000 });
  expect(await navigation(rosa).getByText('Administración', { exact: true }).count()).toBe(0);

  // Almacenista too (seen at the next reload); then taken away while Rosa is typing a new unit:
  // her «Guardar» is refused, and at that very answer the menu and the page follow what she may do.
  const permissions = async (check: boolean) => {
    await admin.getByRole('button', { name: 'Acciones de Rosa Díaz' }).click();
    await admin.getByRole('menuitem', { name: 'Permisos…' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Permisos de Rosa Díaz' });
    const box = dialog.getByRole('checkbox', { name: 'Almacenista' });
    if (check) await box.check();
    else await box.uncheck();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'hidden' });
  };
  await permissions(true);
  await rosa.reload();
  await rosa.getByRole('heading', { name: '¡Hola, Rosa!' }).waitFor();
  const generate = navigation(rosa).getByRole('link', { name: 'Generar entrada de productos', exact: true });
  await navigation(rosa).getByText('Entradas', { exact: true }).click();
  await expectVisible(generate, 'Generar entrada de productos en el menú de una almacenista');
  await rosa.goto(`${baseUrl()}/dashboard/catalogs/units`);
  await rosa.getByRole('button', { name: 'Añadir unidad de medida' }).click();
  const unit = rosa.getByRole('dialog', { name: 'Nueva unidad de medida' });
  await unit.getByRole('textbox').first().fill(`Rollo ${uniqueTag()}`);
  await permissions(false);
  await unit.getByRole('button', { name: 'Guardar' }).click();
  await rosa.locator('.fui-Toast').getByText('No tienes permiso para', { exact: false }).first().waitFor();
  if (await unit.isVisible()) await unit.getByRole('button', { name: 'Cancelar' }).click();
  await rosa.getByRole('button', { name: 'Añadir unidad de medida' }).waitFor({ state: 'detached', timeout: 15_000 });
  if (!(await generate.isVisible())) await navigation(rosa).getByText('Entradas', { exact: true }).click();
  await navigation(rosa).getByRole('link', { name: 'Consultar historial de entradas', exact: true }).waitFor();
  expect(await generate.count()).toBe(0);
  await screenshot(rosa, 'access-03b-permiso-retirado');

  // Bitácora: the account and the role change are there.
  await openAdmin(admin, 'Bitácora');
  const table = admin.getByRole('table', { name: 'Bitácora' });
  await table.getByText('Permisos: — → Consulta', { exact: false }).first().waitFor();
  // Spanish names, never the database's.
  const logText = (await table.textContent()) ?? '';
  for (const word of ['app_users', 'roles:', 'name:', 'Sin cambios registrados'])
    expect(`${word}: ${logText.includes(word)}`).toBe(`${word}: false`);
  expect(logText).toContain('Usuarios');
  await screenshot(admin, 'access-04-bitacora-1280');
  await admin.getByRole('combobox', { name: 'Acción' }).selectOption({ label: 'Crear' });
  await table
    .getByText(/^Nombre: Rosa Díaz \(\+\d+ más\)$/)
    .first()
    .waitFor();
  await admin.waitForFunction(() => !document.body.textContent?.includes('Permisos: — → Consulta'));
  const file = await downloadFrom(admin.getByRole('button', { name: 'Exportar XLSX' }));
  expect(file.fileName).toMatch(/\.xlsx$/);
  expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
  expect(log.errors).toEqual([]);
});

it('«Cuenta» links to «Cambiar contraseña» of the included provider; «Cerrar sesión» comes back to the portal', async () => {
  const { page, log } = await newPage(browser, PHONE);
  await signIn(page, 'rosa', rosaPassword);
  await page.getByRole('button', { name: /^Cuenta de / }).click();
  await page.getByRole('menuitem', { name: 'Cuenta' }).click();
  const account = page.getByRole('dialog', { name: 'Cuenta' });
  await expectVisible(account.getByText('Cuentas de Almacén (proveedor incluido)'), 'quién inicia la sesión');
  expect(await account.textContent()).not.toContain('/oidc');
  const link = account.getByRole('link', { name: 'Cambiar mi contraseña' });
  await expectVisible(link, 'Cambiar mi contraseña');
  await settledBox(account, 'Cuenta');
  await page.waitForTimeout(300);
  await screenshot(page, 'access-07-cuenta-390');
  const href = (await link.getAttribute('href'))!;
  expect(href).toBe(`${baseUrl()}/oidc/account/password`);
  await account.getByRole('button', { name: 'Cerrar' }).click();

  // The page itself, at both sizes; a mismatch first, then the change.
  const { page: change } = await newPage(browser, PHONE);
  await change.goto(href);
  await change.getByLabel('Usuario').fill('rosa');
  await change.getByLabel('Contraseña actual').fill(rosaPassword);
  await change.getByLabel('Nueva contraseña', { exact: true }).fill('rosa-nueva-clave');
  await change.getByLabel('Confirma la nueva contraseña').fill('rosa-otra-clave');
  await change.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expectVisible(change.getByText('La nueva contraseña y su confirmación no coinciden.'), 'el error de confirmación');
  await expectVisible(change.getByRole('button', { name: 'Cambiar contraseña' }), 'Cambiar contraseña (390)');
  await screenshot(change, 'access-08-cambiar-contrasena-390');
  await change.setViewportSize(DESKTOP);
  await screenshot(change, 'access-09-cambiar-contrasena-1280');
  await change.getByLabel('Contraseña actual').fill(rosaPassword);
  await change.getByLabel('Nueva contraseña', { exact: true }).fill('rosa-nueva-clave');
  await change.getByLabel('Confirma la nueva contraseña').fill('rosa-nueva-clave');
  await change.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expectVisible(change.getByRole('heading', { name: 'Contraseña cambiada' }), 'Contraseña cambiada');

  // The new password signs in; «Cerrar sesión» ends it and lands on the portal's own page.
  const { page: again } = await newPage(browser, DESKTOP);
  await signIn(again, 'rosa', 'rosa-nueva-clave');
  await again.getByRole('button', { name: /^Cuenta de / }).click();
  // The end-session request carries a state and the way back (RP-Initiated Logout): providers that
  // return the person only when both are there bring them back too.
  const endSession = again.waitForRequest((request) => new URL(request.url()).pathname === '/oidc/session/end');
  await again.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  const asked = new URL((await endSession).url());
  expect([asked.searchParams.has('state'), asked.searchParams.get('post_logout_redirect_uri')]).toEqual([true, `${baseUrl()}/`]);
  await again.waitForURL(`${baseUrl()}/`);
  await expectVisible(again.getByRole('button', { name: 'Iniciar sesión' }), 'Iniciar sesión del portal tras cerrar sesión');
  expect(again.url()).toBe(`${baseUrl()}/`);
  expect(log.errors).toEqual([]);
});

it('Bitácora: an entry reads in Spanish, its money as the screens write it and its lines as a small table', async () => {
  const api = await apiClient();
  const tag = uniqueTag();
  const people = await createPeople(api, tag);
  const product = await createProduct(api, `Clips ${tag}`);
  const invoice = await createInvoice(api, people, `A-${tag}`, [{ productId: product.id, quantity: '7', price: '3.365' }]);
  for (const viewport of [DESKTOP, PHONE]) {
    const { page, log } = await newPage(browser, viewport);
    await signIn(page);
    await page.goto(`${baseUrl()}/dashboard/admin/audit`);
    const table = page.getByRole('table', { name: 'Bitácora' });
    await page.getByRole('combobox', { name: 'Entidad' }).selectOption({ label: 'Entradas' });
    const row = table
      .getByRole('row')
      .filter({ hasText: String(invoice.id) })
      .filter({ hasText: 'Crear' })
      .first();
    await expectVisible(row, 'la entrada en la bitácora');
    await row.getByRole('button', { name: 'Expandir fila' }).click();
    const lines = table.getByRole('table', { name: 'Productos' });
    await expectVisible(lines, 'los renglones de la entrada');
    const text = (await table.textContent()) ?? '';
    // 7 × $3.365 = $23.555 → $23.56; the price keeps its 3 decimals.
    for (const shown of [
      'Total: $23.56',
      'Tipo de entrada:',
      `Papelería ${tag}`,
      `${product.id} · Clips ${tag}`,
      '$3.365',
      'Precio de compra',
    ]) {
      expect(`${shown}: ${text.includes(shown)}`).toBe(`${shown}: true`);
    }
    for (const raw of ['purchasePrice', 'COMPRA_DIRECTA', 'invoiceNumber', '"'])
      expect(`${raw}: ${text.includes(raw)}`).toBe(`${raw}: false`);
    await lines.scrollIntoViewIfNeeded();
    await screenshot(page, `access-10-bitacora-entrada-${viewport.width}`);
    expect(log.errors).toEqual([]);
  }
});

it('Usuarios and Bitácora on a phone (390×844)', async () => {
  const { page } = await newPage(browser, PHONE);
  await signIn(page);
  await page.goto(`${baseUrl()}/dashboard/admin/users`);
  await page.locator('main').getByRole('heading', { level: 1, name: 'Usuarios' }).waitFor();
  await page.getByRole('cell', { name: 'Rosa Díaz', exact: true }).waitFor();
  // The longest permission, on the administrator's own row once the search has left only it.
  await search(page, 'Administrador');
  await page.getByRole('cell', { name: 'Rosa Díaz', exact: true }).waitFor({ state: 'detached' });
  // Each permission badge shows its whole name.
  const badge = page.locator('main table .fui-Badge', { hasText: /^Administrador$/ }).first();
  await expectVisible(badge, 'la insignia Administrador');
  expect(await badge.evaluate((el) => `${el.scrollWidth <= el.clientWidth} ${el.getBoundingClientRect().height < 30}`)).toBe('true true');
  // …beside the name, not under the sticky «Acciones» column.
  const actions = await boxOf(page.getByRole('columnheader', { name: 'Acciones' }), 'Acciones');
  const badgeBox = await boxOf(badge, 'Administrador');
  expect(`${badgeBox.x + badgeBox.width <= actions.x}`).toBe('true');
  await screenshot(page, 'access-05-usuarios-390');
  await page.goto(`${baseUrl()}/dashboard/admin/audit`);
  await page.locator('main').getByRole('heading', { level: 1, name: 'Bitácora' }).waitFor();
  await page
    .getByRole('table', { name: 'Bitácora' })
    .getByText(/Nombre: Rosa Díaz/)
    .first()
    .waitFor();
  // Every filter inside the screen, the entity select too.
  for (const name of ['Persona', 'Entidad', 'Acción']) {
    const box = await boxOf(page.getByRole('combobox', { name }), name);
    expect(`${name}: ${box.x >= 0 && box.x + box.width <= PHONE.width}`).toBe(`${name}: true`);
  }
  await screenshot(page, 'access-06-bitacora-390');
});

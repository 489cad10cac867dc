// The steps a person takes on any DataTable screen of the portal: search, find a row, open its
// menu, answer a form dialog or the delete confirmation. Each waits on what is visible.
import type { Locator, Page } from 'playwright-core';

export const main = (page: Page) => page.locator('main');

/** A table of the main area by its accessible name. */
export const table = (page: Page, name: string) => main(page).getByRole('table', { name, exact: true });

/** The body rows of `tableLocator` whose text contains `text`. */
export const rowWith = (tableLocator: Locator, text: string) => tableLocator.locator('tbody tr').filter({ hasText: text });

/** Types into the table's global search ("Buscar"), the first search box of the main area. */
export async function search(page: Page, text: string): Promise<void> {
  const box = main(page).getByRole('searchbox', { name: 'Buscar' }).first();
  await box.fill(text);
}

/** Opens a row's "…" menu and picks `entry`. */
export async function rowAction(row: Locator, entry: string): Promise<void> {
  const page = row.page();
  await row.getByRole('button', { name: /^Acciones/ }).click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
}

/** The open form dialog titled `title`. */
export async function dialog(page: Page, title: string): Promise<Locator> {
  const found = page.getByRole('dialog', { name: title });
  await found.waitFor({ state: 'visible' });
  return found;
}

/** "Guardar" in `form` and wait until the dialog has gone. */
export async function save(form: Locator): Promise<void> {
  await form.getByRole('button', { name: 'Guardar', exact: true }).click();
  await form.waitFor({ state: 'hidden' });
}

/** Answers "¿Realmente deseas hacer esto?" with "Sí, eliminar"; returns the text it showed. */
export async function confirmDelete(page: Page): Promise<string> {
  const confirm = page.getByRole('alertdialog', { name: '¿Realmente deseas hacer esto?' });
  await confirm.waitFor({ state: 'visible' });
  const text = (await confirm.textContent()) ?? '';
  await confirm.getByRole('button', { name: 'Sí, eliminar', exact: true }).click();
  await confirm.waitFor({ state: 'hidden' });
  return text;
}

/** Picks `option` in the searchable select labelled `label` inside `scope`, typing part of it first. */
export async function choose(scope: Locator, label: string, option: string, typed = option): Promise<void> {
  const page = scope.page();
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The notification (Fluent toast, not its live-region copy) titled exactly `text`. */
export async function successToast(page: Page, text: string): Promise<void> {
  await page.locator('.fui-Toast').getByText(text, { exact: true }).waitFor({ state: 'visible' });
}

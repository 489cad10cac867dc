// Small steps every catalogue screen test takes, written as a person would do them.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The body rows of a table (the header, with its filter row, is the first row group). */
export function rowsOf(tableName: string): HTMLElement[] {
  const [, body] = within(screen.getByRole('table', { name: tableName })).getAllByRole('rowgroup');
  return within(body).getAllByRole('row');
}

export function cellTexts(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

/** Opens a row's menu (by its accessible name) and picks an entry. */
export async function rowAction(user: UserEvent, menuLabel: string, entry: string) {
  await user.click(screen.getByRole('button', { name: menuLabel }));
  await user.click(await screen.findByRole('menuitem', { name: entry }));
}

export async function openDialog(name: string) {
  return screen.findByRole('dialog', { name });
}

/** Waits until the dialog has gone and the page is reachable again. */
export async function dialogClosed() {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  // The focus manager hands the page back to assistive technology a moment after closing.
  await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument());
}

export async function confirmDelete(user: UserEvent, text: string) {
  const dialog = await screen.findByRole('alertdialog', { name: '¿Realmente deseas hacer esto?' });
  expect(within(dialog).getByText(text)).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'No, cancelar' })).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Sí, eliminar' }));
  await dialogClosed();
}

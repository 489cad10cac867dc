// "Stock de productos" as a person reads it: find the product, open its row, read the figures.
import type { Locator, Page } from 'playwright-core';
import { main, rowWith, search, table } from './catalog-ui';

export interface StockPanel {
  panel: Locator;
  /** "Cantidad disponible" as shown (the figure's text without its label). */
  available(): Promise<string>;
  /** "Precio promedio actual" as shown. */
  average(): Promise<string>;
  movements: Locator;
}

async function figure(panel: Locator, label: string): Promise<string> {
  const group = panel.getByRole('group', { name: label });
  await group.and(panel.locator('[aria-busy="false"]')).waitFor();
  const text = (await group.textContent()) ?? '';
  return text.replace(label, '').trim();
}

/** Searches the product on the stock page, expands its row and waits for its panel. */
export async function openProductStock(page: Page, product: { id: number; name: string }): Promise<StockPanel> {
  await main(page).getByRole('heading', { name: 'Stock de productos', level: 1 }).waitFor();
  await search(page, product.name);
  const row = rowWith(table(page, 'Productos'), product.name).first();
  await row.getByRole('button', { name: 'Expandir fila' }).click();
  const panel = main(page).getByRole('region', { name: `Existencias del producto ${product.id}` });
  await panel.waitFor();
  return {
    panel,
    available: () => figure(panel, 'Cantidad disponible'),
    average: () => figure(panel, 'Precio promedio actual'),
    movements: panel.getByRole('table', { name: `Movimientos del producto ${product.id}` }),
  };
}

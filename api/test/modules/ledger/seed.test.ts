// The demo documents of `npm run seed`: registered through the real services on a catalogue like
// the seed's, they leave a consistent ledger (stock = last movement's balance, nothing negative,
// an audit row per document) and a second run loads nothing twice.
import { seedLedger } from '../../../src/modules/ledger/seed';
import { client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createCatalog, createProduct } from './fixtures';

// Each file creates and migrates its own database; on a busy machine that alone can take seconds.
jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('needs a catalogue, then loads invoices and dispatches once, consistently', async () => {
  await expect(seedLedger(t.db, { timeZone: t.config.timeZone })).rejects.toThrow(/al menos un proveedor/);

  const c = client(t);
  await createCatalog(c);
  await createCatalog(c);
  for (const name of [
    'Hojas blancas carta',
    'Tóner negro',
    'Folder manila',
    'Clips No. 1',
    'Silla apilable',
    'Cloro 1 L',
    'Bolsa para basura',
    'Extintor 4.5 kg',
    'Refresco 600 ml',
    'Cinta canela',
  ]) {
    await createProduct(c, name);
  }

  const messages: string[] = [];
  const result = await seedLedger(t.db, { timeZone: t.config.timeZone, log: (m) => messages.push(m) });
  expect(result).toEqual({ invoices: 4, dispatches: 4, skipped: false });
  expect(messages).toHaveLength(8);

  const { rows: inconsistent } = await t.db.query(
    `SELECT b.product_id FROM product_balances b JOIN movements m ON m.id = b.last_movement_id
      WHERE b.quantity <> m.balance_quantity OR b.average_cost <> m.balance_average`,
  );
  expect(inconsistent).toEqual([]);
  const { rows: audits } = await t.db.query(
    `SELECT entity, count(*)::int AS n FROM audit_log WHERE actor_sub = 'seed' GROUP BY entity ORDER BY entity`,
  );
  expect(audits).toEqual([
    { entity: 'dispatches', n: 4 },
    { entity: 'invoices', n: 4 },
  ]);
  // VAT and IEPS lines carry the final unit cost the form would have computed: 92.5 × 1.16, 64.8 × 1.08.
  const { rows: lines } = await t.db.query(
    `SELECT purchase_price::text, apply_value_added_tax_to_purchase_price AS vat, apply_excise_tax AS ieps, excise_tax_rate::text
       FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id WHERE i.invoice_number IN ('A-10234', 'A-10391') ORDER BY l.id`,
  );
  expect(lines[0]).toEqual({ purchase_price: '107.300', vat: true, ieps: false, excise_tax_rate: '0.00000' });
  expect(lines.at(-1)).toEqual({ purchase_price: '69.984', vat: false, ieps: true, excise_tax_rate: '8.00000' });

  expect(await seedLedger(t.db, { timeZone: t.config.timeZone })).toEqual({ invoices: 0, dispatches: 0, skipped: true });
});

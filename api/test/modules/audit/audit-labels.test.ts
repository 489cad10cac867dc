// Every entity and field the API writes to the audit log has a Spanish label in
// shared/src/domain-pages/audit-labels.ts (the words of the "Bitácora" on screen and in its XLSX).
// Two checks: every recordAudit call in api/src names an entity that has a label (read from the
// sources, so a new call with a new entity fails here), and a run through every audited write —
// catalogues, imports, documents and their cancellations, counts, closings, users — leaves no
// field in the log without one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { AUDIT_ENTITY_LABELS, auditFieldLabelOf } from '@almacen/shared/domain-pages';
import { CATALOGS } from '../../../src/modules/catalog-imports/catalog-import';
import { client, type Client } from '../../helpers/http';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createCatalog, dispatchBody, invoiceBody, today } from '../ledger/fixtures';

const SRC = path.resolve(__dirname, '../../../src');

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* sources(file);
    else if (file.endsWith('.ts')) yield file;
  }
}

/**
 * The entities a call names when it does not spell one out: the variable each call site uses,
 * by file, and every table it can hold. A call with any other expression fails the test.
 */
const ENTITY_VARIABLES: Record<string, { expression: string; entities: string[] }[]> = {
  'modules/catalogs/described.routes.ts': [{ expression: 'c.table', entities: ['product_categories', 'product_units', 'roles'] }],
  'modules/catalog-imports/catalog-import-write.ts': [{ expression: 'spec.table', entities: Object.values(CATALOGS).map((c) => c.table) }],
  'modules/ledger/ledger.service.ts': [
    { expression: 'entity', entities: ['invoices', 'dispatches'] },
    { expression: 'table', entities: ['invoices', 'dispatches'] },
  ],
  'modules/inventory-counts/inventory-counts.service.ts': [{ expression: 'ENTITY', entities: ['inventory_counts'] }],
  'cli/seed.ts': [{ expression: 'table', entities: ['product_categories', 'product_units', 'roles'] }],
};

test('every recordAudit call in api/src names an entity with a Spanish label', () => {
  const calls: string[] = [];
  const problems: string[] = [];
  for (const file of sources(SRC)) {
    const relative = path.relative(SRC, file).split(path.sep).join('/');
    if (relative === 'modules/audit/audit.repository.ts') continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/recordAudit\(/g)) {
      const call = text.slice(match.index, text.indexOf(');', match.index));
      if (/^recordAudit\(\s*$/.test(call) || call.includes('recordAudit(\n  trx: Trx')) continue;
      const entity = /entity(?::\s*([^,}\n]+))?[,}\n]/.exec(call);
      if (!entity) {
        problems.push(`${relative}: no se encontró la entidad en ${call.slice(0, 80)}`);
        continue;
      }
      const expression = (entity[1] ?? 'entity').trim();
      const literal = /^'([a-z_]+)'$/.exec(expression);
      const entities = literal ? [literal[1]] : ENTITY_VARIABLES[relative]?.find((v) => v.expression === expression)?.entities;
      if (!entities) {
        problems.push(`${relative}: entidad "${expression}" desconocida para esta prueba`);
        continue;
      }
      for (const name of entities) {
        calls.push(name);
        if (!AUDIT_ENTITY_LABELS[name]) problems.push(`${relative}: la entidad ${name} no tiene nombre en español`);
      }
    }
  }
  expect(problems).toEqual([]);
  // The test read the calls it should have (a broken pattern would find none and pass).
  expect(new Set(calls)).toEqual(
    new Set([
      'products',
      'suppliers',
      'employees',
      'employee_roles',
      'product_categories',
      'product_units',
      'roles',
      'invoices',
      'dispatches',
      'inventory_counts',
      'period_closings',
      'app_users',
      'material_requests',
      'warehouses',
      'transfers',
    ]),
  );
});

describe('the fields of every audited write', () => {
  let t: TestApp;
  let c: Client;
  beforeAll(async () => {
    t = await createTestApp();
    c = client(t);
  });
  afterAll(() => t.close());

  const ok = async (response: Promise<{ statusCode: number; body: string }>, status = [200, 201, 204]) => {
    const r = await response;
    if (!status.includes(r.statusCode)) throw new Error(`${r.statusCode}: ${r.body}`);
    return r as unknown as { json(): { data: Record<string, unknown> & { id: number } } };
  };

  test('have a Spanish label', async () => {
    // A closing is the last day of a month: the previous month's, whatever today is.
    const lastMonthEnd = (() => {
      const d = new Date(`${today(t).slice(0, 8)}01T12:00:00Z`);
      d.setUTCDate(0);
      return d.toISOString().slice(0, 10);
    })();
    // Catalogues: create, edit, delete each kind.
    const category = (await ok(c.post('/api/catalog/product-categories', { description: '2111 Materiales' }))).json().data.id;
    const unit = (await ok(c.post('/api/catalog/product-units', { description: 'Pieza' }))).json().data.id;
    await ok(c.put('/api/catalog/product-units', { id: unit, description: 'Pieza suelta' }));
    const spare = (await ok(c.post('/api/catalog/product-units', { description: 'Caja' }))).json().data.id;
    await ok(c.del(`/api/catalog/product-units/${spare}`));
    const role = (await ok(c.post('/api/catalog/roles', { description: 'Almacenista' }))).json().data.id;
    const catalog = await createCatalog(c);
    const [director] = catalog.employeeIds;
    await ok(c.put('/api/catalog/employees', { id: director, name: 'María', lastName: 'López Díaz' }));
    await ok(c.post('/api/catalog/employee-roles', { employeeId: director, roleId: role }));
    await ok(c.del(`/api/catalog/employee-roles/${director}/${role}`));
    const product = (await ok(c.post('/api/catalog/products', { name: 'Papel bond' }))).json().data.id;
    await ok(
      c.put('/api/catalog/products', { id: product, name: 'Papel bond carta', unitId: unit, categoryId: category, minimumStock: '2' }),
    );
    const gone = (await ok(c.post('/api/catalog/products', { name: 'Borrar' }))).json().data.id;
    await ok(c.del(`/api/catalog/products/${gone}`));
    await ok(c.put('/api/catalog/suppliers', { id: catalog.supplierId, name: 'Papelería Central', rfc: 'PAC0101011A1' }), [200, 201, 400]);
    const other = await ok(c.post('/api/catalog/suppliers', { name: 'Otro', rfc: 'OTR0101011A2' }), [201, 400]);
    const otherId = (other as unknown as { json(): { data?: { id: number } } }).json().data?.id;
    if (otherId) await ok(c.del(`/api/catalog/suppliers/${otherId}`));
    // Imports: one new, one changed.
    const csv = `ID,Descripción\r\n${unit},Pieza importada\r\n,Paquete\r\n`;
    await ok(
      t.app.inject({
        method: 'POST',
        url: '/api/catalog/imports/product-units',
        headers: { authorization: `Bearer ${await t.token()}`, 'content-type': 'text/csv' },
        payload: Buffer.from(csv),
      }),
    );
    // Documents and their cancellations.
    const invoice = (
      await ok(
        c.post(
          '/api/invoices',
          invoiceBody(t, catalog, [{ productId: product, quantity: 10, purchasePrice: '23.563', applyValueAddedTaxToPurchasePrice: true }]),
        ),
      )
    ).json().data.id;
    const dispatch = (await ok(c.post('/api/dispatches', dispatchBody(t, catalog, [{ productId: product, quantity: 1 }])))).json().data.id;
    await ok(c.post(`/api/dispatches/${dispatch}/cancellation`, { reason: 'Captura duplicada' }));
    const second = (
      await ok(c.post('/api/invoices', invoiceBody(t, catalog, [{ productId: product, quantity: 1, purchasePrice: 5 }])))
    ).json().data.id;
    await ok(c.post(`/api/invoices/${second}/cancellation`, { reason: 'Factura equivocada' }));
    expect(invoice).toBeGreaterThan(0);
    // A count applied, another discarded.
    const count = (
      await ok(c.post('/api/inventory-counts', { cutoffDate: today(t), description: 'Conteo de prueba', categoryIds: [category] }))
    ).json().data.id;
    await ok(
      c.put(`/api/inventory-counts/${count}/lines`, { lines: [{ productId: product, countedQuantity: '8.5', observations: 'Rotas' }] }),
    );
    const [warehouseKeeper, witness] = catalog.employeeIds.slice(1);
    await ok(
      c.post(`/api/inventory-counts/${count}/application`, {
        directorEmployeeId: director,
        warehouseKeeperEmployeeId: warehouseKeeper,
        witnessEmployeeId: witness,
      }),
    );
    const discarded = (
      await ok(c.post('/api/inventory-counts', { cutoffDate: today(t), description: 'Otro', categoryIds: [category] }))
    ).json().data.id;
    await ok(c.post(`/api/inventory-counts/${discarded}/discard`));
    // A closing, reopened.
    await ok(c.post('/api/period-closings', { until: lastMonthEnd }));
    await ok(c.post(`/api/period-closings/${lastMonthEnd}/reopening`, { reason: 'Falta una factura' }));
    // Users: a newcomer's roles, deactivated and reactivated.
    const rosa = client(t, { sub: 'rosa', name: 'Rosa Díaz', email: 'rosa@escuela.mx', almacen_roles: [] });
    await rosa.get('/api/me');
    const users = (await c.get('/api/users')).json().data as Array<{ id: number; name: string }>;
    const id = users.find((u) => u.name === 'Rosa Díaz')!.id;
    await ok(c.put(`/api/users/${id}/roles`, { roles: ['CONSULTA'] }));
    await ok(c.post(`/api/users/${id}/deactivation`));
    await ok(c.del(`/api/users/${id}/deactivation`));

    // A warehouse: registered and edited.
    const plantel = (await ok(c.post('/api/warehouses', { code: 'P012', name: 'Plantel 12', address: 'Av. Juárez 10' }))).json().data.id;
    await ok(c.put(`/api/warehouses/${plantel}`, { code: 'P012', name: 'Plantel 12', responsibleEmployeeId: director, active: false }));
    // A material request: asked, authorized by its head, delivered by two exits (one cancelled), closed and received.
    const [, asker, head] = catalog.employeeIds;
    const jefa = client(t, { sub: 'jefa', name: 'Jefa de Área', almacen_roles: ['SOLICITANTE'] });
    await jefa.get('/api/me');
    const people = (await c.get('/api/users')).json().data as Array<{ id: number; name: string }>;
    await ok(c.put(`/api/users/${people.find((u) => u.name === 'Ana Pérez')!.id}/employee`, { employeeId: asker }));
    await ok(c.put(`/api/users/${people.find((u) => u.name === 'Jefa de Área')!.id}/employee`, { employeeId: head }));
    const asked = (
      await ok(
        c.post('/api/requests', {
          areaHeadEmployeeId: head,
          reason: 'Papel para exámenes',
          lines: [{ productId: product, quantity: '3' }],
        }),
      )
    ).json().data as unknown as { id: number; lines: Array<{ id: number }> };
    await ok(jefa.post(`/api/requests/${asked.id}/authorization`, { lines: [{ lineId: asked.lines[0].id, quantity: '2' }] }));
    const deliver = (quantity: string) =>
      c.post('/api/dispatches', {
        ...dispatchBody(t, catalog, [{ productId: product, quantity }]),
        personInChargeOfTheRequestingAreaEmployeeId: head,
        petitionerEmployeeId: asker,
        requestId: asked.id,
        products: [{ productId: product, requestLineId: asked.lines[0].id, quantity, exitPrice: '1', observations: '' }],
      });
    await ok(deliver('1'));
    const undone = (await ok(deliver('0.5'))).json().data.id;
    await ok(c.post(`/api/dispatches/${undone}/cancellation`, { reason: 'Se entregó de más' }));
    await ok(c.post(`/api/requests/${asked.id}/closure`, { reason: 'Ya no hay presupuesto' }));
    await ok(c.post(`/api/requests/${asked.id}/receipt`, {}));

    const { rows } = await t.db.query<{ entity: string; before: unknown; after: unknown }>('SELECT entity, before, after FROM audit_log');
    const fields = new Set<string>();
    const named = (record: Record<string, unknown>) => typeof (record.name ?? record.description ?? record.productName) === 'string';
    const walk = (entity: string, value: unknown) => {
      if (Array.isArray(value)) for (const item of value) walk(entity, item);
      else if (value && typeof value === 'object' && !named(value as Record<string, unknown>)) {
        for (const [field, inner] of Object.entries(value)) {
          fields.add(`${entity}.${field}`);
          walk(entity, inner);
        }
      } else if (value && typeof value === 'object') {
        // A named record is shown by its name; a list inside it (a document's lines) still has fields.
        for (const [field, inner] of Object.entries(value)) {
          if (Array.isArray(inner) || (inner && typeof inner === 'object')) walk(entity, inner);
          fields.add(`${entity}.${field}`);
        }
      }
    };
    for (const row of rows) {
      walk(row.entity, row.before);
      walk(row.entity, row.after);
    }
    const entities = new Set(rows.map((r) => r.entity));
    expect([...entities].filter((entity) => !AUDIT_ENTITY_LABELS[entity])).toEqual([]);
    // The run reached what it meant to: every entity the API audits.
    expect(entities.size).toBeGreaterThanOrEqual(13);
    const missing = [...fields].filter((key) => {
      const [entity, field] = key.split('.');
      return auditFieldLabelOf(entity, field) === undefined;
    });
    expect(missing.sort()).toEqual([]);
  });
});

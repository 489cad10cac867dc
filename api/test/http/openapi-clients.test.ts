// The OpenAPI document the API serves, as the tools a client's author reaches for read it:
// `redocly lint` with every recommended rule (redocly.yaml at the root turns off only the
// licence, which Almacén does not publish) finds no error and no warning, and the types
// openapi-typescript generates from it agree with the shapes the portal reads
// (@almacen/shared/domain), answer by answer: each is assignable to the other, so a field the API always sends
// is not optional in one and required in the other.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { createTestApp, type TestApp } from '../helpers/test-app';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../..');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
const SHARED_DOMAIN = path.join(ROOT, 'shared/src/domain');
const SHARED_DOMAIN_PAGES = path.join(ROOT, 'shared/src/domain-pages');

let t: TestApp;
let dir: string;
let documentFile: string;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  dir = mkdtempSync(path.join(tmpdir(), 'almacen-openapi-'));
  documentFile = path.join(dir, 'openapi.json');
  writeFileSync(documentFile, response.body);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

test('redocly lint (recommended rules, the licence aside): no error and no warning', async () => {
  const lint = await run(bin('redocly'), ['lint', documentFile, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json'], {
    cwd: ROOT,
    // No telemetry nor update check: the lint reads the file and nothing else.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }));
  const report = JSON.parse(lint.stdout) as {
    totals: { errors: number; warnings: number };
    problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
  };
  // Each problem with its rule and where it is, so a failing run says what to fix.
  expect(report.problems.map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`)).toEqual([]);
  expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
});

/** What the generated types must agree with: `operations[<operationId>]`'s answer ⇄ a shared type. */
const AGREEMENT = `
import type { operations } from './api';
import type { Described, Dispatch, Employee, EmployeeRoles, Invoice, Movement, Product, Stock, Supplier } from '${SHARED_DOMAIN}/types';
import type { CountDetail, CountSummary, InvoiceDefaults, DispatchDefaults, NextClosing, CursorPage, PeriodClosing, StockSummary } from '${SHARED_DOMAIN}/wire';
import type { AuditFilterOptions, AuditLogEntry, Me, UserSummary } from '${SHARED_DOMAIN}/access';
import type { LastBackups } from '${SHARED_DOMAIN_PAGES}/backups';
import type { RequestChoices, RequestCounts, RequestDetail, RequestSummary } from '${SHARED_DOMAIN}/requests';

type Data<Id extends keyof operations, Status extends keyof operations[Id]['responses'] = 200 & keyof operations[Id]['responses']> =
  operations[Id]['responses'][Status] extends { content: { 'application/json': { data: infer D } } } ? D : never;
/** The whole answer, for the paged lists whose envelope carries nextCursor beside data. */
type Body<Id extends keyof operations> = operations[Id]['responses'][200 & keyof operations[Id]['responses']] extends { content: { 'application/json': infer B } } ? B : never;
type Item<T> = T extends ReadonlyArray<infer I> ? I : never;
/** true when each is assignable to the other; otherwise both, for the compiler's message. */
type Agree<Shared, Generated> = [Shared] extends [Generated] ? ([Generated] extends [Shared] ? true : { shared: Shared; generated: Generated }) : { shared: Shared; generated: Generated };
const agree = <T extends true>(name: string): T | string => name;

agree<Agree<Product, Data<'getCatalogProductsById'>>>('Product (GET /api/catalog/products/{id})');
agree<Agree<Product, Item<Data<'getCatalogProducts'>>>>('Product (GET /api/catalog/products)');
agree<Agree<Described, Item<Data<'getCatalogProductUnits'>>>>('Unit');
agree<Agree<Described, Item<Data<'getCatalogProductCategories'>>>>('Category');
agree<Agree<Described, Item<Data<'getCatalogRoles'>>>>('Role');
agree<Agree<Employee, Item<Data<'getCatalogEmployees'>>>>('Employee');
agree<Agree<EmployeeRoles, Data<'getCatalogEmployeeRolesByEmployeeId'>>>('EmployeeRoles');
agree<Agree<Supplier, Data<'getCatalogSuppliersById'>>>('Supplier');
agree<Agree<Invoice, Item<Data<'getInvoices'>>>>('Invoice (GET /api/invoices)');
agree<Agree<Dispatch, Item<Data<'getDispatches'>>>>('Dispatch (GET /api/dispatches)');
agree<Agree<CursorPage<Movement>, Body<'getMovementsProductsById'>>>('CursorPage<Movement> (GET /api/movements/products/{id})');
agree<Agree<Stock, Data<'getStockByProductId'>>>('Stock (GET /api/stock/{productId})');
agree<Agree<StockSummary, Data<'getStockSummary'>>>('StockSummary');
agree<Agree<PeriodClosing, Item<Data<'getPeriodClosings'>>>>('PeriodClosing');
agree<Agree<NextClosing, Data<'getPeriodClosingsNext'>>>('NextClosing');
agree<Agree<CountSummary, Item<Data<'getInventoryCounts'>>>>('CountSummary');
agree<Agree<CountDetail, Data<'getInventoryCountsById'>>>('CountDetail');
// No earlier document: null.
agree<Agree<InvoiceDefaults | null, Data<'getInvoicesDefaults'>>>('InvoiceDefaults');
agree<Agree<DispatchDefaults | null, Data<'getDispatchesDefaults'>>>('DispatchDefaults');
agree<Agree<Me, Data<'getMe'>>>('Me');
agree<Agree<UserSummary, Item<Data<'getUsers'>>>>('UserSummary');
agree<Agree<CursorPage<AuditLogEntry>, Body<'getAudit'>>>('CursorPage<AuditLogEntry> (GET /api/audit)');
agree<Agree<AuditFilterOptions, Data<'getAuditFilters'>>>('AuditFilterOptions');
agree<Agree<LastBackups, Data<'getAdminBackupsLast'>>>('LastBackups');
agree<Agree<RequestSummary, Item<Data<'getRequests'>>>>('RequestSummary (GET /api/requests)');
agree<Agree<RequestDetail, Data<'getRequestsById'>>>('RequestDetail (GET /api/requests/{id})');
agree<Agree<RequestDetail, Data<'postRequests', 201>>>('RequestDetail (POST /api/requests)');
agree<Agree<RequestDetail, Data<'postRequestsByIdAuthorization'>>>('RequestDetail (POST /api/requests/{id}/authorization)');
agree<Agree<RequestCounts, Data<'getRequestsCounts'>>>('RequestCounts');
agree<Agree<RequestChoices, Data<'getRequestsChoices'>>>('RequestChoices');
`;

test('openapi-typescript: the generated answers agree with the shared types, both ways', async () => {
  await run(bin('openapi-typescript'), [documentFile, '--output', path.join(dir, 'api.ts')], { cwd: ROOT });
  const check = path.join(dir, 'agreement.ts');
  writeFileSync(check, AGREEMENT);
  const program = ts.createProgram([check], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  });
  const problems = ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  expect(problems).toEqual([]);
});

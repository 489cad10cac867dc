// The OpenAPI description is generated from the route declarations; every call of product
// portal makes must be in it with its method. Reports are a separate issue and are listed apart.
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The calls the portal makes, verbatim (path parameters in OpenAPI form). */
const SPEC_CALLS = [
  'GET /api/catalog/products',
  'GET /api/catalog/products/{id}',
  'POST /api/catalog/products',
  'PUT /api/catalog/products',
  'DELETE /api/catalog/products/{id}',
  'GET /api/catalog/product-categories',
  'POST /api/catalog/product-categories',
  'PUT /api/catalog/product-categories',
  'DELETE /api/catalog/product-categories/{id}',
  'GET /api/catalog/product-units',
  'POST /api/catalog/product-units',
  'PUT /api/catalog/product-units',
  'DELETE /api/catalog/product-units/{id}',
  'GET /api/catalog/roles',
  'POST /api/catalog/roles',
  'PUT /api/catalog/roles',
  'DELETE /api/catalog/roles/{id}',
  'GET /api/catalog/employee-roles/{employeeId}',
  'POST /api/catalog/employee-roles',
  'DELETE /api/catalog/employee-roles/{employeeId}/{roleId}',
  'GET /api/catalog/employees',
  'POST /api/catalog/employees',
  'PUT /api/catalog/employees',
  'DELETE /api/catalog/employees/{id}',
  'GET /api/catalog/suppliers',
  'GET /api/catalog/suppliers/{id}',
  'POST /api/catalog/suppliers',
  'PUT /api/catalog/suppliers',
  'DELETE /api/catalog/suppliers/{id}',
  'GET /api/dispatches',
  'POST /api/dispatches',
  'GET /api/invoices',
  'POST /api/invoices',
  'GET /api/movements/dispatches/{id}',
  'GET /api/movements/invoices/{id}',
  'GET /api/movements/products/{id}',
  'GET /api/stock/{productId}',
];

/** Spec §7 report downloads. */
const SPEC_REPORT_CALLS = [
  'POST /api/reports/products/{id}',
  'POST /api/reports/dispatches/{id}',
  'POST /api/reports/invoices/{id}',
  'POST /api/reports/stock',
];

/** Cancelling an entry or an exit with a reversing document. */
const CANCELLATION_CALLS = ['POST /api/invoices/{id}/cancellation', 'POST /api/dispatches/{id}/cancellation'];

interface OpenApi {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        parameters?: Array<{ name: string; in: string }>;
        requestBody?: unknown;
        responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
      }
    >
  >;
  components?: { securitySchemes?: Record<string, unknown> };
}

interface JsonSchema {
  required?: string[];
  properties?: Record<string, JsonSchema & { enum?: string[] }>;
  items?: JsonSchema;
}

let doc: OpenApi;
beforeAll(async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  doc = response.json();
});

const present = (call: string) => {
  const [method, path] = call.split(' ');
  return Boolean(doc.paths[path]?.[method.toLowerCase()]);
};

test('it is an OpenAPI 3 document with bearer security', () => {
  expect(doc.openapi).toMatch(/^3\./);
  expect(doc.components?.securitySchemes?.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
});

test('every call the portal makes (reports aside) is described', () => {
  expect(SPEC_CALLS.filter((call) => !present(call))).toEqual([]);
});

test('every report download the portal makes is described', () => {
  expect(SPEC_REPORT_CALLS.filter((call) => !present(call))).toEqual([]);
});

test('catalogue writes document their body and path ids are integers', () => {
  expect(doc.paths['/api/catalog/products'].put.requestBody).toMatchObject({
    content: { 'application/json': { schema: { required: ['id', 'name'] } } },
  });
  const param = doc.paths['/api/catalog/products/{id}'].get.parameters?.find((p) => p.name === 'id');
  expect(param).toMatchObject({ in: 'path', schema: { type: 'integer' } });
  expect(Object.keys(doc.paths['/api/catalog/products'].get.responses ?? {})).toEqual(expect.arrayContaining(['200', '401']));
});

test('the identity provider and static files are not described as API; the operation probes are, under «operación»', () => {
  expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/') && p !== '/healthz' && p !== '/metrics')).toEqual([]);
  for (const probe of ['/healthz', '/metrics']) {
    expect([probe, (doc.paths[probe].get as { tags?: string[] }).tags]).toEqual([probe, ['operación']]);
  }
});

test('the cancellation calls are described: integer path id, the reason body, 201 with the document and its movements, 404 and 409', () => {
  expect(CANCELLATION_CALLS.filter((call) => !present(call))).toEqual([]);
  for (const path of ['/api/invoices/{id}/cancellation', '/api/dispatches/{id}/cancellation']) {
    const post = doc.paths[path].post;
    expect(post.parameters?.find((p) => p.name === 'id')).toMatchObject({ in: 'path', schema: { type: 'integer' } });
    expect(post.parameters?.find((p) => p.name === 'idempotency-key')).toMatchObject({ in: 'header' });
    expect(post.requestBody).toMatchObject({
      content: {
        'application/json': { schema: { required: ['reason'], properties: { reason: { type: 'string', minLength: 5, maxLength: 500 } } } },
      },
    });
    expect(Object.keys(post.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '401', '404', '409']));
    const created = post.responses!['201'].content!['application/json'].schema.properties!.data;
    expect(created.required).toEqual(['id', 'documentId', 'reason', 'cancelledAt', 'cancelledBy', 'movements']);
    expect(created.properties!.movements.items!.properties!.movementType.enum).toEqual([
      'INVOICE',
      'DISPATCH',
      'INVOICE_CANCELLATION',
      'DISPATCH_CANCELLATION',
      'ADJUSTMENT_IN',
      'ADJUSTMENT_OUT',
      'TRANSFER_OUT',
      'TRANSFER_IN',
      'TRANSFER_RETURN',
    ]);
  }
});

test("the histories describe each item's status and cancellation", () => {
  for (const path of ['/api/invoices', '/api/dispatches']) {
    const item = doc.paths[path].get.responses!['200'].content!['application/json'].schema.properties!.data.items!;
    expect(item.required).toEqual(expect.arrayContaining(['status', 'cancellation']));
    expect(item.properties!.status.enum).toEqual(['REGISTRADA', 'CANCELADA']);
    expect(item.properties!.cancellation.required).toEqual(['reason', 'cancelledAt', 'cancelledBy']);
  }
});

/** Users and their roles, the audit log and its workbook. */
const ACCESS_CALLS = [
  'GET /api/me',
  'GET /api/users',
  'POST /api/users',
  'PUT /api/users/{id}/roles',
  'POST /api/users/{id}/password-reset',
  'POST /api/users/{id}/deactivation',
  'DELETE /api/users/{id}/deactivation',
  'GET /api/audit',
  'GET /api/audit/filters',
  'POST /api/reports/audit',
];

test('the access calls are described: bodies, integer ids, the audit filters and the 403/409 answers', () => {
  expect(ACCESS_CALLS.filter((call) => !present(call))).toEqual([]);
  const roles = doc.paths['/api/users/{id}/roles'].put;
  expect(roles.parameters?.find((p) => p.name === 'id')).toMatchObject({ in: 'path', schema: { type: 'integer' } });
  expect(roles.requestBody).toMatchObject({ content: { 'application/json': { schema: { required: ['roles'] } } } });
  expect(Object.keys(roles.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '403', '404', '409']));
  const user = doc.paths['/api/users'].get.responses!['200'].content!['application/json'].schema.properties!.data.items!;
  expect(user.required).toEqual(['id', 'name', 'email', 'username', 'roles', 'lastSeenAt', 'createdAt', 'origin', 'active', 'employeeId']);
  expect(doc.paths['/api/users'].post.requestBody).toMatchObject({
    content: { 'application/json': { schema: { required: ['username', 'name'] } } },
  });
  const audit = doc.paths['/api/audit'].get;
  expect(
    audit.parameters
      ?.filter((p) => p.in === 'query')
      .map((p) => p.name)
      .sort(),
  ).toEqual(['action', 'actor', 'cursor', 'entity', 'from', 'limit', 'to']);
  expect(audit.responses!['200'].content!['application/json'].schema.required).toEqual(['data', 'nextCursor']);
  const report = doc.paths['/api/reports/audit'].post;
  expect(
    report.parameters
      ?.filter((p) => p.in === 'query')
      .map((p) => p.name)
      .sort(),
  ).toEqual(['action', 'actor', 'entity', 'format', 'from', 'to']);
});

test('every operation has its own camelCase operationId, derived from the method and the path unless the route names it', () => {
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ call: `${method.toUpperCase()} ${path}`, id: operation.operationId })),
  );
  expect(operations.length).toBeGreaterThan(80);
  // An operation without one, or with one that is not camelCase, is named here with its call.
  expect(operations.filter(({ id }) => !/^[a-z][A-Za-z0-9]*$/.test(id ?? ''))).toEqual([]);
  const seen = new Map<string, string[]>();
  for (const { call, id } of operations) seen.set(id!, [...(seen.get(id!) ?? []), call]);
  expect([...seen].filter(([, calls]) => calls.length > 1)).toEqual([]);
  expect(doc.paths['/api/catalog/products/{id}'].get.operationId).toBe('getCatalogProductsById');
  expect(doc.paths['/api/catalog/employee-roles/{employeeId}/{roleId}'].delete.operationId).toBe(
    'deleteCatalogEmployeeRolesByEmployeeIdAndRoleId',
  );
  expect(doc.paths['/api/period-closings/{until}/reopening'].post.operationId).toBe('postPeriodClosingsByUntilReopening');
  expect(doc.paths['/healthz'].get.operationId).toBe('getHealthz');
});

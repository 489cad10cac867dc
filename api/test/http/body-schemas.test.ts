// Request bodies are described twice: for people, in the OpenAPI description (documentBody in each
// route), and for the machine, by the superstruct schemas that validate them (shared/domain). This
// test makes the two agree: for every documented body, each limit the description
// promises — required fields, maxLength/minLength, enums, maxItems — is what the API enforces,
// field by field, over HTTP. A limit changed on one side only fails here.
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../helpers/test-app';

interface Schema {
  type?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  maxLength?: number;
  minLength?: number;
  maxItems?: number;
  enum?: string[];
  format?: string;
  pattern?: string;
  nullable?: boolean;
  $ref?: string;
}
interface Operation {
  method: string;
  path: string;
  body: Schema;
}

let t: TestApp;
let operations: Operation[];
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.token({ sub: 'contrato', name: 'Revisión del contrato', almacen_roles: ['ADMINISTRADOR'] });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => op.requestBody?.content['application/json'])
      .map(([method, op]) => ({ method: method.toUpperCase(), path, body: op.requestBody!.content['application/json'].schema })),
  );
}, 60_000);
afterAll(() => t.close());

/** Path parameters filled with well-formed values (the body is validated before any lookup). */
const url = (path: string) => path.replace('{until}', '2020-01-31').replace(/\{[^}]+\}/g, '999999');

/** The field errors the API answers for `body` (none when the body passed validation). */
async function fieldErrors(op: Operation, body: unknown): Promise<Record<string, string>> {
  const response = await t.app.inject({
    method: op.method as 'POST',
    url: url(op.path),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    payload: JSON.stringify(body),
  });
  expect(response.statusCode).toBeLessThan(500);
  if (response.statusCode !== 400) return {};
  return (response.json() as { errors?: Record<string, string> }).errors ?? {};
}

const name = (op: Operation) => `${op.method} ${op.path}`;

test('the OpenAPI description documents the request bodies (the routes that take one)', () => {
  const documented = operations.map(name);
  for (const expected of [
    'POST /api/catalog/products',
    'PUT /api/catalog/products',
    'POST /api/invoices',
    'POST /api/dispatches',
    'POST /api/users',
    'PUT /api/users/{id}/roles',
  ]) {
    expect(documented).toContain(expected);
  }
  expect(operations.length).toBeGreaterThanOrEqual(20);
});

test('every required field of a description is required by the API, and no other field', async () => {
  const disagreements: string[] = [];
  for (const op of operations) {
    const errors = await fieldErrors(op, {});
    const required = new Set(op.body.required ?? []);
    for (const field of required)
      if (!(field in errors)) disagreements.push(`${name(op)}: "${field}" is required in OpenAPI but the API accepts it missing`);
    for (const field of Object.keys(op.body.properties ?? {})) {
      if (!required.has(field) && field in errors)
        disagreements.push(`${name(op)}: "${field}" is optional in OpenAPI but the API requires it`);
    }
  }
  expect(disagreements).toEqual([]);
});

test('every maxLength and minLength of a text field is where the API puts it', async () => {
  const disagreements: string[] = [];
  const probes = operations.flatMap((op) =>
    Object.entries(op.body.properties ?? {})
      .filter(([, field]) => field.type === 'string' && !field.enum && (field.maxLength !== undefined || field.minLength !== undefined))
      .map(([field, schema]) => ({ op, field, schema })),
  );
  expect(probes.length).toBeGreaterThanOrEqual(20);
  for (const { op, field, schema } of probes) {
    const refused = async (length: number) => field in (await fieldErrors(op, { [field]: 'a'.repeat(length) }));
    // A field with a shape of its own (an e-mail, a pattern) refuses "aaa…" at any length: there
    // only the side beyond the limit can be probed.
    const plainText = !(await refused(Math.max(schema.minLength ?? 1, 1)));
    if (schema.maxLength !== undefined) {
      if (plainText && (await refused(schema.maxLength)))
        disagreements.push(`${name(op)}: "${field}" of ${schema.maxLength} characters is refused (OpenAPI maxLength ${schema.maxLength})`);
      if (!(await refused(schema.maxLength + 1)))
        disagreements.push(
          `${name(op)}: "${field}" of ${schema.maxLength + 1} characters is accepted (OpenAPI maxLength ${schema.maxLength})`,
        );
    }
    if (schema.minLength !== undefined && schema.minLength > 0) {
      if (!plainText)
        disagreements.push(`${name(op)}: "${field}" of ${schema.minLength} characters is refused (OpenAPI minLength ${schema.minLength})`);
      if (!(await refused(schema.minLength - 1)))
        disagreements.push(
          `${name(op)}: "${field}" of ${schema.minLength - 1} characters is accepted (OpenAPI minLength ${schema.minLength})`,
        );
    }
  }
  expect(disagreements).toEqual([]);
});

test('every enum is exactly the set of values the API accepts', async () => {
  const disagreements: string[] = [];
  let checked = 0;
  for (const op of operations) {
    for (const [field, schema] of Object.entries(op.body.properties ?? {})) {
      const values = schema.enum ?? schema.items?.enum;
      if (!values) continue;
      checked++;
      const wrap = (value: string) => (schema.enum ? value : [value]);
      const refused = async (value: string) =>
        Object.keys(await fieldErrors(op, { [field]: wrap(value) })).some((key) => key === field || key.startsWith(`${field}.`));
      for (const value of values)
        if (await refused(value)) disagreements.push(`${name(op)}: "${field}" = ${value} is in the OpenAPI enum but refused`);
      if (!(await refused('NO_EXISTE'))) disagreements.push(`${name(op)}: "${field}" accepts a value outside its OpenAPI enum`);
    }
  }
  expect(checked).toBeGreaterThanOrEqual(2);
  expect(disagreements).toEqual([]);
});

test('every maxItems of a list is where the API puts it', async () => {
  const disagreements: string[] = [];
  for (const op of operations) {
    for (const [field, schema] of Object.entries(op.body.properties ?? {})) {
      if (schema.type !== 'array' || schema.maxItems === undefined) continue;
      const tooMany = Array.from({ length: schema.maxItems + 1 }, () => ({}));
      const errors = await fieldErrors(op, { [field]: tooMany });
      if (!(field in errors))
        disagreements.push(
          `${name(op)}: "${field}" with ${schema.maxItems + 1} items is not refused as a list (OpenAPI maxItems ${schema.maxItems})`,
        );
    }
  }
  expect(disagreements).toEqual([]);
});

// The one rule that names every operation of the OpenAPI document, and a route's own name.
import { describeRoute, operationIdOf } from './openapi';

test('operationIdOf: the method, then each path segment in PascalCase, parameters as By…And…', () => {
  expect(operationIdOf('GET', '/api/catalog/products')).toBe('getCatalogProducts');
  expect(operationIdOf('GET', '/api/catalog/products/:id')).toBe('getCatalogProductsById');
  expect(operationIdOf('DELETE', '/api/catalog/employee-roles/:employeeId/:roleId')).toBe(
    'deleteCatalogEmployeeRolesByEmployeeIdAndRoleId',
  );
  expect(operationIdOf('POST', '/api/period-closings/:until/reopening')).toBe('postPeriodClosingsByUntilReopening');
  expect(operationIdOf('POST', '/api/reports/inventory-counts/{id}/sheet')).toBe('postReportsInventoryCountsByIdSheet');
  expect(operationIdOf('GET', '/healthz')).toBe('getHealthz');
  expect(operationIdOf(['GET', 'HEAD'], '/metrics')).toBe('getHeadMetrics');
});

test('describeRoute: a route that names its operation keeps the name; what is not the API is hidden', () => {
  const route = { method: 'GET' };
  expect(describeRoute({ schema: { summary: 'x' }, url: '/api/stock', route }).schema).toMatchObject({
    operationId: 'getStock',
    summary: 'x',
  });
  expect(describeRoute({ schema: { operationId: 'stockAtADate' }, url: '/api/stock', route }).schema).toMatchObject({
    operationId: 'stockAtADate',
  });
  expect(describeRoute({ schema: undefined, url: '/oidc/auth', route }).schema).toEqual({ hide: true });
  expect(describeRoute({ schema: { 'x-body': { type: 'object' } }, url: '/api/invoices', route: { method: 'POST' } }).schema).toEqual({
    operationId: 'postInvoices',
    body: { type: 'object' },
  });
});

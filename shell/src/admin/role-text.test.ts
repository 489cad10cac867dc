// How a granted role reads: with its warehouse where there are several, alone with one.
import { roleText, rolesText } from './role-text';

const codes = new Map([
  [12, 'P012'],
  [13, 'P013'],
]);

describe('roleText', () => {
  it('with several warehouses: the warehouse’s code, or «todos»', () => {
    expect(roleText({ role: 'ALMACENISTA', warehouseId: 12 }, codes)).toBe('Almacenista (P012)');
    expect(roleText({ role: 'CONSULTA', warehouseId: null }, codes)).toBe('Consulta (todos)');
    // A warehouse the list does not have is named by its number, never left out.
    expect(roleText({ role: 'ALMACENISTA', warehouseId: 99 }, codes)).toBe('Almacenista (almacén 99)');
  });

  it('with one warehouse: the role alone, each once', () => {
    expect(
      rolesText(
        [
          { role: 'CONSULTA', warehouseId: null },
          { role: 'CONSULTA', warehouseId: 1 },
          { role: 'AUTORIZADOR', warehouseId: null },
        ],
        null,
      ),
    ).toBe('Consulta, Autorizador');
  });

  it('a role named alone (an API built before) holds in every warehouse', () => {
    expect(roleText('CONSULTA', codes)).toBe('Consulta (todos)');
    expect(rolesText(['CONSULTA', { role: 'ALMACENISTA', warehouseId: 13 }], codes)).toBe('Consulta (todos), Almacenista (P013)');
  });
});

import { auditChangeText, auditChanges, auditTableOf, auditValueText } from './audit-values';

const TZ = 'America/Mexico_City';
const texts = (entry: { entity: string; entityId?: string; before: unknown; after: unknown }) =>
  auditChanges(entry, TZ).map(auditChangeText);

describe('the Bitácora’s words', () => {
  it('labels the fields that changed in Spanish and writes values as the screens do', () => {
    expect(
      texts({ entity: 'products', before: { name: 'Caja', minimumStock: '2' }, after: { name: 'Caja chica', minimumStock: '2' } }),
    ).toEqual(['Nombre: Caja → Caja chica']);
    expect(
      texts({ entity: 'app_users', before: { roles: [], active: true }, after: { roles: ['CONSULTA', 'AUTORIZADOR'], active: false } }),
    ).toEqual(['Permisos: — → Consulta, Autorizador', 'Activo: Sí → No']);
    // Roles per warehouse: every warehouse reads as the role alone, one warehouse by its code then.
    expect(
      texts({
        entity: 'app_users',
        before: { roles: [{ role: 'CONSULTA', warehouseId: null }] },
        after: {
          roles: [
            { role: 'CONSULTA', warehouseId: null },
            { role: 'ALMACENISTA', warehouseId: 2, warehouse: 'P012' },
            { role: 'AUTORIZADOR', warehouseId: 7 },
          ],
        },
      }),
    ).toEqual(['Permisos: Consulta → Consulta, Almacenista (P012), Autorizador (almacén 7)']);
    expect(texts({ entity: 'period_closings', before: null, after: { until: '2026-10-31', totalValue: '3635.562857' } })).toEqual([
      'Cerrado hasta: 31/10/2026',
      'Valor total: $3,635.56',
    ]);
    expect(auditValueText('closedAt', '2026-11-01T03:15:00.000Z', TZ)).toBe('31/10/2026 21:15');
    expect(auditValueText('purchasePrice', '23.562857', TZ)).toBe('$23.563');
    expect(auditValueText('invoiceType', 'COMPRA_DIRECTA', TZ)).not.toBe('COMPRA_DIRECTA');
    expect(auditValueText('status', 'REGISTRADA', TZ)).toBe('Vigente');
  });

  it('puts names beside ids and shows a nested record by its name', () => {
    const after = {
      supplierId: 1,
      supplier: { id: 1, name: 'Papelería Central', rfc: 'PAC0101011A1' },
      createdBy: 'user-1',
      createdByName: 'Ana Pérez',
    };
    expect(texts({ entity: 'invoices', before: null, after })).toEqual(['Proveedor: Papelería Central (ID 1)', 'Creado por: Ana Pérez']);
    // The record's own id is the row's «ID» already.
    expect(texts({ entity: 'products', entityId: '4', before: null, after: { id: 4, name: 'Grapas' } })).toEqual(['Nombre: Grapas']);
  });

  it('turns a list of records into a table, and a write that changed nothing still says what it holds', () => {
    const lines = [
      { id: 9, productId: 5, productName: 'Caja de clips', countedQuantity: '4.5', unitCost: null },
      { id: 10, productId: 6, productName: 'Grapas', countedQuantity: null, unitCost: null },
    ];
    // The rows' own ids and a column empty in every row are left out.
    expect(auditTableOf('inventory_counts', lines, TZ)).toEqual({
      columns: ['Producto', 'Cantidad contada'],
      rows: [
        ['5 · Caja de clips', '4.5'],
        ['6 · Grapas', '—'],
      ],
    });
    expect(texts({ entity: 'inventory_counts', before: { lines }, after: { lines } })).toEqual([
      'Renglones: \nProducto: 5 · Caja de clips; Cantidad contada: 4.5\nProducto: 6 · Grapas; Cantidad contada: —',
    ]);
  });
});

import { isInboundMovement, MOVEMENT_TYPES, movementTypeLabel } from './labels';

test('a movement adds to the stock when it is an entry, the cancellation of an exit or a count surplus, a transfer received or returned; the others take from it', () => {
  expect(Object.fromEntries(MOVEMENT_TYPES.map((code) => [movementTypeLabel(code), isInboundMovement(code)]))).toEqual({
    Entrada: true,
    'Cancelación de salida': true,
    Salida: false,
    'Cancelación de entrada': false,
    'Ajuste por inventario (sobrante)': true,
    'Ajuste por inventario (faltante)': false,
    'Traspaso enviado': false,
    'Traspaso recibido': true,
    'Traspaso devuelto': true,
  });
  // A code this version does not know is not counted as stock coming in.
  expect(isInboundMovement('AJUSTE')).toBe(false);
});

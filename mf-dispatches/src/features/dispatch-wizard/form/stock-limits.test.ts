import { STOCK_MESSAGES, stockErrors } from '../../../lib/stock-limits';
import { emptyRow, exitPriceFrom, toPayload, type DispatchRow } from './dispatch-form';

const row = (over: Partial<DispatchRow>): DispatchRow => ({ ...emptyRow(`k${Math.random()}`), ...over });

describe('stockErrors', () => {
  test('a quantity up to the available quantity passes, one thousandth more does not', () => {
    expect(stockErrors([row({ productId: 5, quantity: '12.5', availableQuantity: '12.500' })])).toEqual({});
    expect(stockErrors([row({ productId: 5, quantity: '12.501', availableQuantity: '12.5' })])).toEqual({
      'products.0.quantity': 'La cantidad no puede ser mayor a la existencia disponible (12.5).',
    });
  });

  test('compares as decimals, not as text or floats', () => {
    // "9" > "10" as text; 0.1 + 0.2 > 0.3 as floats — both must pass here.
    expect(stockErrors([row({ productId: 1, quantity: '9', availableQuantity: '10' })])).toEqual({});
    expect(
      stockErrors([
        row({ productId: 1, quantity: '0.1', availableQuantity: '0.3' }),
        row({ productId: 1, quantity: '0.2', availableQuantity: '0.3' }),
      ]),
    ).toEqual({});
  });

  test('rows of the same product share ONE availability', () => {
    const rows = [
      row({ productId: 5, quantity: '8', availableQuantity: '12.5' }),
      row({ productId: 7, quantity: '100', availableQuantity: '200' }),
      row({ productId: 5, quantity: '5', availableQuantity: '12.5' }),
    ];
    const message = 'La suma de las cantidades de este producto (13) no puede ser mayor a la existencia disponible (12.5).';
    expect(stockErrors(rows)).toEqual({ 'products.0.quantity': message, 'products.2.quantity': message });
    // together exactly the availability is allowed
    rows[2] = { ...rows[2], quantity: '4.5' };
    expect(stockErrors(rows)).toEqual({});
  });

  test('a product without stock cannot be dispatched, in any of its rows', () => {
    expect(
      stockErrors([
        row({ productId: 3, quantity: '1', availableQuantity: '0.000' }),
        row({ productId: 3, quantity: '', availableQuantity: '0' }),
      ]),
    ).toEqual({
      'products.0.productId': STOCK_MESSAGES.noStock,
      'products.1.productId': STOCK_MESSAGES.noStock,
    });
    expect(STOCK_MESSAGES.noStock).toBe('El producto no tiene existencia disponible.');
  });

  test('while the availability is unknown the row cannot pass', () => {
    expect(stockErrors([row({ productId: 9, quantity: '1', availableQuantity: null })])).toEqual({
      'products.0.quantity': STOCK_MESSAGES.unknown,
    });
  });

  test('leaves empty or malformed quantities and rows without product to the schema', () => {
    expect(
      stockErrors([
        row({ productId: null, quantity: '5' }),
        row({ productId: 2, quantity: '', availableQuantity: '1' }),
        row({ productId: 2, quantity: '-3', availableQuantity: '1' }),
        row({ productId: 2, quantity: 'abc', availableQuantity: '1' }),
      ]),
    ).toEqual({});
  });
});

describe('exit price and payload', () => {
  test('the exit price is the average price with the 3 decimals a price keeps (half up)', () => {
    expect(exitPriceFrom('15.5')).toBe('15.5');
    expect(exitPriceFrom('10.123456')).toBe('10.123');
    expect(exitPriceFrom('10.1235')).toBe('10.124');
    expect(exitPriceFrom('20.000000')).toBe('20');
  });

  test('the payload has the spec fields only, decimals as strings', () => {
    const payload = toPayload({
      dispatchDate: '2026-03-01',
      personInChargeOfTheRequestingAreaEmployeeId: 1,
      petitionerEmployeeId: 2,
      warehouseKeeperEmployeeId: 3,
      products: [
        {
          key: 'a',
          productId: 5,
          exitPrice: '15.5',
          averagePrice: '15.500000',
          quantity: ' 2.25 ',
          observations: 'Aula 3',
          availableQuantity: '12',
        },
      ],
    });
    expect(payload).toEqual({
      dispatchDate: '2026-03-01',
      personInChargeOfTheRequestingAreaEmployeeId: 1,
      petitionerEmployeeId: 2,
      warehouseKeeperEmployeeId: 3,
      products: [{ key: 'a', productId: 5, exitPrice: '15.5', quantity: '2.25', observations: 'Aula 3' }],
    });
  });
});

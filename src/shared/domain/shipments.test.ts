import { describe, expect, it } from 'vitest';
import { canTransition } from './order-status';
import {
  type ShippableLine,
  everyUnitShipped,
  planShipment,
  trackingUrl,
  unitsReadyToShip,
} from './shipments';

const line = (overrides: Partial<ShippableLine> = {}): ShippableLine => ({
  lineNumber: 1,
  sku: 'WK-100',
  name: 'Wrench',
  quantity: 100,
  backorderedUnits: 0,
  shippedQuantity: 0,
  cancelledQuantity: 0,
  ...overrides,
});

describe('which units may ship', () => {
  it.each([
    // quantity, backordered, shipped → ready
    [100, 0, 0, 100],
    [100, 30, 0, 70],
    [100, 30, 50, 20],
    [100, 0, 100, 0],
    [100, 100, 0, 0],
  ])(
    'of %i units, %i on backorder and %i shipped: %i ready',
    (quantity, backorderedUnits, shippedQuantity, ready) => {
      expect(unitsReadyToShip(line({ quantity, backorderedUnits, shippedQuantity }))).toBe(ready);
    },
  );

  it.each([
    ['paid', true],
    ['on_account', true],
    ['partially_shipped', true],
    ['unpaid', false],
    ['awaiting_approval', false],
    ['awaiting_freight', false],
    ['shipped', false],
    ['cancelled', false],
    ['expired', false],
    ['rejected', false],
  ] as const)('an order %s ships: %s', (status, ships) => {
    expect(canTransition(status, 'shipped')).toBe(ships);
  });

  it('plans every ready unit without asked lines, and refuses when none is ready', () => {
    expect(planShipment([line(), line({ lineNumber: 2, sku: 'WK-200', backorderedUnits: 40 })])).toEqual({
      lines: [
        { lineNumber: 1, quantity: 100 },
        { lineNumber: 2, quantity: 60 },
      ],
    });
    expect(planShipment([line({ backorderedUnits: 100 })])).toEqual({
      problems: ['100 units of this order are still awaited from new stock; it can ship once they are in'],
    });
    expect(planShipment([line({ shippedQuantity: 100 })])).toEqual({
      problems: ['Every unit of this order has shipped.'],
    });
  });

  it('matches asked SKUs whatever their case, adds repeated ones, and names each problem', () => {
    expect(
      planShipment(
        [line()],
        [
          { sku: 'wk-100', quantity: 40 },
          { sku: 'WK-100', quantity: 60 },
        ],
      ),
    ).toEqual({
      lines: [{ lineNumber: 1, quantity: 100 }],
    });
    expect(
      planShipment(
        [line({ shippedQuantity: 90 })],
        [
          { sku: 'WK-100', quantity: 20 },
          { sku: 'XX-1', quantity: 1 },
        ],
      ),
    ).toEqual({
      problems: [
        'WK-100 Wrench: 10 units are ready to ship (90 shipped already), not 20.',
        'XX-1 is not a line of this order.',
      ],
    });
  });

  it('knows when every unit has shipped', () => {
    expect(
      everyUnitShipped([
        line({ shippedQuantity: 100 }),
        line({ lineNumber: 2, quantity: 5, shippedQuantity: 5 }),
      ]),
    ).toBe(true);
    expect(everyUnitShipped([line({ shippedQuantity: 99 })])).toBe(false);
  });

  it('links the known carriers’ tracking pages', () => {
    expect(trackingUrl('UPS', '1Z 99')).toBe('https://www.ups.com/track?tracknum=1Z%2099');
    expect(trackingUrl('DHL Freight', 'JD01')).toBe('https://www.dhl.com/en/express/tracking.html?AWB=JD01');
    expect(trackingUrl('Local Haulage Ltd', 'A1')).toBeNull();
    expect(trackingUrl('UPS', null)).toBeNull();
  });
});

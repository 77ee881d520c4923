import { describe, expect, it } from 'vitest';
import { planCancellation, unitsCancellableIn } from './cancellation';
import { OrderStatus, buyerCanCancel, buyerMayChange, canTransition } from './order-status';
import { planReturn, returnableIn } from './returns';
import { type ShippableLine, planShipment } from './shipments';

/**
 * Whether a buyer may still change an order, and which units may ship, be cancelled and come back, in
 * each state: the table the shop's pages and calls follow, and then, for one line in
 * the middle of its life (100 ordered: 30 shipped, 20 on backorder, 10 cancelled), how many of each.
 */
const table: Record<
  OrderStatus,
  { buyerChanges: boolean; ship: boolean; shopCancelsUnits: boolean; buyerCancels: boolean; returns: boolean }
> = {
  awaiting_freight: {
    buyerChanges: true,
    ship: false,
    shopCancelsUnits: false,
    buyerCancels: true,
    returns: false,
  },
  awaiting_approval: {
    buyerChanges: true,
    ship: false,
    shopCancelsUnits: false,
    buyerCancels: true,
    returns: false,
  },
  unpaid: { buyerChanges: true, ship: false, shopCancelsUnits: false, buyerCancels: true, returns: false },
  paid: { buyerChanges: false, ship: true, shopCancelsUnits: true, buyerCancels: false, returns: false },
  on_account: { buyerChanges: false, ship: true, shopCancelsUnits: true, buyerCancels: true, returns: false },
  partially_shipped: {
    buyerChanges: false,
    ship: true,
    shopCancelsUnits: true,
    buyerCancels: false,
    returns: true,
  },
  shipped: { buyerChanges: false, ship: false, shopCancelsUnits: false, buyerCancels: false, returns: true },
  cancelled: {
    buyerChanges: false,
    ship: false,
    shopCancelsUnits: false,
    buyerCancels: false,
    returns: false,
  },
  expired: { buyerChanges: false, ship: false, shopCancelsUnits: false, buyerCancels: false, returns: false },
  rejected: {
    buyerChanges: false,
    ship: false,
    shopCancelsUnits: false,
    buyerCancels: false,
    returns: false,
  },
};

describe('after the order, state by state', () => {
  for (const status of OrderStatus.options) {
    it(`${status}: ${JSON.stringify(table[status])}`, () => {
      expect({
        buyerChanges: buyerMayChange(status),
        ship: canTransition(status, 'shipped') || canTransition(status, 'partially_shipped'),
        shopCancelsUnits: unitsCancellableIn(status),
        buyerCancels: buyerCanCancel(status),
        returns: returnableIn(status),
      }).toEqual(table[status]);
    });
  }
});

describe('one line in the middle of its life: 100 ordered, 30 shipped, 20 on backorder, 10 cancelled', () => {
  const line: ShippableLine = {
    lineNumber: 1,
    sku: 'WR-100',
    name: 'Wrench',
    quantity: 100,
    backorderedUnits: 20,
    shippedQuantity: 30,
    cancelledQuantity: 10,
  };
  const returnable = { ...line, returnedQuantity: 5, recentlyShipped: 30 };

  it('ships the 40 in stock, not the 20 awaited', () => {
    expect(planShipment([line])).toEqual({ lines: [{ lineNumber: 1, quantity: 40 }] });
    expect(planShipment([line], [{ sku: 'wr-100', quantity: 41 }])).toHaveProperty('problems');
  });

  it('cancels the 60 not shipped (the backordered among them), not one more', () => {
    expect(planCancellation([line])).toEqual({ lines: [{ lineNumber: 1, quantity: 60 }] });
    expect(planCancellation([line], [{ sku: 'WR-100', quantity: 60 }])).toEqual({
      lines: [{ lineNumber: 1, quantity: 60 }],
    });
    expect(planCancellation([line], [{ sku: 'WR-100', quantity: 61 }])).toEqual({
      problems: [
        'WR-100 Wrench: 60 units are left to cancel (30 shipped already) (10 cancelled already), not 61.',
      ],
    });
  });

  it('takes back the 25 shipped and not returned yet, within the window only', () => {
    expect(planReturn([returnable], [{ sku: 'WR-100', quantity: 25 }])).toEqual({
      lines: [{ lineNumber: 1, quantity: 25 }],
    });
    expect(planReturn([returnable], [{ sku: 'WR-100', quantity: 26 }])).toHaveProperty('problems');
    // Only 10 of the shipped units left within the window.
    expect(
      planReturn([{ ...returnable, recentlyShipped: 10 }], [{ sku: 'WR-100', quantity: 11 }]),
    ).toHaveProperty('problems');
    // The 5 returned already count against those 10, whichever shipment they came in: 5 are left.
    expect(planReturn([{ ...returnable, recentlyShipped: 10 }], [{ sku: 'WR-100', quantity: 5 }])).toEqual({
      lines: [{ lineNumber: 1, quantity: 5 }],
    });
    expect(
      planReturn([{ ...returnable, recentlyShipped: 10 }], [{ sku: 'WR-100', quantity: 6 }]),
    ).toHaveProperty('problems');
  });
});

import { describe, expect, it } from 'vitest';
import { OrderStatus, canTransition, isPaid, statesThatCanBecome, transitionRefusal } from './order-status';

describe('order transitions', () => {
  it('allows exactly the documented moves', () => {
    const allowed = OrderStatus.options.flatMap((from) =>
      OrderStatus.options.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(['paid->shipped', 'unpaid->cancelled', 'unpaid->expired', 'unpaid->paid']);
  });

  it('lists the states that may move to a target', () => {
    expect(statesThatCanBecome('shipped')).toEqual(['paid']);
    expect(statesThatCanBecome('unpaid')).toEqual([]);
  });

  it('derives paid from the state', () => {
    expect(OrderStatus.options.filter(isPaid)).toEqual(['paid', 'shipped']);
  });
});

describe('why an order cannot move', () => {
  it('answers null exactly for the moves the table allows', () => {
    for (const from of OrderStatus.options) {
      for (const to of OrderStatus.options) {
        expect(transitionRefusal(from, to) === null, `${from}->${to}`).toBe(canTransition(from, to));
      }
    }
  });

  it('refuses to cancel or pay a paid order as ORDER_ALREADY_PAID', () => {
    expect(transitionRefusal('paid', 'cancelled')).toEqual({
      code: 'ORDER_ALREADY_PAID',
      message: 'This order is paid and can no longer be cancelled',
    });
    expect(transitionRefusal('shipped', 'cancelled')?.code).toBe('ORDER_ALREADY_PAID');
    expect(transitionRefusal('paid', 'paid')).toEqual({
      code: 'ORDER_ALREADY_PAID',
      message: 'This order is already paid',
    });
  });

  it('refuses anything on a cancelled or expired order as ORDER_CLOSED', () => {
    expect(transitionRefusal('cancelled', 'paid')).toEqual({
      code: 'ORDER_CLOSED',
      message: 'This order was cancelled, so it can no longer be paid',
    });
    expect(transitionRefusal('expired', 'cancelled')).toEqual({
      code: 'ORDER_CLOSED',
      message: 'The reservation of this order expired, so it can no longer be cancelled',
    });
    expect(transitionRefusal('cancelled', 'cancelled')?.message).toBe('This order is already cancelled');
  });

  it('ships only paid orders', () => {
    expect(transitionRefusal('unpaid', 'shipped')).toEqual({
      code: 'INVALID_TRANSITION',
      message: 'This order is unpaid; only paid orders can be marked shipped',
    });
  });
});

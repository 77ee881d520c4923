import { describe, expect, it } from 'vitest';
import {
  OrderStatus,
  buyerCancelRefusal,
  canTransition,
  isPaid,
  statesThatCanBecome,
  transitionRefusal,
} from './order-status';

describe('order transitions', () => {
  it('allows exactly the documented moves', () => {
    const allowed = OrderStatus.options.flatMap((from) =>
      OrderStatus.options.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual([
      'awaiting_approval->awaiting_freight',
      'awaiting_approval->cancelled',
      'awaiting_approval->expired',
      'awaiting_approval->on_account',
      'awaiting_approval->rejected',
      'awaiting_approval->unpaid',
      'awaiting_freight->awaiting_approval',
      'awaiting_freight->cancelled',
      'awaiting_freight->on_account',
      'awaiting_freight->unpaid',
      'on_account->cancelled',
      'on_account->partially_shipped',
      'on_account->shipped',
      'paid->cancelled',
      'paid->partially_shipped',
      'paid->shipped',
      'partially_shipped->shipped',
      'unpaid->awaiting_approval',
      'unpaid->awaiting_freight',
      'unpaid->cancelled',
      'unpaid->expired',
      'unpaid->on_account',
      'unpaid->paid',
    ]);
  });

  it('lists the states that may move to a target', () => {
    expect(statesThatCanBecome('shipped')).toEqual(['paid', 'on_account', 'partially_shipped']);
    expect(statesThatCanBecome('on_account')).toEqual(['awaiting_freight', 'awaiting_approval', 'unpaid']);
    expect(statesThatCanBecome('unpaid')).toEqual(['awaiting_freight', 'awaiting_approval']);
    // Its hold does not run out while the shop owes the freight quote.
    expect(statesThatCanBecome('expired')).not.toContain('awaiting_freight');
    expect(statesThatCanBecome('expired')).toEqual(['awaiting_approval', 'unpaid']);
  });

  it('derives paid from the state', () => {
    expect(OrderStatus.options.filter(isPaid)).toEqual(['paid', 'shipped', 'partially_shipped']);
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

  it('refuses to pay an order whose pallet freight is being quoted, saying so', () => {
    expect(transitionRefusal('awaiting_freight', 'paid')).toEqual({
      code: 'INVALID_TRANSITION',
      message:
        'This order ships on a pallet: we are quoting its freight and will mail you once it can be paid',
    });
  });

  it('refuses a buyer cancelling a paid order, and anyone paying it again, as ORDER_ALREADY_PAID', () => {
    // Only the shop cancels a paid order (and refunds it); its buyer asks.
    expect(transitionRefusal('paid', 'cancelled')).toBeNull();
    expect(buyerCancelRefusal('paid')).toEqual({
      code: 'ORDER_ALREADY_PAID',
      message: 'This order is paid and can no longer be cancelled',
    });
    expect(buyerCancelRefusal('partially_shipped')?.code).toBe('ORDER_ALREADY_PAID');
    expect(buyerCancelRefusal('unpaid')).toBeNull();
    expect(buyerCancelRefusal('on_account')).toBeNull();
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

describe('an order waiting for approval', () => {
  it('is not paid before it is approved, and a decision made already is stale', () => {
    expect(transitionRefusal('awaiting_approval', 'paid')).toEqual({
      code: 'INVALID_TRANSITION',
      message:
        'This order is waiting for your company’s approval; it can be paid once an approver has approved it',
    });
    expect(transitionRefusal('unpaid', 'unpaid')?.message).toBe(
      'This order no longer awaits approval: it was approved already, so it cannot be approved now',
    );
    expect(transitionRefusal('unpaid', 'rejected')?.message).toMatch(/cannot be rejected now$/);
    expect(transitionRefusal('rejected', 'unpaid')).toEqual({
      code: 'ORDER_CLOSED',
      message: 'This order was rejected by your company, so it can no longer be approved',
    });
    expect(transitionRefusal('awaiting_approval', 'shipped')?.message).toBe(
      'This order is awaiting approval; only paid orders can be marked shipped',
    );
  });
});

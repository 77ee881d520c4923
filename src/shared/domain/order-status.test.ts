import { describe, expect, it } from 'vitest';
import { OrderStatus, canTransition, isPaid, statesThatCanBecome } from './order-status';

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

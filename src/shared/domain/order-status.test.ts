import { describe, expect, it } from 'vitest';
import { OrderStatus, canTransition, isPaid } from './order-status';

describe('order transitions', () => {
  it('allows exactly the documented moves', () => {
    const allowed = OrderStatus.options.flatMap((from) =>
      OrderStatus.options.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(['paid->shipped', 'unpaid->cancelled', 'unpaid->expired', 'unpaid->paid']);
  });

  it('derives paid from the state', () => {
    expect(OrderStatus.options.filter(isPaid)).toEqual(['paid', 'shipped']);
  });
});

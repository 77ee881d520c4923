import { describe, expect, it } from 'vitest';
import { canAccess } from './access';
import type { SessionUser } from './session';

const buyer: SessionUser = {
  id: 'b',
  name: 'B',
  email: 'b@example.com',
  role: 'user',
  emailVerified: true,
  company: null,
};
const other: SessionUser = { ...buyer, id: 'o', email: 'o@example.com' };
const admin: SessionUser = { ...buyer, id: 'a', email: 'a@example.com', role: 'admin' };

describe('canAccess, the one rule for orders, invoices and quotes', () => {
  it('lets the owner do anything a buyer does with their own document', () => {
    expect(canAccess(buyer, { userId: 'b' }, 'buyer')).toBe(true);
    expect(canAccess(buyer, { userId: 'b' }, 'shop')).toBe(true);
  });

  it("lets an admin read and handle anyone's, but not act as its buyer", () => {
    expect(canAccess(admin, { userId: 'b' }, 'shop')).toBe(true);
    expect(canAccess(admin, { userId: 'b' }, 'buyer')).toBe(false);
  });

  it("keeps another customer out of both, and an orphaned document out of everyone's but the shop's", () => {
    expect(canAccess(other, { userId: 'b' }, 'shop')).toBe(false);
    expect(canAccess(other, { userId: 'b' }, 'buyer')).toBe(false);
    expect(canAccess(buyer, { userId: null }, 'buyer')).toBe(false);
    expect(canAccess(admin, { userId: null }, 'shop')).toBe(true);
    expect(canAccess(null, { userId: 'b' }, 'buyer')).toBe(true);
  });
});

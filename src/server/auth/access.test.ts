import { describe, expect, it } from 'vitest';
import { canAccess } from '../identity/access';
import type { CompanyRole } from '../../shared/domain/company-roles';
import type { SessionUser } from '../identity/request-user';

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
    expect(canAccess(buyer, { userId: 'b', companyId: null }, 'buyer')).toBe(true);
    expect(canAccess(buyer, { userId: 'b', companyId: null }, 'shop')).toBe(true);
  });

  it("lets an admin read and handle anyone's, but not act as its buyer", () => {
    expect(canAccess(admin, { userId: 'b', companyId: null }, 'shop')).toBe(true);
    expect(canAccess(admin, { userId: 'b', companyId: null }, 'buyer')).toBe(false);
  });

  it("keeps another customer out of both, and an orphaned document out of everyone's but the shop's", () => {
    expect(canAccess(other, { userId: 'b', companyId: null }, 'shop')).toBe(false);
    expect(canAccess(other, { userId: 'b', companyId: null }, 'buyer')).toBe(false);
    expect(canAccess(buyer, { userId: null, companyId: null }, 'buyer')).toBe(false);
    expect(canAccess(admin, { userId: null, companyId: null }, 'shop')).toBe(true);
    expect(canAccess(null, { userId: 'b', companyId: null }, 'buyer')).toBe(true);
  });

  it("shares a company's documents with its colleagues by role, and with nobody else, its author included once gone", () => {
    const member = (id: string, roles: CompanyRole[], companyId = 'acme') => ({
      ...buyer,
      id,
      company: { id: companyId, roles, active: true },
    });
    const doc = { userId: 'author', companyId: 'acme' };
    for (const [who, shop, act] of [
      [member('v', ['viewer']), true, false],
      [member('b', ['buyer']), true, true],
      [member('p', ['approver']), true, false],
      [member('a', ['admin', 'approver']), true, true],
      [member('x', ['admin'], 'other'), false, false],
    ] as const) {
      expect(canAccess(who, doc, 'shop'), who.id).toBe(shop);
      expect(canAccess(who, doc, 'buyer'), who.id).toBe(act);
    }
    // The author who left the company no longer reaches it; the shop's admins still read it.
    expect(canAccess({ ...buyer, id: 'author' }, doc, 'shop')).toBe(false);
    expect(canAccess(admin, doc, 'shop')).toBe(true);
  });
});

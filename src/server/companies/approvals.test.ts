// Database-specific (the tests tagged so run on both databases): colleagues ordering at the same moment under one monthly limit: the company row lock
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Company } from '../../shared/api/companies.schemas';
import type { ErrorBody } from '../../shared/api/errors';
import type { Order, OrderDetail, PlaceOrderResult } from '../../shared/api/orders.schemas';
import { createCatalogCache } from '../catalog/catalog-cache';
import { auditLog, mailOutbox, orders, products } from '../db/schema';
import { expireOverdueOrders } from '../orders/expire-orders';
import { createTestPaymentProvider } from '../payments/test-provider';
import { type TestUser, signUpAdmin } from '../test/auth-helpers';
import { newCompany, useCompanyTestApp } from '../test/company-helpers';
import { insertTool } from '../test/factories';
import { testMailContext } from '../test/mail-context';
import { delivery, deliveryToLeeds, payOrderAs } from '../test/order-helpers';
import { messages } from '../../shared/messages';

/**
 * Approvals and spending limits: orders above the company's threshold wait for one of its
 * approvers (never their own buyer), holding their stock; a rejection or the hold's end gives the
 * stock back; the monthly limits hold when colleagues order at the same moment.
 */
const t = useCompanyTestApp();
const { call, join } = t;

/** A company with a buyer and an approver, its rules set; a tool at $10.00 a unit (100 units: $1,000). */
async function companyWithRules(rules: { approvalAbove: number | null; monthlyLimit: number | null }) {
  const { admin, companyId } = await newCompany(t.ctx.app, 'Approvals Ltd');
  const buyer = await join(admin, ['buyer']);
  const approver = await join(admin, ['approver']);
  const set = await call(admin, 'PUT', '/api/company/rules', rules);
  expect(set.statusCode, set.body).toBe(200);
  const tool = await insertTool(t.ctx.db, { priceCents: 1000, minOrder: 100, available: 10_000 });
  return { admin, buyer, approver, companyId, tool };
}

const order = (user: TestUser, toolId: string, quantity: number) =>
  call(user, 'POST', '/api/purchase', { toolId, quantity, ...delivery });
const placed = async (user: TestUser, toolId: string, quantity: number) => {
  const response = await order(user, toolId, quantity);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PlaceOrderResult>().order;
};
const available = async (toolId: string) =>
  (await t.ctx.db.select({ n: products.available }).from(products).where(eq(products.id, toolId)))[0]?.n;
const errorOf = (response: { body: string }) => (JSON.parse(response.body) as ErrorBody).error;

describe('orders above the approval threshold', () => {
  it('wait for an approver, holding their stock; approved, the buyer is told and pays', async () => {
    const { buyer, approver, tool } = await companyWithRules({ approvalAbove: 1500, monthlyLimit: null });

    const small = await placed(buyer, tool.id, 150); // $1,500: not above the threshold
    expect(small).toMatchObject({ status: 'unpaid', approval: null });

    const large = await placed(buyer, tool.id, 200); // $2,000
    expect(large).toMatchObject({
      status: 'awaiting_approval',
      paid: false,
      approval: { state: 'awaiting' },
    });
    expect(large.holdExpiresAt).not.toBeNull();
    expect(await available(tool.id)).toBe(10_000 - 150 - 200);
    const asked = await t.smtp.nextMailTo(approver.email, /^Approve order/);
    expect(asked.parsed.subject).toBe(`Approve order ${large.orderNumber}: $2,000.00 by ${buyer.email}`);
    expect(asked.parsed.text).toContain('/dashboard/approvals');
    expect((await t.smtp.nextMailTo(buyer.email, /waiting for your company/)).parsed.subject).toBe(
      `Order ${large.orderNumber} placed: waiting for your company’s approval`,
    );

    // Not payable yet.
    const early = await call(buyer, 'POST', '/api/create-payment-intent', { orderId: large._id });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toMatch(/waiting for your company’s approval/);

    // The approver's list; nobody else's.
    const listed = await call(approver, 'GET', '/api/company/approvals');
    expect(listed.json<Order[]>().map((o) => o._id)).toEqual([large._id]);
    expect((await call(buyer, 'GET', '/api/company/approvals')).statusCode).toBe(403);

    // The buyer cannot approve (not an approver: the order does not exist for that decision).
    expect(
      (await call(buyer, 'POST', `/api/purchase/${large._id}/approve`, { total: large.amount })).statusCode,
    ).toBe(404);

    const approved = await call(approver, 'POST', `/api/purchase/${large._id}/approve`, {
      total: large.amount,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = approved.json<Order>();
    expect(after).toMatchObject({
      status: 'unpaid',
      approval: { state: 'approved', automatic: false, decidedBy: approver.email.toLowerCase() },
    });
    const { history } = (await call(approver, 'GET', `/api/purchase/${large._id}`)).json<OrderDetail>();
    expect(history.map(({ event, from, to, actor }) => ({ event, from, to, actor }))).toEqual([
      { event: 'placed', from: null, to: 'awaiting_approval', actor: buyer.email.toLowerCase() },
      { event: 'approved', from: 'awaiting_approval', to: 'unpaid', actor: approver.email.toLowerCase() },
    ]);
    expect(Date.parse(after.holdExpiresAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(large.holdExpiresAt ?? ''),
    );
    expect((await t.smtp.nextMailTo(buyer.email, /approved/)).parsed.subject).toMatch(
      new RegExp(`^Order ${large.orderNumber} approved: please pay by`),
    );

    // A second decision is stale.
    const again = await call(approver, 'POST', `/api/purchase/${large._id}/approve`, { total: large.amount });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toMatch(/no longer awaits approval/);
    const lateReject = await call(approver, 'POST', `/api/purchase/${large._id}/reject`, {
      reason: 'Too late',
    });
    expect(lateReject.statusCode).toBe(409);

    await payOrderAs(t.ctx.app, buyer, large._id);
    const paid = await call(buyer, 'GET', `/api/purchase/${large._id}`);
    expect(paid.json<Order>()).toMatchObject({ status: 'paid', approval: { state: 'approved' } });
  });

  it('rejected with a reason, release their stock and tell the buyer why', async () => {
    const { buyer, approver, tool } = await companyWithRules({ approvalAbove: 1000, monthlyLimit: null });
    const large = await placed(buyer, tool.id, 300);
    expect(await available(tool.id)).toBe(9_700);

    const noReason = await call(approver, 'POST', `/api/purchase/${large._id}/reject`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(await available(tool.id)).toBe(9_700);

    const rejected = await call(approver, 'POST', `/api/purchase/${large._id}/reject`, {
      reason: 'We have 200 of these in the Leeds depot',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<Order>()).toMatchObject({
      status: 'rejected',
      holdExpiresAt: null,
      approval: { state: 'rejected', reason: 'We have 200 of these in the Leeds depot' },
    });
    expect(await available(tool.id)).toBe(10_000);
    const told = await t.smtp.nextMailTo(buyer.email, /was not approved/);
    expect(told.parsed.text).toContain('We have 200 of these in the Leeds depot');

    const lateApproval = await call(approver, 'POST', `/api/purchase/${large._id}/approve`, {
      total: large.amount,
    });
    expect(lateApproval.statusCode).toBe(409);
    expect(errorOf(lateApproval)).toMatchObject({ code: 'ORDER_CLOSED' });
    expect((await call(approver, 'GET', '/api/company/approvals')).json<Order[]>()).toEqual([]);
  });

  it('expire with their hold, giving the stock back, and the buyer is told nobody approved', async () => {
    const { buyer, approver, tool } = await companyWithRules({ approvalAbove: 0, monthlyLimit: null });
    const waiting = await placed(buyer, tool.id, 100);
    expect(waiting.status).toBe('awaiting_approval');
    await t.ctx.db
      .update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, waiting._id));
    // The hold has ended though the sweep has not run yet: it can no longer be approved.
    const late = await call(approver, 'POST', `/api/purchase/${waiting._id}/approve`, {
      total: waiting.amount,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json<ErrorBody>().error).toEqual({
      code: 'ORDER_CLOSED',
      message:
        'The reservation of this order has ended, so it can no longer be approved: order it again (My Orders → Order again)',
    });
    await expireOverdueOrders({
      db: t.ctx.db,
      catalogCache: createCatalogCache({ maxAgeMs: 0 }),
      provider: createTestPaymentProvider(t.ctx.db),
      mail: testMailContext(),
    });
    const expired = (await call(buyer, 'GET', `/api/purchase/${waiting._id}`)).json<Order>();
    expect(expired).toMatchObject({ status: 'expired', approval: { state: 'undecided' } });
    expect(await available(tool.id)).toBe(10_000);
    const mails = await t.ctx.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, buyer.email));
    expect(mails.map((mail) => mail.subject)).toContain(
      `Order ${waiting.orderNumber} expired before it was approved`,
    );
  });

  it('are decided by the company’s approvers only: never their own buyer, another company or the shop', async () => {
    const { admin, buyer, approver, tool } = await companyWithRules({
      approvalAbove: 500,
      monthlyLimit: null,
    });
    const viewer = await join(admin, ['viewer']);
    const other = await newCompany(t.ctx.app, 'Elsewhere Ltd');
    const otherApprover = await join(other.admin, ['approver']);
    const shopAdmin = await signUpAdmin(t.ctx.app, t.ctx.db);
    const waiting = await placed(buyer, tool.id, 100);

    for (const outsider of [admin, viewer, buyer, other.admin, otherApprover, shopAdmin]) {
      const response = await call(outsider, 'POST', `/api/purchase/${waiting._id}/approve`, {
        total: waiting.amount,
      });
      expect(response.statusCode, outsider.email).toBe(404);
    }
    expect(
      (await call(null, 'POST', `/api/purchase/${waiting._id}/approve`, { total: waiting.amount }))
        .statusCode,
    ).toBe(401);

    // An admin who is also an approver places an order: another approver decides it, not they.
    await call(admin, 'PATCH', `/api/company/members/${admin.id}`, { roles: ['admin', 'approver'] });
    const own = await placed(admin, tool.id, 100);
    expect(own.status).toBe('awaiting_approval');
    const self = await call(admin, 'POST', `/api/purchase/${own._id}/approve`, { total: own.amount });
    expect(self.statusCode).toBe(403);
    expect(errorOf(self).message).toBe('You placed this order, so a colleague has to approve or reject it');
    expect(
      (await call(approver, 'POST', `/api/purchase/${own._id}/approve`, { total: own.amount })).statusCode,
    ).toBe(200);
    // The first order still waits.
    expect((await call(buyer, 'GET', `/api/purchase/${waiting._id}`)).json<Order>().status).toBe(
      'awaiting_approval',
    );
  });

  it('take four eyes: the last to change an order does not approve it, and an approval is of the total seen', async () => {
    const { admin, buyer, approver, tool } = await companyWithRules({
      approvalAbove: 500,
      monthlyLimit: null,
    });
    await call(admin, 'PATCH', `/api/company/members/${admin.id}`, { roles: ['admin', 'approver'] });
    const waiting = await placed(buyer, tool.id, 100);
    expect(waiting).toMatchObject({ status: 'awaiting_approval', amount: 1000 });
    // The admin-approver changes the colleague's order to ten times as much ...
    const changed = await call(admin, 'PUT', `/api/purchase/${waiting._id}/lines`, {
      lines: [{ sku: tool.sku, quantity: 1000 }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Order>()).toMatchObject({ status: 'awaiting_approval', amount: 10_000 });
    // ... and may not approve it now; rejecting their own change is still theirs.
    const selfApproved = await call(admin, 'POST', `/api/purchase/${waiting._id}/approve`, { total: 10_000 });
    expect(selfApproved.statusCode).toBe(403);
    expect(errorOf(selfApproved).message).toBe(messages.selfChangedApproval);

    // The other approver read $10,000; the buyer changes it to $3,000 before they approve.
    const seen = (await call(approver, 'GET', '/api/company/approvals')).json<Order[]>()[0];
    expect(seen?.amount).toBe(10_000);
    expect(
      (
        await call(buyer, 'PUT', `/api/purchase/${waiting._id}/lines`, {
          lines: [{ sku: tool.sku, quantity: 300 }],
        })
      ).statusCode,
    ).toBe(200);
    const stale = await call(approver, 'POST', `/api/purchase/${waiting._id}/approve`, {
      total: seen?.amount,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(messages.approvalTotalChanged('$3,000.00'));
    // An approval must name a total.
    const blind = await call(approver, 'POST', `/api/purchase/${waiting._id}/approve`);
    expect(blind.statusCode).toBe(400);
    expect((await call(buyer, 'GET', `/api/purchase/${waiting._id}`)).json<Order>().status).toBe(
      'awaiting_approval',
    );
    const approved = await call(approver, 'POST', `/api/purchase/${waiting._id}/approve`, { total: 3000 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Order>()).toMatchObject({ status: 'unpaid', amount: 3000 });
  });

  it(
    'never approve a total nobody saw: an approval racing a change of the same order',
    { tags: ['database-specific'] },
    async () => {
      const { buyer, approver, tool } = await companyWithRules({ approvalAbove: 500, monthlyLimit: null });
      for (let round = 0; round < 5; round++) {
        const waiting = await placed(buyer, tool.id, 100);
        expect(waiting).toMatchObject({ status: 'awaiting_approval', amount: 1000 });
        // The approver approves the $1,000 they saw while the buyer raises it to $3,000.
        const [approved, changed] = await Promise.all([
          call(approver, 'POST', `/api/purchase/${waiting._id}/approve`, { total: 1000 }),
          call(buyer, 'PUT', `/api/purchase/${waiting._id}/lines`, {
            lines: [{ sku: tool.sku, quantity: 300 }],
          }),
        ]);
        expect([200, 409], approved.body).toContain(approved.statusCode);
        expect(changed.statusCode, changed.body).toBe(200);
        // Whichever went first, the $3,000 waits for an approver: approved before the change, the
        // change sent it back; changed first, the approval of $1,000 was refused.
        const after = (await call(buyer, 'GET', `/api/purchase/${waiting._id}`)).json<Order>();
        expect(after, `round ${round}`).toMatchObject({ status: 'awaiting_approval', amount: 3000 });
      }
    },
  );

  it('leave an order waiting for its pallet’s freight to the shop: approvers decide it once its total is known', async () => {
    const { buyer, approver } = await companyWithRules({ approvalAbove: 500, monthlyLimit: null });
    // 100 units of 150 kg: a pallet to Leeds, whose freight the shop quotes.
    const anvil = await insertTool(t.ctx.db, {
      priceCents: 1000,
      minOrder: 100,
      available: 1000,
      weightGrams: 150_000,
    });
    const heavy = await call(buyer, 'POST', '/api/purchase', {
      toolId: anvil.id,
      quantity: 100,
      ...deliveryToLeeds,
    });
    expect(heavy.statusCode, heavy.body).toBe(201);
    const quoted = heavy.json<PlaceOrderResult>().order;
    expect(quoted.status).toBe('awaiting_freight');
    for (const decision of [
      call(approver, 'POST', `/api/purchase/${quoted._id}/approve`, { total: quoted.amount }),
      call(approver, 'POST', `/api/purchase/${quoted._id}/reject`, { reason: 'Too early' }),
    ]) {
      const answer = await decision;
      expect(answer.statusCode).toBe(409);
      expect(errorOf(answer).message).toBe(messages.approvalAwaitsFreight);
    }
    // Once the shop quotes it, the total goes past the threshold: to the approvers, who approve it.
    const shopAdmin = await signUpAdmin(t.ctx.app, t.ctx.db);
    const freight = await call(shopAdmin, 'PUT', `/api/admin/orders/${quoted._id}/freight`, { freight: 250 });
    expect(freight.statusCode, freight.body).toBe(200);
    expect(freight.json<Order>()).toMatchObject({ status: 'awaiting_approval', amount: 1250 });
    const approved = await call(approver, 'POST', `/api/purchase/${quoted._id}/approve`, { total: 1250 });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('from the company’s only approver are refused, unless the company approves them automatically', async () => {
    const { admin } = await newCompany(t.ctx.app, 'Solo Ltd');
    await call(admin, 'PATCH', `/api/company/members/${admin.id}`, { roles: ['admin', 'approver'] });
    const buyer = await join(admin, ['buyer']);
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, available: 10_000 });
    await call(admin, 'PUT', '/api/company/rules', { approvalAbove: 100, monthlyLimit: null });

    const alone = await order(admin, tool.id, 100);
    expect(alone.statusCode).toBe(409);
    expect(errorOf(alone)).toMatchObject({ code: 'NO_APPROVER' });
    expect(errorOf(alone).message).toMatch(/you are your company’s only approver/);
    expect(await available(tool.id)).toBe(10_000);
    // The buyer's order waits for the admin, who is an approver.
    expect((await placed(buyer, tool.id, 100)).status).toBe('awaiting_approval');

    await call(admin, 'PUT', '/api/company/rules', {
      approvalAbove: 100,
      monthlyLimit: null,
      autoApprove: true,
    });
    const automatic = await placed(admin, tool.id, 100);
    expect(automatic).toMatchObject({
      status: 'unpaid',
      approval: { state: 'approved', automatic: true, decidedBy: admin.email.toLowerCase() },
    });
    const automaticSteps = (await call(admin, 'GET', `/api/purchase/${automatic._id}`)).json<OrderDetail>();
    expect(automaticSteps.history.map((step) => [step.event, step.to])).toEqual([['placed', 'unpaid']]);

    // With nobody to approve at all, a buyer's large order is refused, saying so.
    const none = await newCompany(t.ctx.app, 'Nobody Approves Ltd');
    const lonelyBuyer = await join(none.admin, ['buyer']);
    await call(none.admin, 'PUT', '/api/company/rules', {
      approvalAbove: 100,
      monthlyLimit: null,
      autoApprove: true,
    });
    const refused = await order(lonelyBuyer, tool.id, 100);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toMatch(/nobody in your company approves orders yet/);
  });
});

describe('spending limits', () => {
  it('refuse an order that would take the month past the company’s limit; closed orders do not count', async () => {
    const { admin, buyer, tool } = await companyWithRules({ approvalAbove: null, monthlyLimit: 2500 });
    const first = await placed(buyer, tool.id, 150); // $1,500
    const second = await order(admin, tool.id, 150); // $1,500 more: $3,000
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatchObject({ code: 'SPENDING_LIMIT' });
    expect(errorOf(second).message).toBe(
      'This order of $1,500.00 would take your company’s orders this month to $3,000.00, above its monthly limit of $2,500.00 ($1,000.00 left). Nothing was ordered: make the order smaller, or ask your company’s admin to raise the limit.',
    );
    expect(await available(tool.id)).toBe(10_000 - 150);
    expect((await order(admin, tool.id, 100)).statusCode).toBe(201); // $1,000: exactly the limit

    const company = (await call(admin, 'GET', '/api/company')).json<Company>();
    expect(company.rules).toEqual({
      approvalAbove: null,
      monthlyLimit: 2500,
      autoApprove: false,
      spentThisMonth: 2500,
    });

    expect((await call(buyer, 'DELETE', `/api/purchase/${first._id}`)).statusCode).toBe(200);
    expect((await order(buyer, tool.id, 150)).statusCode).toBe(201);
  });

  it('hold a colleague to their own monthly limit as well', async () => {
    const { admin, buyer, tool } = await companyWithRules({ approvalAbove: null, monthlyLimit: null });
    const limited = await call(admin, 'PATCH', `/api/company/members/${buyer.id}`, { monthlyLimit: 1200 });
    expect(limited.statusCode, limited.body).toBe(200);
    expect(
      (await call(admin, 'GET', '/api/company')).json<Company>().members.find((m) => m.userId === buyer.id),
    ).toMatchObject({ roles: ['buyer'], monthlyLimit: 1200 });
    await placed(buyer, tool.id, 100);
    const over = await order(buyer, tool.id, 100);
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).message).toMatch(
      /^This order of \$1,000.00 would take your own orders this month to \$2,000.00, above your monthly limit of \$1,200.00 \(\$200.00 left\)/,
    );
    // The admin has no limit of their own.
    expect((await order(admin, tool.id, 100)).statusCode).toBe(201);
    const [audited] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.member_limit'), eq(auditLog.subject, buyer.email)));
    expect(audited).toMatchObject({ before: { monthlyLimit: null }, after: { monthlyLimit: 1200 } });
  });

  it(
    'hold when colleagues order at the same moment: never both under one limit',
    { tags: ['database-specific'] },
    async () => {
      const { admin, buyer, tool } = await companyWithRules({ approvalAbove: null, monthlyLimit: 1500 });
      const second = await join(admin, ['buyer']);
      // Two products: nothing but the company's rules makes one order wait for the other.
      const otherTool = await insertTool(t.ctx.db, { priceCents: 1000, minOrder: 100, available: 10_000 });
      for (let round = 0; round < 3; round++) {
        const responses = await Promise.all([order(buyer, tool.id, 100), order(second, otherTool.id, 100)]);
        const codes = responses.map((response) => response.statusCode).sort();
        // $1,000 each against $1,500: exactly one of the two fits, the first round; none after.
        expect(codes).toEqual(round === 0 ? [201, 409] : [409, 409]);
      }
      const company = (await call(admin, 'GET', '/api/company')).json<Company>();
      expect(company.rules.spentThisMonth).toBe(1000);
    },
  );

  it('are set by the company’s admins only, in dollars and cents, and audited', async () => {
    const { admin, buyer, companyId } = await companyWithRules({ approvalAbove: null, monthlyLimit: null });
    expect(
      (await call(buyer, 'PUT', '/api/company/rules', { approvalAbove: 1, monthlyLimit: null })).statusCode,
    ).toBe(403);
    for (const bad of [
      { approvalAbove: -1, monthlyLimit: null },
      { approvalAbove: 10.005, monthlyLimit: null },
      { approvalAbove: null, monthlyLimit: 0 },
      { approvalAbove: null },
      { approvalAbove: '100', monthlyLimit: null },
    ]) {
      const response = await call(admin, 'PUT', '/api/company/rules', bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await call(admin, 'PUT', '/api/company/rules', { approvalAbove: 2000.5, monthlyLimit: 50_000 }))
        .statusCode,
    ).toBe(200);
    expect((await call(buyer, 'GET', '/api/company')).json<Company>().rules).toMatchObject({
      approvalAbove: 2000.5,
      monthlyLimit: 50_000,
    });
    const [audited] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.rules'), eq(auditLog.subject, companyId)))
      .orderBy(desc(auditLog.at));
    expect(audited).toMatchObject({
      actorEmail: admin.email,
      before: { approvalAbove: null, monthlyLimit: null, autoApprove: false },
      after: { approvalAbove: 2000.5, monthlyLimit: 50_000, autoApprove: false },
    });
  });
});

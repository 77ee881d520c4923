// Database-specific (the tests tagged so run on both databases): two returns of the same units asked at once are serialized by the order's row lock
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../shared/api/errors';
import type { Order, OrderDetail } from '../../shared/api/orders.schemas';
import type { Return } from '../../shared/api/returns.schemas';
import { products, shipments } from '../db/schema';
import { createTestPaymentProvider } from '../payments/test-provider';
import { type TestUser, signUp, signUpAdmin } from '../test/auth-helpers';
import { newCompany, useCompanyTestApp } from '../test/company-helpers';
import { insertTool } from '../test/factories';
import { moneyProblems } from '../test/money-checks';
import { deliveryToLeeds, payOrderAs } from '../test/order-helpers';
import { pdfText } from '../test/pdf-text';

/**
 * DESIGN §11: a buyer returns shipped units within RETURN_DAYS of their shipment; the shop approves,
 * receives (resellable units back to stock) and refunds them with a credit note at the order's
 * prices and rates, the card refunded once.
 */
const t = useCompanyTestApp();
let admin: TestUser;

beforeAll(async () => {
  admin = await signUpAdmin(t.ctx.app, t.ctx.db);
});

/** A paid order of 100 units at $20 to Leeds (untaxed, free freight), shipped whole. */
async function shippedOrder(buyer: TestUser) {
  const tool = await insertTool(t.ctx.db, { available: 1000, priceCents: 2000 });
  const placed = await t.call(buyer, 'POST', '/api/purchase', {
    toolId: tool.id,
    quantity: 100,
    ...deliveryToLeeds,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json<{ order: Order }>().order;
  const intentId = await payOrderAs(t.ctx.app, buyer, order._id);
  const shipped = await t.call(admin, 'POST', `/api/admin/orders/${order._id}/shipments`, {
    lines: [{ sku: tool.sku, quantity: 100 }],
    carrier: 'UPS',
  });
  expect(shipped.statusCode, shipped.body).toBe(201);
  return { order, tool, intentId };
}

const askReturn = (buyer: TestUser, orderId: string, body: Record<string, unknown>) =>
  t.call(buyer, 'POST', `/api/purchase/${orderId}/returns`, body);
const stockOf = async (toolId: string) =>
  (await t.ctx.db.select({ available: products.available }).from(products).where(eq(products.id, toolId)))[0]
    ?.available;

describe('returns (RMA)', () => {
  it('go requested → approved → received → refunded: resellable units back in stock, the card refunded once at the order’s price', async () => {
    const buyer = await signUp(t.ctx.app);
    const { order, tool, intentId } = await shippedOrder(buyer);
    const before = await stockOf(tool.id);

    // More than shipped is refused, naming what can be returned.
    const tooMany = await askReturn(buyer, order._id, {
      lines: [{ sku: tool.sku, quantity: 101, reason: 'Too many' }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<ErrorBody>().error.message).toContain('100 units can be returned, not 101');

    const asked = await askReturn(buyer, order._id, {
      lines: [{ sku: tool.sku, quantity: 10, reason: 'Wrong size' }],
      note: 'Sorry',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const rma = asked.json<Return>();
    expect(rma).toMatchObject({
      status: 'requested',
      lines: [{ sku: tool.sku, quantity: 10, reason: 'Wrong size' }],
    });
    expect(rma.number).toMatch(/^RMA-\d{6}$/);
    await t.smtp.nextMailTo(buyer.email, new RegExp(`^Return ${rma.number} requested`));
    // The units being returned cannot be returned twice.
    const again = await askReturn(buyer, order._id, {
      lines: [{ sku: tool.sku, quantity: 91, reason: 'x' }],
    });
    expect(again.json<ErrorBody>().error.message).toContain('90 units can be returned, not 91');

    // Steps out of order are refused.
    const early = await t.call(admin, 'POST', `/api/admin/returns/${rma._id}/receive`, {
      lines: [{ sku: tool.sku, quantity: 10, condition: 'resellable' }],
    });
    expect(early.statusCode).toBe(409);

    const approved = await t.call(admin, 'POST', `/api/admin/returns/${rma._id}/approve`, {
      instructions: 'Ship to Returns Dock 2, label RMA on the box',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const howTo = await t.smtp.nextMailTo(buyer.email, new RegExp(`^Return ${rma.number} approved`));
    expect(howTo.parsed.text).toContain('Ship to Returns Dock 2');

    const received = await t.call(admin, 'POST', `/api/admin/returns/${rma._id}/receive`, {
      lines: [
        { sku: tool.sku, quantity: 8, condition: 'resellable' },
        { sku: tool.sku, quantity: 2, condition: 'damaged' },
      ],
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json<Return>().lines[0]).toMatchObject({ resellable: 8, damaged: 2 });
    expect(await stockOf(tool.id)).toBe((before ?? 0) + 8);

    // The admin's confirmation shows the refund first, by the same rules, changing nothing.
    const preview = await t.call(admin, 'POST', `/api/admin/returns/${rma._id}/refund/preview`, {});
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<Return>()).toMatchObject({ status: 'refunded', creditNote: { amount: 200 } });
    expect((await t.call(admin, 'GET', `/api/returns/${rma._id}`)).json<Return>()).toMatchObject({
      status: 'received',
      creditNote: null,
    });
    expect(await createTestPaymentProvider(t.ctx.db).refundsOf(intentId)).toEqual([]);
    const refunded = await t.call(admin, 'POST', `/api/admin/returns/${rma._id}/refund`, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    // The same credit note number the preview took and gave back.
    expect(refunded.json<Return>().creditNote?.number).toBe(preview.json<Return>().creditNote?.number);
    expect(refunded.json<Return>()).toMatchObject({ status: 'refunded', creditNote: { amount: 200 } });
    // Refunding again is refused; the card was refunded once, $200 (10 × $20).
    expect((await t.call(admin, 'POST', `/api/admin/returns/${rma._id}/refund`, {})).statusCode).toBe(409);
    const given = await createTestPaymentProvider(t.ctx.db).refundsOf(intentId);
    expect(given.map((refund) => refund.amountCents)).toEqual([20_000]);
    const number = refunded.json<Return>().creditNote?.number ?? '';
    const pdf = await t.call(buyer, 'GET', `/api/credit-notes/${number}`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Reason: Return ${rma.number}: 10 × ${tool.sku}`);
    expect(text).toContain('$20.00');

    // The buyer's lists and the order's timeline tell the same story.
    const mine = (await t.call(buyer, 'GET', '/api/returns')).json<Return[]>();
    expect(mine.map((item) => [item.number, item.status])).toEqual([[rma.number, 'refunded']]);
    const detail = (await t.call(buyer, 'GET', `/api/purchase/${order._id}`)).json<OrderDetail>();
    expect(detail.history.map((step) => step.event).slice(-5)).toEqual([
      'shipped',
      'return_requested',
      'return_approved',
      'return_received',
      'refunded',
    ]);
    expect(detail.lines[0]?.returnedQuantity).toBe(10);
    const shop = (await t.call(admin, 'GET', '/api/admin/returns?status=refunded')).json<Return[]>();
    expect(shop.map((item) => item._id)).toContain(rma._id);
  });

  it('refuses a return the shop rejects, and its units may be returned again; a restocking fee is kept', async () => {
    const buyer = await signUp(t.ctx.app);
    const { order, tool, intentId } = await shippedOrder(buyer);
    const first = (
      await askReturn(buyer, order._id, { lines: [{ sku: tool.sku, quantity: 100, reason: 'All wrong' }] })
    ).json<Return>();
    const rejected = await t.call(admin, 'POST', `/api/admin/returns/${first._id}/reject`, {
      reason: 'Made to order',
    });
    expect(rejected.json<Return>()).toMatchObject({ status: 'rejected', rejectionReason: 'Made to order' });
    const told = await t.smtp.nextMailTo(buyer.email, new RegExp(`^Return ${first.number} refused`));
    expect(told.parsed.text).toContain('Made to order');
    // Its units are free again: 50 come back, only 40 arrive; the 10 missing may be returned later.
    const second = (
      await askReturn(buyer, order._id, { lines: [{ sku: tool.sku, quantity: 50, reason: 'Surplus' }] })
    ).json<Return>();
    await t.call(admin, 'POST', `/api/admin/returns/${second._id}/approve`, { instructions: 'Dock 2' });
    await t.call(admin, 'POST', `/api/admin/returns/${second._id}/receive`, {
      lines: [{ sku: tool.sku, quantity: 40, condition: 'resellable' }],
    });
    const refunded = await t.call(admin, 'POST', `/api/admin/returns/${second._id}/refund`, {
      restockingFeePercent: 15,
    });
    // 40 × $20 = $800, less 15 %: $680.
    expect(refunded.json<Return>().creditNote?.amount).toBe(680);
    expect((await createTestPaymentProvider(t.ctx.db).refundsOf(intentId)).map((r) => r.amountCents)).toEqual(
      [68_000],
    );
    const detail = (await t.call(buyer, 'GET', `/api/purchase/${order._id}`)).json<Order>();
    expect(detail.lines[0]?.returnedQuantity).toBe(40);
  });

  it('refuses units shipped before the return window, unshipped orders, viewers and strangers', async () => {
    const buyer = await signUp(t.ctx.app);
    const stranger = await signUp(t.ctx.app);
    const { order, tool } = await shippedOrder(buyer);
    expect(
      (await askReturn(stranger, order._id, { lines: [{ sku: tool.sku, quantity: 1, reason: 'x' }] }))
        .statusCode,
    ).toBe(404);
    expect((await askReturn(buyer, order._id, { lines: [] })).statusCode).toBe(400);
    // Shipped 31 days ago (RETURN_DAYS is 30): nothing can be returned.
    await t.ctx.db
      .update(shipments)
      .set({ shippedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(shipments.orderId, order._id));
    const late = await askReturn(buyer, order._id, {
      lines: [{ sku: tool.sku, quantity: 1, reason: 'Late' }],
    });
    expect(late.json<ErrorBody>().error.message).toContain('0 units can be returned, not 1');

    const unshipped = await insertTool(t.ctx.db, { available: 1000 });
    const placed = (
      await t.call(buyer, 'POST', '/api/purchase', {
        toolId: unshipped.id,
        quantity: 100,
        ...deliveryToLeeds,
      })
    ).json<{ order: Order }>().order;
    const none = await askReturn(buyer, placed._id, {
      lines: [{ sku: unshipped.sku, quantity: 1, reason: 'x' }],
    });
    expect(none.statusCode).toBe(409);

    // A company's viewer reads the company's orders but cannot return from them.
    const { admin: owner } = await newCompany(t.ctx.app, 'Return Rights Ltd');
    const viewer = await t.join(owner, ['viewer']);
    const { order: companyOrder, tool: companyTool } = await shippedOrder(owner);
    const asViewer = await askReturn(viewer, companyOrder._id, {
      lines: [{ sku: companyTool.sku, quantity: 1, reason: 'x' }],
    });
    expect(asViewer.statusCode).toBe(404);
    const asOwner = await askReturn(owner, companyOrder._id, {
      lines: [{ sku: companyTool.sku, quantity: 1, reason: 'x' }],
    });
    expect(asOwner.statusCode).toBe(201);
    // The viewer sees the company's return; strangers see none of it.
    expect((await t.call(viewer, 'GET', '/api/returns')).json<Return[]>()).toHaveLength(1);
    const id = asOwner.json<Return>()._id;
    expect((await t.call(stranger, 'GET', `/api/returns/${id}`)).statusCode).toBe(404);
    expect((await t.call(viewer, 'GET', `/api/returns/${id}`)).statusCode).toBe(200);
  });

  it('counts a unit once: units shipped long ago make no room for more returns of recent ones', async () => {
    const buyer = await signUp(t.ctx.app);
    const tool = await insertTool(t.ctx.db, { available: 1000, priceCents: 2000 });
    const placed = await t.call(buyer, 'POST', '/api/purchase', {
      toolId: tool.id,
      quantity: 800,
      ...deliveryToLeeds,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ order: Order }>().order;
    await payOrderAs(t.ctx.app, buyer, order._id);
    const ship = (quantity: number) =>
      t.call(admin, 'POST', `/api/admin/orders/${order._id}/shipments`, {
        lines: [{ sku: tool.sku, quantity }],
        carrier: 'UPS',
      });
    // 700 units shipped 90 days ago (RETURN_DAYS is 30), then 100 now.
    expect((await ship(700)).statusCode).toBe(201);
    await t.ctx.db
      .update(shipments)
      .set({ shippedAt: new Date(Date.now() - 90 * 86_400_000) })
      .where(eq(shipments.orderId, order._id));
    expect((await ship(100)).statusCode).toBe(201);
    const asked = () =>
      askReturn(buyer, order._id, { lines: [{ sku: tool.sku, quantity: 100, reason: 'Surplus' }] });
    expect((await asked()).statusCode).toBe(201);
    // Eight returns of 100 were accepted before; the second is now refused, naming what is left.
    const second = await asked();
    expect(second.statusCode).toBe(400);
    expect(second.json<ErrorBody>().error.message).toContain('0 units can be returned, not 100');
    const partial = await askReturn(buyer, order._id, {
      lines: [{ sku: tool.sku, quantity: 1, reason: 'x' }],
    });
    expect(partial.statusCode).toBe(400);
    const detail = (await t.call(buyer, 'GET', `/api/purchase/${order._id}`)).json<Order>();
    expect(detail.lines[0]?.returnedQuantity).toBe(100);
  });

  it(
    'returns a unit once when the same units are asked back twice at once',
    { tags: ['database-specific'] },
    async () => {
      const buyer = await signUp(t.ctx.app);
      const { order, tool } = await shippedOrder(buyer);
      const body = { lines: [{ sku: tool.sku, quantity: 60, reason: 'Twice' }] };
      const both = await Promise.all([askReturn(buyer, order._id, body), askReturn(buyer, order._id, body)]);
      expect(both.map((response) => response.statusCode).sort()).toEqual([201, 400]);
      const detail = (await t.call(buyer, 'GET', `/api/purchase/${order._id}`)).json<Order>();
      expect(detail.lines[0]?.returnedQuantity).toBe(60);
    },
  );
});

describe('the books after every path above', () => {
  it(
    'agree: credit notes within invoices and cancelled or returned units, refunds within payments, the ledger',
    { tags: ['database-specific'] },
    async () => {
      expect(await moneyProblems(t.ctx.db)).toEqual([]);
    },
  );
});

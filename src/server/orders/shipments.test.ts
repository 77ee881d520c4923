// Database-specific (the tests tagged so run on both databases): two admins shipping the same units at once are serialized by the order's row lock
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../shared/api/errors';
import type { Order, OrderDetail, Shipment } from '../../shared/api/orders.schemas';
import { products } from '../db/schema';
import { moveOrder } from './order-status-writer';
import { fillBackorders } from '../stock/backorders';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import {
  TEST_STEP,
  answerQuoteAs,
  daysFromToday,
  deliveryToLeeds,
  requestQuoteAs,
  shipsToUk,
} from '../test/order-helpers';
import { startSmtpCatcher } from '../test/smtp-catcher';
import { createTestApp } from '../test/test-app';

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
  await shipsToUk(ctx.db);
  [buyer, admin] = await Promise.all([signUp(ctx.app), signUpAdmin(ctx.app, ctx.db)]);
});
afterAll(async () => {
  await ctx.app.close();
  await smtp.close();
});

/** A paid order of 800 units of a product with 500 in stock: 300 of them on backorder. */
async function paidBackorderedOrder(): Promise<{ order: Order; sku: string; toolId: string }> {
  const tool = await insertTool(ctx.db, { available: 500 });
  const quote = await requestQuoteAs(ctx.app, buyer, tool.id, 800);
  await answerQuoteAs(ctx.app, admin, quote._id, {
    unitPrice: 9,
    validUntil: daysFromToday(3),
    shipDate: daysFromToday(20),
  });
  const accepted = await injectAs(ctx.app, buyer, {
    method: 'POST',
    url: `/api/quotes/${quote._id}/accept`,
    payload: deliveryToLeeds,
  });
  const order = accepted.json<{ order: Order }>().order;
  await moveOrder(ctx.db, order._id, 'paid', TEST_STEP, { set: { transactionId: `pi_test_${order._id}` } });
  return { order, sku: tool.sku, toolId: tool.id };
}

const ship = (orderId: string, payload: Record<string, unknown>) =>
  injectAs(ctx.app, admin, { method: 'POST', url: `/api/admin/orders/${orderId}/shipments`, payload });
const read = async (orderId: string) =>
  (await injectAs(ctx.app, buyer, { method: 'GET', url: `/api/purchase/${orderId}` })).json<OrderDetail>();

describe('partial shipments (POST /api/admin/orders/{id}/shipments)', () => {
  it('ship what is ready now and the backordered units later; the order is partially shipped until every unit has left', async () => {
    const { order, sku, toolId } = await paidBackorderedOrder();

    // More than is ready: refused, naming what is ready and why, and nothing ships.
    const tooMany = await ship(order._id, { lines: [{ sku, quantity: 600 }], carrier: 'UPS' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<ErrorBody>().error.message).toContain(
      '500 units are ready to ship (300 still on backorder), not 600.',
    );
    const unknown = await ship(order._id, { lines: [{ sku: 'NO-SUCH-SKU', quantity: 1 }], carrier: 'UPS' });
    expect(unknown.json<ErrorBody>().error.message).toContain('NO-SUCH-SKU is not a line of this order.');
    expect((await read(order._id)).shipments).toEqual([]);

    const first = await ship(order._id, {
      lines: [{ sku, quantity: 200 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Shipment>()).toMatchObject({
      lines: [{ line: 1, sku, quantity: 200 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    const firstMail = await smtp.nextMailTo(
      buyer.email,
      new RegExp(`^Part of order ${order.orderNumber} has shipped`),
    );
    expect(firstMail.parsed.text).toContain('200 × ' + sku);
    expect(firstMail.parsed.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    let now = await read(order._id);
    expect(now.status).toBe('partially_shipped');
    expect(now.lines[0]?.shippedQuantity).toBe(200);

    // 'Mark shipped' sends every unit ready: the other 300 in stock; 300 are still awaited.
    const rest = await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/admin/orders/${order._id}/status`,
      payload: { status: 'shipped', carrier: 'DHL Freight' },
    });
    expect(rest.json()).toEqual({ modifiedCount: 1 });
    now = await read(order._id);
    expect(now.status).toBe('partially_shipped');
    expect(now.lines[0]?.shippedQuantity).toBe(500);
    const waiting = await ship(order._id, { lines: [{ sku, quantity: 1 }], carrier: 'UPS' });
    expect(waiting.json<ErrorBody>().error.message).toContain(
      '0 units are ready to ship (300 still on backorder)',
    );

    // Stock arrives: the backorder fills first, and the last 300 ship; the order is shipped.
    await ctx.db.transaction(async (tx) => {
      await tx.update(products).set({ available: 300 }).where(eq(products.id, toolId));
      await fillBackorders(tx, [toolId]);
    });
    const last = await ship(order._id, { lines: [{ sku, quantity: 300 }], carrier: 'UPS' });
    expect(last.statusCode, last.body).toBe(201);
    await smtp.nextMailTo(buyer.email, new RegExp(`^Order ${order.orderNumber} has shipped`));
    now = await read(order._id);
    expect(now.status).toBe('shipped');
    expect(now.lines[0]).toMatchObject({ shippedQuantity: 800, backordered: 0 });
    expect(now.shipments.map((shipment) => shipment.lines[0]?.quantity)).toEqual([200, 300, 300]);
    // Each shipment is a step of the timeline; the invoice's supply date is the first shipment's.
    expect(now.history.map((step) => [step.event, step.from, step.to])).toEqual([
      ['placed', null, 'unpaid'],
      ['paid', 'unpaid', 'paid'],
      ['shipped', 'paid', 'partially_shipped'],
      ['shipped', 'partially_shipped', 'partially_shipped'],
      ['shipped', 'partially_shipped', 'shipped'],
    ]);
    expect(now.history[2]?.note).toBe(`UPS 1Z999AA10123456784: 200 × ${sku}`);
    // The buyer reads the shop's steps as the shop's; the shop's staff see who took them.
    expect(now.history[2]?.actor).toBeNull();
    const asAdmin = (
      await injectAs(ctx.app, admin, { method: 'GET', url: `/api/purchase/${order._id}` })
    ).json<OrderDetail>();
    expect(asAdmin.history[2]?.actor).toBe(admin.email.toLowerCase());
    // A shipped order cannot ship again.
    const again = await ship(order._id, { lines: [{ sku, quantity: 1 }], carrier: 'UPS' });
    expect(again.statusCode).toBe(409);
  });

  it(
    'ships a unit once when two admins send the same units at once',
    { tags: ['database-specific'] },
    async () => {
      const { order, sku } = await paidBackorderedOrder();
      const both = await Promise.all([
        ship(order._id, { lines: [{ sku, quantity: 500 }], carrier: 'UPS' }),
        ship(order._id, { lines: [{ sku, quantity: 500 }], carrier: 'FedEx' }),
      ]);
      expect(both.map((response) => response.statusCode).sort()).toEqual([201, 400]);
      const now = await read(order._id);
      expect(now.lines[0]?.shippedQuantity).toBe(500);
      expect(now.shipments).toHaveLength(1);
    },
  );

  it('refuses a shipment of an unpaid order, and buyers cannot ship', async () => {
    const tool = await insertTool(ctx.db, { available: 1000 });
    const placed = await injectAs(ctx.app, buyer, {
      method: 'POST',
      url: '/api/purchase',
      payload: { toolId: tool.id, quantity: 100, ...deliveryToLeeds },
    });
    const order = placed.json<{ order: Order }>().order;
    const refused = await ship(order._id, { lines: [{ sku: tool.sku, quantity: 100 }], carrier: 'UPS' });
    expect(refused.statusCode).toBe(409);
    const asBuyer = await injectAs(ctx.app, buyer, {
      method: 'POST',
      url: `/api/admin/orders/${order._id}/shipments`,
      payload: { lines: [{ sku: tool.sku, quantity: 100 }], carrier: 'UPS' },
    });
    expect(asBuyer.statusCode).toBe(403);
  });
});

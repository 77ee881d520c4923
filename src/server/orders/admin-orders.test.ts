import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderPage } from '../../shared/api/admin-orders.schemas';
import type { Order, OrderDetail } from '../../shared/api/orders.schemas';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { createTestApp } from '../test/test-app';
import { mailOutbox } from '../db/schema';
import { moveOrder } from './order-status-writer';
import { TEST_STEP, payOrderAs } from '../test/order-helpers';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;
let customer: TestUser;
const ids: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, customer] = await Promise.all([signUpAdmin(ctx.app, ctx.db), signUp(ctx.app)]);
  const tool = await insertTool(ctx.db, { available: 100_000 });
  for (let n = 0; n < 5; n += 1) {
    const response = await injectAs(ctx.app, customer, {
      method: 'POST',
      url: '/api/purchase',
      payload: { toolId: tool.id, name: 'C', address: 'Road 1', number: '5550100', quantity: 100 + n },
    });
    ids.push(response.json<{ insertedId: string }>().insertedId);
  }
  await moveOrder(ctx.db, ids[0] ?? '', 'paid', TEST_STEP, { set: { transactionId: 'pi_test_admin_0' } });
  await moveOrder(ctx.db, ids[1] ?? '', 'cancelled', TEST_STEP);
});
afterAll(async () => {
  await ctx.app.close();
});

const list = (query: string) => injectAs(ctx.app, admin, { method: 'GET', url: `/api/admin/orders${query}` });
const ship = (
  id: string,
  status = 'shipped',
  shipment: object = { carrier: 'DHL Freight', trackingNumber: 'JD0142' },
) =>
  injectAs(ctx.app, admin, {
    method: 'PATCH',
    url: `/api/admin/orders/${id}/status`,
    payload: { status, ...shipment },
  });

describe('Manage All Orders', () => {
  it('lists every order newest first, cancelled ones included, a page at a time', async () => {
    const first = (await list('?pageSize=2')).json<AdminOrderPage>();
    expect(first.total).toBe(5);
    expect(first.orders.map((order) => order._id)).toEqual([ids[4], ids[3]]);
    const last = (await list('?pageSize=2&page=3')).json<AdminOrderPage>();
    expect(last.orders.map((order) => order._id)).toEqual([ids[0]]);
    expect(last.orders[0]).toMatchObject({
      email: customer.email,
      quantity: 100,
      status: 'paid',
      paid: true,
    });
  });

  it('finds an order by its number, PO, buyer, email, company or SKU, and reads % and _ as themselves', async () => {
    const tool = await insertTool(ctx.db, { available: 10_000, sku: 'FIND-ME-9' });
    const placed = await injectAs(ctx.app, customer, {
      method: 'POST',
      url: '/api/purchase',
      payload: {
        toolId: tool.id,
        name: 'Greta Findley',
        address: 'Road 1',
        number: '5550100',
        quantity: 100,
        company: 'Zeta_Works 50%',
        poNumber: 'PO-FIND-4471',
      },
    });
    const order = placed.json<{ order: Order }>().order;
    const found = async (q: string) =>
      (await list(`?q=${encodeURIComponent(q)}`)).json<AdminOrderPage>().orders.map((o) => o._id);
    for (const q of [
      String(order.orderNumber),
      `#${order.orderNumber}`,
      'find-4471',
      'greta find',
      'zeta_works',
      '50%',
      'find-me',
    ]) {
      expect(await found(q), q).toEqual([order._id]);
    }
    expect(await found(customer.email)).toContain(order._id);
    // % and _ are not wildcards: nothing else matches them.
    expect(await found('%')).toEqual([order._id]);
    // Paid (an invoice) and 10 units cancelled (a credit note): found by either document's number.
    await payOrderAs(ctx.app, customer, order._id);
    const cancelled = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: `/api/admin/orders/${order._id}/cancel`,
      payload: { reason: 'Short of stock', lines: [{ sku: 'FIND-ME-9', quantity: 10 }] },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const documents = (
      await injectAs(ctx.app, admin, { method: 'GET', url: `/api/purchase/${order._id}` })
    ).json<OrderDetail>();
    const invoice = documents.invoiceNumber ?? '';
    const creditNote = documents.creditNotes[0]?.number ?? '';
    expect(invoice).toMatch(/^INV-\d{6}$/);
    expect(creditNote).toMatch(/^CN-\d{6}$/);
    for (const q of [invoice, invoice.toLowerCase(), creditNote, creditNote.replace('-', '')]) {
      expect(await found(q), q).toEqual([order._id]);
    }
    expect(await found('no such order anywhere')).toEqual([]);
    // The CSV export takes the same search.
    const csv = await injectAs(ctx.app, admin, {
      method: 'GET',
      url: '/api/admin/orders.csv?q=PO-FIND-4471',
    });
    expect(csv.body.trim().split('\n')).toHaveLength(2);
  });

  it('filters by state', async () => {
    const cancelled = (await list('?status=cancelled')).json<AdminOrderPage>();
    expect(cancelled.orders.map((order) => order._id)).toEqual([ids[1]]);
    expect((await list('?status=lost')).statusCode).toBe(400);
  });

  it('marks a paid order shipped once, with its carrier and tracking number, and the customer sees and is mailed them', async () => {
    const noCarrier = await ship(ids[0] ?? '', 'shipped', {});
    expect(noCarrier.statusCode).toBe(400);
    expect(noCarrier.json<{ error: { message: string } }>().error.message).toBe(
      'Carrier: Please name the carrier',
    );
    expect((await ship(ids[0] ?? '')).json()).toEqual({ modifiedCount: 1 });
    expect((await ship(ids[0] ?? '')).json()).toEqual({ modifiedCount: 0 });
    const mine = await injectAs(ctx.app, customer, { method: 'GET', url: `/api/purchase/${ids[0] ?? ''}` });
    expect(mine.json<Order>()).toMatchObject({
      status: 'shipped',
      paid: true,
      shipment: { carrier: 'DHL Freight', trackingNumber: 'JD0142' },
    });
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, customer.email), like(mailOutbox.subject, '%has shipped')));
    expect(mail?.textBody).toContain('with DHL Freight.');
    expect(mail?.textBody).toContain('Tracking number: JD0142');
  });

  it('refuses any other transition', async () => {
    const unpaid = await ship(ids[2] ?? '');
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toEqual({
      error: {
        code: 'INVALID_TRANSITION',
        message: 'This order is unpaid; only paid orders can be marked shipped',
      },
    });
    expect((await ship(ids[1] ?? '')).statusCode).toBe(409);
    expect((await ship(ids[3] ?? '', 'paid')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await injectAs(ctx.app, customer, { method: 'GET', url: '/api/admin/orders' })).statusCode).toBe(
      403,
    );
    expect((await injectAs(ctx.app, null, { method: 'GET', url: '/api/admin/orders' })).statusCode).toBe(401);
  });
});

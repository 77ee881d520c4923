// Database-specific (the tests tagged so run on both databases): a change and a checkout taking the same last units at once, and two changes of one order at once, are serialized by row locks
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../shared/api/errors';
import type { Order, OrderDetail, PlaceOrderResult } from '../../shared/api/orders.schemas';
import {
  ledgerEntries,
  orders,
  products,
  testPaymentIntents,
  webhookDeliveries,
  webhooks,
} from '../db/schema';
import { type TestUser, signUp, signUpAdmin } from '../test/auth-helpers';
import { inviteAs, newCompany, useCompanyTestApp } from '../test/company-helpers';
import { insertTool } from '../test/factories';
import { moneyProblems } from '../test/money-checks';
import {
  answerQuoteAs,
  daysFromToday,
  payOrderAs,
  pittsburgh,
  requestQuoteAs,
  taxesAndShipsToPennsylvania,
} from '../test/order-helpers';

/**
 * DESIGN §11: a buyer changes an order before it is paid or invoiced (PUT /api/purchase/{id}/lines):
 * every line priced again, its stock reserved all or nothing, tax and freight again, the company's
 * limits and approval again; the old payment intent can no longer be charged.
 */
const t = useCompanyTestApp();
const { call, join } = t;
let admin: TestUser;

const toPittsburgh = { name: 'Dock 4', number: '+1 412 555 0100', shipTo: pittsburgh };

beforeAll(async () => {
  admin = await signUpAdmin(t.ctx.app, t.ctx.db);
  await taxesAndShipsToPennsylvania(t.ctx.app, admin);
});

type Line = { sku: string; quantity: number };
const change = (as: TestUser, orderId: string, lines: Line[]) =>
  call(as, 'PUT', `/api/purchase/${orderId}/lines`, { lines });
const read = async (as: TestUser, orderId: string) =>
  (await call(as, 'GET', `/api/purchase/${orderId}`)).json<OrderDetail>();
const stockOf = async (toolId: string) =>
  (await t.ctx.db.select({ available: products.available }).from(products).where(eq(products.id, toolId)))[0]
    ?.available;
const errorOf = (response: { body: string }) => (JSON.parse(response.body) as ErrorBody).error;

/** Puts these lines in the buyer's cart and checks it out to Pittsburgh (6 %, $15 a parcel). */
async function checkout(buyer: TestUser, lines: [{ id: string }, number][], paymentMethod = 'card') {
  for (const [tool, quantity] of lines) {
    const put = await call(buyer, 'PUT', `/api/cart/lines/${tool.id}`, { quantity });
    expect(put.statusCode, put.body).toBe(200);
  }
  const placed = await call(buyer, 'POST', '/api/cart/checkout', { ...toPittsburgh, paymentMethod });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json<{ order: Order }>().order;
}

async function paymentIntent(as: TestUser, orderId: string) {
  const intent = await call(as, 'POST', '/api/create-payment-intent', { orderId });
  expect(intent.statusCode, intent.body).toBe(200);
  return intent.json<{ clientSecret: string }>().clientSecret;
}
const chargeCard = (clientSecret: string) =>
  call(null, 'POST', '/api/payments/test/confirm', {
    clientSecret,
    number: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: 2034,
    cvc: '123',
  });

describe('changing an unpaid order (PUT /api/purchase/{id}/lines)', () => {
  it('prices every line again, moves the stock, charges tax and freight again, and the old payment intent can no longer be charged', async () => {
    const buyer = await signUp(t.ctx.app);
    const [tiered, removed, added] = await Promise.all([
      insertTool(t.ctx.db, {
        weightGrams: 10,
        priceTiers: [
          { minQuantity: 100, priceCents: 1000 },
          { minQuantity: 500, priceCents: 900 },
        ],
      }),
      insertTool(t.ctx.db, { priceCents: 5000, weightGrams: 10 }),
      insertTool(t.ctx.db, { priceCents: 333, weightGrams: 10, taxClass: 'zero' }),
    ]);
    const order = await checkout(buyer, [
      [tiered, 200],
      [removed, 100],
    ]);
    // 200 × $10 + 100 × $50 = $7,000, 6 % tax $420, $15 freight.
    expect(order.total).toBe(7435);
    const oldSecret = await paymentIntent(buyer, order._id);

    // Previewed first (the change page shows it as the buyer types): what the change would make of
    // the order, by the same code, and nothing changes, not even the payment intent.
    const wanted = [
      { sku: tiered.sku.toLowerCase(), quantity: 500 },
      { sku: added.sku, quantity: 100 },
    ];
    const stockBefore = await stockOf(tiered.id);
    const preview = await call(buyer, 'POST', `/api/purchase/${order._id}/lines/preview`, { lines: wanted });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<Order>()).toMatchObject({
      status: 'unpaid',
      quantity: 600,
      subtotal: 4833,
      total: 5118,
    });
    expect(await read(buyer, order._id)).toMatchObject({ quantity: 300, total: 7435 });
    expect(await stockOf(tiered.id)).toBe(stockBefore);
    const tooMany = await call(buyer, 'POST', `/api/purchase/${order._id}/lines/preview`, {
      lines: [{ sku: tiered.sku, quantity: 1_000_000 }],
    });
    // What the change would refuse, the preview says: more than the stock.
    expect(tooMany.statusCode).toBe(409);
    expect(errorOf(tooMany).code).toBe('OUT_OF_STOCK');

    const changed = await change(buyer, order._id, [
      { sku: tiered.sku.toLowerCase(), quantity: 500 },
      { sku: added.sku, quantity: 100 },
    ]);
    expect(changed.statusCode, changed.body).toBe(200);
    const now = changed.json<Order>();
    // 500 × $9 (the next price break) + 100 × $3.33 at 0 %: $4,833, tax 6 % of $4,500 = $270, $15 freight.
    expect(now).toMatchObject({ status: 'unpaid', quantity: 600, subtotal: 4833, freight: 15, total: 5118 });
    expect(now.lines).toEqual([
      expect.objectContaining({
        line: 1,
        sku: tiered.sku,
        quantity: 500,
        unitPrice: 9,
        tax: 270,
        taxRate: 6,
      }),
      expect.objectContaining({
        line: 2,
        sku: added.sku,
        quantity: 100,
        unitPrice: 3.33,
        tax: 0,
        taxRate: 0,
      }),
    ]);
    expect([await stockOf(tiered.id), await stockOf(removed.id), await stockOf(added.id)]).toEqual([
      500, 1000, 900,
    ]);

    const detail = await read(buyer, order._id);
    expect(detail.history.at(-1)).toMatchObject({
      event: 'changed',
      from: 'unpaid',
      to: 'unpaid',
      actor: buyer.email,
      note: '2 lines, 300 units, $7,435.00 → 2 lines, 600 units, $5,118.00',
    });
    const mail = await t.smtp.nextMailTo(buyer.email, new RegExp(`^Order ${order.orderNumber} changed`));
    expect(mail.parsed.subject).toBe(`Order ${order.orderNumber} changed: now $5,118.00`);
    expect(mail.parsed.text).toContain('500 units at $9.00 = $4,500.00');

    // The intent made for $7,435 was cancelled: it can never be charged.
    expect((await chargeCard(oldSecret)).statusCode).not.toBe(200);
    // The next intent is the new amount's, under the order's next payment attempt; paid, it settles.
    const paidBy = await payOrderAs(t.ctx.app, buyer, order._id);
    const [intent] = await t.ctx.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, paidBy));
    expect(intent).toMatchObject({ amountCents: 511_800, attempt: 1 });
    expect((await read(buyer, order._id)).status).toBe('paid');
  });

  it('changes nothing when a line cannot be met: above the stock, below the smallest order, an unknown SKU', async () => {
    const buyer = await signUp(t.ctx.app);
    const [one, scarce] = await Promise.all([
      insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10 }),
      insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10, available: 300 }),
    ]);
    const order = await checkout(buyer, [
      [one, 200],
      [scarce, 100],
    ]);
    const stock = [await stockOf(one.id), await stockOf(scarce.id)];
    // The buyer had opened the payment page: a change refused cancels that intent all the same.
    await paymentIntent(buyer, order._id);

    // The order's own 100 units count as the buyer's to take again: 300 fit, 301 do not.
    const above = await change(buyer, order._id, [
      { sku: one.sku, quantity: 100 },
      { sku: scarce.sku, quantity: 301 },
    ]);
    expect(above.statusCode).toBe(409);
    expect(errorOf(above)).toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(errorOf(above).message).toBe(
      `Nothing was changed: a line needs changing. ${scarce.sku} ${scarce.name}: Only 300 units are in stock.`,
    );
    const below = await change(buyer, order._id, [{ sku: one.sku, quantity: 99 }]);
    expect(below.statusCode).toBe(400);
    expect(errorOf(below).message).toContain('The smallest order of this product is 100 units');
    const unknown = await change(buyer, order._id, [{ sku: 'NO-SUCH-SKU', quantity: 100 }]);
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toContain('No product has the SKU NO-SUCH-SKU');
    const twice = await change(buyer, order._id, [
      { sku: one.sku, quantity: 100 },
      { sku: one.sku.toLowerCase(), quantity: 100 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice).message).toContain('Each SKU appears once');
    const none = await change(buyer, order._id, []);
    expect(none.statusCode).toBe(400);

    expect([await stockOf(one.id), await stockOf(scarce.id)]).toEqual(stock);
    const after = await read(buyer, order._id);
    expect(after).toMatchObject({ total: order.total, quantity: 300 });
    expect(after.history.map((step) => step.event)).toEqual(['placed']);
    // The order, as it was, is paid by a new intent (its cancelled one let go).
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.paymentAttempt).toBe(0);

    const paidBy = await payOrderAs(t.ctx.app, buyer, order._id);
    const [intent] = await t.ctx.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, paidBy));
    expect(intent).toMatchObject({ amountCents: Math.round(order.total * 100), attempt: 1 });
  });

  it('takes exactly what is in stock, the order’s own units counted', async () => {
    const buyer = await signUp(t.ctx.app);
    const [one, scarce] = await Promise.all([
      insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10 }),
      insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10, available: 300 }),
    ]);
    const order = await checkout(buyer, [
      [one, 200],
      [scarce, 100],
    ]);
    const most = await change(buyer, order._id, [{ sku: scarce.sku, quantity: 300 }]);
    expect(most.statusCode, most.body).toBe(200);
    expect([await stockOf(one.id), await stockOf(scarce.id)]).toEqual([1000, 0]);
  });

  it('answers 409 for a paid order, a payment that went through first, and an order priced by a quote; 404 to others', async () => {
    const buyer = await signUp(t.ctx.app);
    const stranger = await signUp(t.ctx.app);
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10 });
    const lines = [{ sku: tool.sku, quantity: 150 }];

    const paid = await checkout(buyer, [[tool, 100]]);
    await payOrderAs(t.ctx.app, buyer, paid._id);
    const late = await change(buyer, paid._id, lines);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late)).toMatchObject({
      code: 'ORDER_ALREADY_PAID',
      message:
        'An order that is paid can no longer be changed. Ask the shop to cancel units you no longer need.',
    });

    // The card was charged, but the payment not yet confirmed to the shop: the order stays as it was.
    const charged = await checkout(buyer, [[tool, 100]]);
    expect((await chargeCard(await paymentIntent(buyer, charged._id))).statusCode).toBe(200);
    const raced = await change(buyer, charged._id, lines);
    expect(raced.statusCode).toBe(409);
    expect(errorOf(raced)).toMatchObject({ code: 'ORDER_ALREADY_PAID' });
    expect((await read(buyer, charged._id)).quantity).toBe(100);

    expect((await change(stranger, charged._id, lines)).statusCode).toBe(404);

    const quote = await requestQuoteAs(t.ctx.app, buyer, tool.id, 200);
    await answerQuoteAs(t.ctx.app, admin, quote._id, { unitPrice: 8, validUntil: daysFromToday(7) });
    const accepted = await call(buyer, 'POST', `/api/quotes/${quote._id}/accept`, toPittsburgh);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const fromQuote = accepted.json<PlaceOrderResult>().order;
    const quoted = await change(buyer, fromQuote._id, lines);
    expect(quoted.statusCode).toBe(409);
    expect(errorOf(quoted).message).toBe(
      'This order’s prices come from an accepted quote: ask the shop for a new quote to change it.',
    );
  });

  it('prices a change for the order’s own buyer and company: a personal order stays personal after its buyer joins a company', async () => {
    const buyer = await signUp(t.ctx.app, { verified: true });
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10, available: 10_000 });
    const order = await checkout(buyer, [[tool, 100]]);
    expect(order).toMatchObject({ subtotal: 1000 });
    // A company with half-price contract prices on the tool, which the buyer then joins.
    const list = await call(admin, 'POST', '/api/admin/price-lists', {
      name: 'Half price',
      entries: [{ sku: tool.sku, percentOff: 50 }],
    });
    expect(list.statusCode, list.body).toBe(201);
    const { admin: owner, companyId } = await newCompany(t.ctx.app, 'Joined Later Ltd');
    const held = await call(admin, 'PUT', `/api/admin/companies/${companyId}/price-lists`, [
      { priceListId: list.json<{ insertedId: string }>().insertedId, priority: 1 },
    ]);
    expect(held.statusCode, held.body).toBe(200);
    const token = await inviteAs(t.ctx.app, t.smtp, owner, buyer.email, ['buyer']);
    expect((await call(buyer, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);

    const changed = await change(buyer, order._id, [{ sku: tool.sku, quantity: 200 }]);
    expect(changed.statusCode, changed.body).toBe(200);
    const after = changed.json<Order>();
    expect(after).toMatchObject({ subtotal: 2000 });
    expect(after.lines[0]).toMatchObject({ unitPrice: 10, priceSource: 'tier' });
  });

  it('holds an unconfirmed account to a tenth of the stock on this path too', async () => {
    const unconfirmed = await signUp(t.ctx.app, { verified: false });
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10, available: 2000 });
    const order = await checkout(unconfirmed, [[tool, 100]]);
    const more = await change(unconfirmed, order._id, [{ sku: tool.sku, quantity: 201 }]);
    expect(more.statusCode).toBe(403);
    expect(errorOf(more).message).toContain('at most 200 units');
    expect(await stockOf(tool.id)).toBe(1900);
    expect((await change(unconfirmed, order._id, [{ sku: tool.sku, quantity: 200 }])).statusCode).toBe(200);
  });
});

describe('a company’s order changed', () => {
  async function company(rules: { approvalAbove: number | null; monthlyLimit: number | null }) {
    const { admin: companyAdmin, companyId } = await newCompany(t.ctx.app, 'Changes Ltd');
    const buyer = await join(companyAdmin, ['buyer']);
    const approver = await join(companyAdmin, ['approver']);
    const viewer = await join(companyAdmin, ['viewer']);
    const set = await call(companyAdmin, 'PUT', '/api/company/rules', rules);
    expect(set.statusCode, set.body).toBe(200);
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10, available: 10_000 });
    return { companyId, buyer, approver, viewer, tool };
  }

  it('goes to its approvers again above the threshold, and back to be paid below it', async () => {
    const { buyer, approver, viewer, tool } = await company({ approvalAbove: 2000, monthlyLimit: null });
    const order = await checkout(buyer, [[tool, 100]]); // $1,000 + $60 + $15
    expect(order.status).toBe('unpaid');

    const up = await change(buyer, order._id, [{ sku: tool.sku, quantity: 200 }]);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json<Order>()).toMatchObject({ status: 'awaiting_approval', approval: { state: 'awaiting' } });
    await t.smtp.nextMailTo(approver.email, new RegExp(`^Approve order ${order.orderNumber}`));
    // A viewer may read the order but not change it.
    expect((await change(viewer, order._id, [{ sku: tool.sku, quantity: 100 }])).statusCode).toBe(404);

    const down = await change(buyer, order._id, [{ sku: tool.sku, quantity: 150 }]);
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json<Order>()).toMatchObject({ status: 'unpaid', approval: null, quantity: 150 });
    const history = (await read(buyer, order._id)).history.map((step) => [step.event, step.from, step.to]);
    expect(history).toEqual([
      ['placed', null, 'unpaid'],
      ['changed', 'unpaid', 'awaiting_approval'],
      ['changed', 'awaiting_approval', 'unpaid'],
    ]);
  });

  it('counts the order once against the monthly limit, and refuses a change past it', async () => {
    const { buyer, tool } = await company({ approvalAbove: null, monthlyLimit: 3000 });
    const order = await checkout(buyer, [[tool, 200]]); // $2,000 + $120 + $15 = $2,135
    // $2,650 + $15: within $3,000 although the order's own $2,135 was counted before.
    const within = await change(buyer, order._id, [{ sku: tool.sku, quantity: 250 }]);
    expect(within.statusCode, within.body).toBe(200);
    const past = await change(buyer, order._id, [{ sku: tool.sku, quantity: 300 }]);
    expect(past.statusCode).toBe(409);
    expect(errorOf(past).code).toBe('SPENDING_LIMIT');
    expect((await read(buyer, order._id)).quantity).toBe(250);
  });

  it('counts what the shop cancelled of a paid order as not spent', async () => {
    const { buyer, tool } = await company({ approvalAbove: null, monthlyLimit: 3000 });
    const paid = await checkout(buyer, [[tool, 200]]); // $2,000 + $120 + $15 = $2,135
    await payOrderAs(t.ctx.app, buyer, paid._id);
    // 150 more ($1,500 + $90 + $15 = $1,605) would pass the $3,000 limit…
    const refused = await call(buyer, 'POST', '/api/purchase', {
      toolId: tool.id,
      quantity: 150,
      ...toPittsburgh,
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('SPENDING_LIMIT');
    // …until the shop cancels 100 of the paid units: $1,060 credited, $1,075 spent.
    const cancelled = await call(admin, 'POST', `/api/admin/orders/${paid._id}/cancel`, {
      reason: 'Ordered twice',
      lines: [{ sku: tool.sku, quantity: 100 }],
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Order>().creditNotes.map((note) => note.amount)).toEqual([1060]);
    const placed = await call(buyer, 'POST', '/api/purchase', {
      toolId: tool.id,
      quantity: 150,
      ...toPittsburgh,
    });
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('on account: awaiting approval, changed below the threshold, it is invoiced', async () => {
    const { companyId, buyer, tool } = await company({ approvalAbove: 2000, monthlyLimit: null });
    const terms = await call(admin, 'PUT', `/api/admin/companies/${companyId}/terms`, {
      terms: 'net30',
      creditLimit: 10_000,
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const order = await checkout(buyer, [[tool, 300]], 'account');
    expect(order).toMatchObject({ status: 'awaiting_approval', invoiceNumber: null });

    const changed = await change(buyer, order._id, [{ sku: tool.sku, quantity: 100 }]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Order>()).toMatchObject({ status: 'on_account', total: 1075 });
    expect(changed.json<Order>().invoiceNumber).toMatch(/^INV-/);
    // Invoiced once: one invoice in the ledger, for the new total.
    const invoices = await t.ctx.db
      .select({ amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order._id), eq(ledgerEntries.kind, 'invoice')));
    expect(invoices).toEqual([{ amountCents: 107_500 }]);
    // Invoiced, it is owed: no more changes.
    const again = await change(buyer, order._id, [{ sku: tool.sku, quantity: 120 }]);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toContain('on account can no longer be changed');
  });

  it('moves through the transition table like every step: to its approvers, to a freight quote, back to be paid, each told as order.changed', async () => {
    const { buyer, approver, tool } = await company({ approvalAbove: 2000, monthlyLimit: null });
    // 10 kg a unit: 100 units are a pallet (500 kg and more), whose freight the shop quotes.
    const heavy = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10_000, available: 10_000 });
    const [hook] = await t.ctx.db
      .insert(webhooks)
      .values({
        url: 'https://erp.example/hooks',
        events: ['order.changed'],
        secret: 's'.repeat(32),
        createdBy: 'test',
      })
      .returning({ id: webhooks.id });
    const order = await checkout(buyer, [[tool, 100]]);
    expect(order.status).toBe('unpaid');

    const steps: [Line[], string][] = [
      [[{ sku: tool.sku, quantity: 250 }], 'awaiting_approval'],
      [[{ sku: heavy.sku, quantity: 100 }], 'awaiting_freight'],
      [[{ sku: tool.sku, quantity: 120 }], 'unpaid'],
      [[{ sku: tool.sku, quantity: 130 }], 'unpaid'],
    ];
    for (const [lines, status] of steps) {
      const changed = await change(buyer, order._id, lines);
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json<Order>().status).toBe(status);
    }
    await t.smtp.nextMailTo(approver.email, new RegExp(`^Approve order ${order.orderNumber}`));
    await t.smtp.nextMailTo(
      'orders@forgeline.example',
      new RegExp(`^Order ${order.orderNumber} waits for a pallet`),
    );
    const history = (await read(buyer, order._id)).history.map((step) => [step.event, step.from, step.to]);
    expect(history).toEqual([
      ['placed', null, 'unpaid'],
      ['changed', 'unpaid', 'awaiting_approval'],
      ['changed', 'awaiting_approval', 'awaiting_freight'],
      ['changed', 'awaiting_freight', 'unpaid'],
      ['changed', 'unpaid', 'unpaid'],
    ]);
    // One order.changed per change, each with the order as it became.
    const told = await t.ctx.db
      .select({ body: webhookDeliveries.body })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.webhookId, hook?.id ?? ''),
          eq(webhookDeliveries.eventType, 'order.changed'),
        ),
      )
      .orderBy(asc(webhookDeliveries.seq));
    const bodies = told.map((row) => JSON.parse(row.body) as { type: string; data: { order: Order } });
    expect(bodies.map((body) => [body.type, body.data.order.status, body.data.order.quantity])).toEqual([
      ['order.changed', 'awaiting_approval', 250],
      ['order.changed', 'awaiting_freight', 100],
      ['order.changed', 'unpaid', 120],
      ['order.changed', 'unpaid', 130],
    ]);
  });
});

describe('changes at the same moment', { tags: ['database-specific'] }, () => {
  it('a change and another buyer’s order for the last units: the stock is never oversold', async () => {
    const [buyer, rival] = await Promise.all([signUp(t.ctx.app), signUp(t.ctx.app)]);
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10, available: 300 });
    const order = await checkout(buyer, [[tool, 100]]);
    await call(rival, 'PUT', `/api/cart/lines/${tool.id}`, { quantity: 200 });

    const [changed, placed] = await Promise.all([
      change(buyer, order._id, [{ sku: tool.sku, quantity: 300 }]),
      call(rival, 'POST', '/api/cart/checkout', toPittsburgh),
    ]);
    // Whichever came first took the units; the other was refused for want of stock.
    expect(
      [changed.statusCode, placed.statusCode].filter((status) => status === 200 || status === 201),
    ).toHaveLength(1);
    expect(
      [changed, placed].find((response) => response.statusCode === 409)?.json<ErrorBody>().error.code,
    ).toBe('OUT_OF_STOCK');
    const held = (await read(buyer, order._id)).quantity + (placed.statusCode === 201 ? 200 : 0);
    expect(held + ((await stockOf(tool.id)) ?? 0)).toBe(300);
  });

  it('two changes of one order: one after the other, the stock matching the last', async () => {
    const buyer = await signUp(t.ctx.app);
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10 });
    const order = await checkout(buyer, [[tool, 100]]);
    const results = await Promise.all([
      change(buyer, order._id, [{ sku: tool.sku, quantity: 400 }]),
      change(buyer, order._id, [{ sku: tool.sku, quantity: 700 }]),
    ]);
    expect(results.map((result) => result.statusCode)).toEqual([200, 200]);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.paymentAttempt).toBe(2);
    expect((row?.quantity ?? 0) + ((await stockOf(tool.id)) ?? 0)).toBe(1000);
  });
});

it(
  'leaves the books agreeing after every change above (credit notes, refunds, the ledger, units)',
  { tags: ['database-specific'] },
  async () => {
    expect(await moneyProblems(t.ctx.db)).toEqual([]);
  },
);

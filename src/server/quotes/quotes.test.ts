// Database-specific (the tests tagged so run on both databases): two acceptances of one quote at once: exactly one order, the stock reserved once
import type { ChargesPreview } from '../../shared/api/cart.schemas';
import type { ErrorBody } from '../../shared/api/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/api/orders.schemas';
import type { Quote } from '../../shared/api/quotes.schemas';
import { orders, products, quotes } from '../db/schema';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import {
  answerQuoteAs,
  daysFromToday,
  deliveryToLeeds,
  requestQuoteAs,
  shipsToUk,
  TEST_STEP,
} from '../test/order-helpers';
import { startSmtpCatcher } from '../test/smtp-catcher';
import { createTestApp } from '../test/test-app';
import { moveOrder } from '../orders/order-status-writer';
import { expireQuotes } from './quotes.repository';

/** A quote's whole life, and every way it can be refused. */
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
  await shipsToUk(ctx.db);
  [buyer, other, admin] = await Promise.all([signUp(ctx.app), signUp(ctx.app), signUpAdmin(ctx.app, ctx.db)]);
});
afterAll(async () => {
  await ctx.app.close();
  await smtp.close();
});

const stockOf = async (toolId: string) =>
  (await ctx.db.select().from(products).where(eq(products.id, toolId)))[0]?.available;
const accept = (user: TestUser, quoteId: string, extra: Record<string, unknown> = {}) =>
  injectAs(ctx.app, user, {
    method: 'POST',
    url: `/api/quotes/${quoteId}/accept`,
    payload: { ...deliveryToLeeds, ...extra },
  });
const myQuotes = async (user: TestUser) =>
  (await injectAs(ctx.app, user, { method: 'GET', url: '/api/quotes' })).json<Quote[]>();

describe('a quote from request to paid order', () => {
  it('request beyond the stock → the shop is mailed → admin answers → customer is mailed → accepts into an unpaid order at the quoted price', async () => {
    const tool = await insertTool(ctx.db, {
      name: 'Pipe Wrench',
      sku: 'PW-18',
      available: 800,
      priceCents: 2500,
    });
    const quote = await requestQuoteAs(ctx.app, buyer, tool.id, 5000, 'Delivery to our Leeds depot in March');
    expect(quote.quoteNumber).toMatch(/^Q-\d{4,}$/);
    expect(quote).toMatchObject({
      status: 'requested',
      quantity: 5000,
      sku: 'PW-18',
      itemName: 'Pipe Wrench',
      unitPrice: null,
      email: buyer.email,
      note: 'Delivery to our Leeds depot in March',
    });
    const toShop = await smtp.nextMailTo(
      'orders@forgeline.example',
      new RegExp(`^Quote request ${quote.quoteNumber}`),
    );
    expect(toShop.parsed.subject).toBe(`Quote request ${quote.quoteNumber}: 5,000 × Pipe Wrench`);
    expect(toShop.parsed.text).toContain('Delivery to our Leeds depot in March');
    expect(toShop.parsed.text).toContain(buyer.email);
    expect(toShop.parsed.text).toContain('http://localhost:3000/dashboard/quotes');

    // The admin sees it among the open quotes; the customer in their own.
    const open = (
      await injectAs(ctx.app, admin, { method: 'GET', url: '/api/quotes?status=requested' })
    ).json<Quote[]>();
    expect(open.map((q) => q._id)).toContain(quote._id);
    expect((await myQuotes(buyer)).map((q) => q._id)).toContain(quote._id);
    expect((await myQuotes(other)).map((q) => q._id)).not.toContain(quote._id);

    // The admin answers against the stock they see: beyond it, they must say when the rest ships.
    expect(open.find((q) => q._id === quote._id)).toMatchObject({ available: 800, shipDate: null });
    const validUntil = daysFromToday(14);
    const withoutDate = await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/admin/quotes/${quote._id}`,
      payload: { unitPrice: 21.75, validUntil },
    });
    expect(withoutDate.statusCode).toBe(400);
    expect(withoutDate.json<ErrorBody>().error.message).toBe(
      'Only 800 units are in stock: please give the date the other 4,200 will ship',
    );
    const shipDate = daysFromToday(30);
    const answered = await answerQuoteAs(ctx.app, admin, quote._id, {
      unitPrice: 21.75,
      validUntil,
      shipDate,
      reply: 'Ships in two lots',
    });
    expect(answered).toMatchObject({
      status: 'answered',
      unitPrice: 21.75,
      amount: 108_750,
      validUntil: `${validUntil}T23:59:59.999Z`,
      shipDate,
      reply: 'Ships in two lots',
    });
    const toCustomer = await smtp.nextMailTo(buyer.email, new RegExp(`^Your quote ${quote.quoteNumber}`));
    expect(toCustomer.parsed.subject).toBe(`Your quote ${quote.quoteNumber}: $21.75 per unit`);
    expect(toCustomer.parsed.text).toContain('$108,750.00');
    expect(toCustomer.parsed.text).toContain('Ships in two lots');
    expect(toCustomer.parsed.text).toContain('http://localhost:3000/dashboard/myQuotes');

    // Before accepting, the dialog shows what the order will cost where it goes: the quoted lines
    // with the freight and tax there (none to the UK, outside the shop's registrations), or that the
    // shop does not deliver there; nobody else may ask about this quote.
    const chargesTo = (user: TestUser, place: string) =>
      injectAs(ctx.app, user, { method: 'GET', url: `/api/quotes/${quote._id}/charges?${place}` });
    const preview = await chargesTo(buyer, 'country=GB');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<ChargesPreview>()).toMatchObject({
      subtotal: 108_750,
      freight: 0,
      total: 108_750,
      tax: { treatment: 'untaxed_place' },
      problem: null,
    });
    expect((await chargesTo(buyer, 'country=JP')).json<ChargesPreview>().problem).toMatch(/deliver/);
    expect((await chargesTo(other, 'country=GB')).statusCode).toBe(404);

    // The customer accepts with 800 in stock: those are reserved, the other 4,200 backordered.
    const accepted = await accept(buyer, quote._id, { company: 'Acme', poNumber: 'PO-Q-1' });
    expect(accepted.statusCode).toBe(201);
    const { order } = accepted.json<{ order: Order }>();
    expect(order.total).toBe(preview.json<ChargesPreview>().total);
    expect(order).toMatchObject({
      status: 'unpaid',
      quantity: 5000,
      unitPrice: 21.75,
      amount: 108_750,
      sku: 'PW-18',
      quoteId: quote._id,
      company: 'Acme',
      poNumber: 'PO-Q-1',
      backordered: 4200,
      shipDate,
    });
    expect(await stockOf(tool.id)).toBe(0);

    // New stock fills the backorder before anyone else can buy it.
    const restock = await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/tools/${tool.id}`,
      payload: { availableChange: 5200 },
    });
    expect(restock.statusCode, restock.body).toBe(200);
    expect(await stockOf(tool.id)).toBe(1000);
    const filled = await injectAs(ctx.app, buyer, { method: 'GET', url: `/api/purchase/${order._id}` });
    expect(filled.json<Order>()).toMatchObject({ backordered: 0, shipDate: null });
    const [mine] = (await myQuotes(buyer)).filter((q) => q._id === quote._id);
    expect(mine).toMatchObject({ status: 'accepted', orderId: order._id });
    await smtp.nextMailTo(buyer.email, new RegExp(`^Order ${order.orderNumber} placed`));

    // Accepting twice changes nothing.
    const again = await accept(buyer, quote._id);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error).toEqual({
      code: 'INVALID_TRANSITION',
      message: 'This quote was already accepted, so it cannot be accepted',
    });
    expect(await stockOf(tool.id)).toBe(1000);
    expect(await ctx.db.select().from(orders).where(eq(orders.quoteId, quote._id))).toHaveLength(1);
  });

  it('an admin can decline instead; the customer is mailed, and a declined quote cannot be accepted or answered', async () => {
    const tool = await insertTool(ctx.db);
    const quote = await requestQuoteAs(ctx.app, buyer, tool.id, 200_000);
    const declined = await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/admin/quotes/${quote._id}`,
      payload: { declined: true, reply: 'We cannot make that many this year' },
    });
    expect(declined.json<Quote>()).toMatchObject({ status: 'declined', unitPrice: null });
    const mail = await smtp.nextMailTo(buyer.email, new RegExp(`^Your quote request ${quote.quoteNumber}`));
    expect(mail.parsed.text).toContain('We cannot make that many this year');
    expect((await accept(buyer, quote._id)).statusCode).toBe(409);
    const answerLate = await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/admin/quotes/${quote._id}`,
      payload: { unitPrice: 3, validUntil: daysFromToday(3) },
    });
    expect(answerLate.statusCode).toBe(409);
    expect(answerLate.json<ErrorBody>().error.message).toBe(
      'This quote was declined, so it cannot be answered',
    );
  });
});

describe('refusals', () => {
  it('stock short at acceptance of a quote answered without a ship date: 409 naming the stock, and nothing changes', async () => {
    const tool = await insertTool(ctx.db, { available: 1500 });
    const quote = await requestQuoteAs(ctx.app, buyer, tool.id, 1200);
    await answerQuoteAs(ctx.app, admin, quote._id, { unitPrice: 9.5, validUntil: daysFromToday(2) });
    // Others bought it meanwhile.
    await ctx.db.update(products).set({ available: 300 }).where(eq(products.id, tool.id));
    const response = await accept(buyer, quote._id);
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().error).toEqual({
      code: 'OUT_OF_STOCK',
      message:
        'Only 300 units are in stock now, fewer than the 1,200 of this quote. Nothing was ordered; please try again later or contact us.',
    });
    expect(await stockOf(tool.id)).toBe(300);
    expect((await myQuotes(buyer)).find((q) => q._id === quote._id)?.status).toBe('answered');
  });

  it('a closed backordered order gives back only what it reserved, and older backorders take it first; it cannot ship while units are awaited', async () => {
    const tool = await insertTool(ctx.db, { available: 500 });
    const first = await requestQuoteAs(ctx.app, buyer, tool.id, 800);
    await answerQuoteAs(ctx.app, admin, first._id, {
      unitPrice: 9,
      validUntil: daysFromToday(3),
      shipDate: daysFromToday(20),
    });
    const firstOrder = (await accept(buyer, first._id)).json<{ order: Order }>().order;
    expect(firstOrder).toMatchObject({ backordered: 300 });
    const second = await requestQuoteAs(ctx.app, other, tool.id, 400);
    await answerQuoteAs(ctx.app, admin, second._id, {
      unitPrice: 9,
      validUntil: daysFromToday(3),
      shipDate: daysFromToday(20),
    });
    const secondOrder = (await accept(other, second._id)).json<{ order: Order }>().order;
    expect(secondOrder).toMatchObject({ backordered: 400 });
    expect(await stockOf(tool.id)).toBe(0);

    // Paid, it still cannot ship: 400 units are awaited.
    await moveOrder(ctx.db, secondOrder._id, 'paid', TEST_STEP, {
      set: { transactionId: 'pi_test_backorder' },
    });
    const early = await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/admin/orders/${secondOrder._id}/status`,
      payload: { status: 'shipped', carrier: 'UPS' },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json<ErrorBody>().error.message).toBe(
      '400 units of this order are still awaited from new stock; it can ship once they are in',
    );

    // The first buyer cancels: its 500 reserved units go back, and the waiting order takes 400.
    const cancelled = await injectAs(ctx.app, buyer, {
      method: 'DELETE',
      url: `/api/purchase/${firstOrder._id}`,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf(tool.id)).toBe(100);
    const ready = await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/admin/orders/${secondOrder._id}/status`,
      payload: { status: 'shipped', carrier: 'UPS' },
    });
    expect(ready.json()).toEqual({ modifiedCount: 1 });
  });

  it('expired: 409 before the sweep and after it; the sweep marks answered quotes past their date expired', async () => {
    const tool = await insertTool(ctx.db);
    const quote = await requestQuoteAs(ctx.app, buyer, tool.id, 100);
    await answerQuoteAs(ctx.app, admin, quote._id, { unitPrice: 9.5, validUntil: daysFromToday(1) });
    await ctx.db
      .update(quotes)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(quotes.id, quote._id));
    const before = await accept(buyer, quote._id);
    expect(before.statusCode).toBe(409);
    expect(before.json<ErrorBody>().error).toEqual({
      code: 'QUOTE_EXPIRED',
      message: 'This quote has expired. Please request a new one.',
    });
    expect(await expireQuotes(ctx.db)).toBeGreaterThanOrEqual(1);
    expect((await myQuotes(buyer)).find((q) => q._id === quote._id)?.status).toBe('expired');
    expect((await accept(buyer, quote._id)).json<ErrorBody>().error.code).toBe('QUOTE_EXPIRED');
    expect(await ctx.db.select().from(orders).where(eq(orders.quoteId, quote._id))).toEqual([]);
  });

  it(
    'two acceptances at once: exactly one order, the stock reserved once',
    { tags: ['database-specific'] },
    async () => {
      const tool = await insertTool(ctx.db, { available: 1000 });
      const quote = await requestQuoteAs(ctx.app, buyer, tool.id, 600);
      await answerQuoteAs(ctx.app, admin, quote._id, { unitPrice: 4, validUntil: daysFromToday(2) });
      const answers = await Promise.all([accept(buyer, quote._id), accept(buyer, quote._id)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await stockOf(tool.id)).toBe(400);
      expect(await ctx.db.select().from(orders).where(eq(orders.quoteId, quote._id))).toHaveLength(1);
    },
  );

  it("someone else's quote is not found; an unanswered one cannot be accepted", async () => {
    const tool = await insertTool(ctx.db);
    const quote = await requestQuoteAs(ctx.app, buyer, tool.id, 100);
    expect((await accept(other, quote._id)).statusCode).toBe(404);
    expect((await accept(admin, quote._id)).statusCode).toBe(404);
    const early = await accept(buyer, quote._id);
    expect(early.statusCode).toBe(409);
    expect(early.json<ErrorBody>().error.message).toBe(
      'This quote has not been answered yet, so it cannot be accepted',
    );
  });

  it('bad requests and answers get clear messages', async () => {
    const tool = await insertTool(ctx.db, { minOrder: 250 });
    const small = await injectAs(ctx.app, buyer, {
      method: 'POST',
      url: '/api/quotes',
      payload: { toolId: tool.id, quantity: 100 },
    });
    expect(small.statusCode).toBe(400);
    expect(small.json<ErrorBody>().error.message).toBe(
      'A quote is for at least 250 units, the smallest order of this product',
    );
    const quote = await requestQuoteAs(ctx.app, buyer, tool.id, 250);
    const answer = (payload: Record<string, unknown>) =>
      injectAs(ctx.app, admin, { method: 'PATCH', url: `/api/admin/quotes/${quote._id}`, payload });
    expect((await answer({ validUntil: daysFromToday(3) })).json<ErrorBody>().error.message).toBe(
      'Unit price: Please give a unit price',
    );
    expect(
      (await answer({ unitPrice: 2, validUntil: daysFromToday(-1) })).json<ErrorBody>().error.message,
    ).toBe('The price must be valid until today or later');
    expect(
      (await answer({ unitPrice: 2, validUntil: daysFromToday(400) })).json<ErrorBody>().error.message,
    ).toBe('A quoted price can be promised for at most 365 days');
    expect((await answer({ unitPrice: 2.555, validUntil: daysFromToday(3) })).statusCode).toBe(400);
    // Nothing above changed the quote.
    expect((await myQuotes(buyer)).find((q) => q._id === quote._id)?.status).toBe('requested');
  });
});

describe('quotes of several lines', () => {
  const postQuote = (user: TestUser, payload: Record<string, unknown>) =>
    injectAs(ctx.app, user, { method: 'POST', url: '/api/quotes', payload });
  const answer = (quoteId: string, payload: Record<string, unknown>) =>
    injectAs(ctx.app, admin, { method: 'PATCH', url: `/api/admin/quotes/${quoteId}`, payload });

  it('the cart becomes one quote; the admin prices each line; accepting makes one order of those lines', async () => {
    const hammer = await insertTool(ctx.db, { name: 'Claw Hammer', available: 5000, priceCents: 900 });
    const wrench = await insertTool(ctx.db, { name: 'Pipe Wrench', available: 300, priceCents: 2500 });
    const customer = await signUp(ctx.app);
    for (const [tool, quantity] of [
      [hammer, 2000],
      [wrench, 1000],
    ] as const) {
      await injectAs(ctx.app, customer, {
        method: 'PUT',
        url: `/api/cart/lines/${tool.id}`,
        payload: { quantity },
      });
    }
    const requested = await injectAs(ctx.app, customer, {
      method: 'POST',
      url: '/api/cart/quote',
      payload: { note: 'Yearly stock-up' },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const { quote } = requested.json<{ quote: Quote }>();
    expect(quote).toMatchObject({
      status: 'requested',
      itemName: 'Claw Hammer + 1 more',
      toolId: null,
      sku: null,
      quantity: 3000,
      unitPrice: null,
      amount: null,
      available: null,
      note: 'Yearly stock-up',
      lines: [
        {
          line: 1,
          toolId: hammer.id,
          sku: hammer.sku,
          name: 'Claw Hammer',
          quantity: 2000,
          unitPrice: null,
          available: 5000,
        },
        {
          line: 2,
          toolId: wrench.id,
          sku: wrench.sku,
          name: 'Pipe Wrench',
          quantity: 1000,
          unitPrice: null,
          available: 300,
        },
      ],
    });
    // The lines moved from the cart to the quote.
    const cart = await injectAs(ctx.app, customer, { method: 'GET', url: '/api/cart' });
    expect(cart.json<{ lines: unknown[] }>().lines).toEqual([]);
    const toShop = await smtp.nextMailTo(
      'orders@forgeline.example',
      new RegExp(`^Quote request ${quote.quoteNumber}`),
    );
    expect(toShop.parsed.subject).toBe(`Quote request ${quote.quoteNumber}: 3,000 × Claw Hammer + 1 more`);
    expect(toShop.parsed.text).toMatch(/Claw Hammer \(.+\):\s+2,000 units/);
    expect(toShop.parsed.text).toMatch(/Pipe Wrench \(.+\):\s+1,000 units/);

    // Every line needs its price; the wrench line, beyond the stock, needs a ship date, and says so.
    const validUntil = daysFromToday(10);
    const one = await answer(quote._id, { unitPrice: 8, validUntil });
    expect(one.json<ErrorBody>().error.message).toBe(
      'This quote has 2 lines: please give a unit price for each',
    );
    const missing = await answer(quote._id, { lines: [{ line: 1, unitPrice: 8 }], validUntil });
    expect(missing.json<ErrorBody>().error.message).toBe(
      'This quote has 2 lines: please give a unit price for each',
    );
    const unknown = await answer(quote._id, {
      lines: [
        { line: 1, unitPrice: 8 },
        { line: 3, unitPrice: 8 },
      ],
      validUntil,
    });
    expect(unknown.json<ErrorBody>().error.message).toBe('This quote has no line 3');
    const lines = [
      { line: 1, unitPrice: 8 },
      { line: 2, unitPrice: 21.5 },
    ];
    const noDate = await answer(quote._id, { lines, validUntil });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json<ErrorBody>().error.message).toBe(
      'Line 2 (Pipe Wrench): Only 300 units are in stock: please give the date the other 700 will ship',
    );
    const shipDate = daysFromToday(20);
    const answered = await answer(quote._id, { lines, validUntil, shipDate });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<Quote>()).toMatchObject({
      status: 'answered',
      amount: 37_500,
      unitPrice: null,
      lines: [
        { line: 1, unitPrice: 8, amount: 16_000 },
        { line: 2, unitPrice: 21.5, amount: 21_500 },
      ],
    });
    const toCustomer = await smtp.nextMailTo(customer.email, new RegExp(`^Your quote ${quote.quoteNumber}`));
    expect(toCustomer.parsed.subject).toBe(`Your quote ${quote.quoteNumber}: $37,500.00 for 2 lines`);
    expect(toCustomer.parsed.text).toMatch(/Claw Hammer \(.+\):\s+2,000 units at \$8\.00 = \$16,000\.00/);
    expect(toCustomer.parsed.text).toMatch(/Pipe Wrench \(.+\):\s+1,000 units at \$21\.50 = \$21,500\.00/);

    // One order: both lines at the quoted prices, the wrench's missing 700 backordered.
    const accepted = await accept(customer, quote._id, { poNumber: 'PO-YEAR' });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const { order } = accepted.json<{ order: Order }>();
    expect(order).toMatchObject({
      quantity: 3000,
      amount: 37_500,
      itemName: 'Claw Hammer + 1 more',
      quoteId: quote._id,
      poNumber: 'PO-YEAR',
      backordered: 700,
      shipDate,
      lines: [
        {
          line: 1,
          toolId: hammer.id,
          quantity: 2000,
          unitPrice: 8,
          amount: 16_000,
          priceSource: 'quote',
          backordered: 0,
        },
        {
          line: 2,
          toolId: wrench.id,
          quantity: 1000,
          unitPrice: 21.5,
          amount: 21_500,
          priceSource: 'quote',
          backordered: 700,
        },
      ],
    });
    expect(await stockOf(hammer.id)).toBe(3000);
    expect(await stockOf(wrench.id)).toBe(0);
  });

  it('acceptance without a ship date refuses naming every line short of stock, and takes nothing', async () => {
    const customer = await signUp(ctx.app);
    const [a, b, c] = [
      await insertTool(ctx.db, { name: 'Level', available: 1000 }),
      await insertTool(ctx.db, { name: 'Chisel', available: 1000 }),
      await insertTool(ctx.db, { name: 'Saw', available: 1000 }),
    ];
    const requested = await postQuote(customer, {
      lines: [
        { toolId: a.id, quantity: 500 },
        { toolId: b.id, quantity: 600 },
        { toolId: c.id, quantity: 700 },
      ],
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const { quote } = requested.json<{ quote: Quote }>();
    await answer(quote._id, {
      lines: [1, 2, 3].map((line) => ({ line, unitPrice: 5 })),
      validUntil: daysFromToday(5),
    });
    // Others buy in the meantime.
    await ctx.db.update(products).set({ available: 100 }).where(eq(products.id, b.id));
    await ctx.db.delete(products).where(eq(products.id, c.id));
    const refused = await accept(customer, quote._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().error.message).toBe(
      'Line 2 (Chisel): Only 100 units are in stock now, fewer than the 600 of this quote. Nothing was ordered; please try again later or contact us. ' +
        'Line 3 (Saw): This product is no longer sold, so this quote cannot be accepted. Please request a new one.',
    );
    expect(await stockOf(a.id)).toBe(1000);
    expect(await stockOf(b.id)).toBe(100);
    expect((await myQuotes(customer)).find((q) => q._id === quote._id)?.status).toBe('answered');
  });

  it('refuses bad lines clearly: duplicates, both shapes at once, below a minimum, an empty cart', async () => {
    const customer = await signUp(ctx.app);
    const [a, b] = [
      await insertTool(ctx.db, { name: 'Rasp' }),
      await insertTool(ctx.db, { name: 'File', minOrder: 400 }),
    ];
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          lines: [
            { toolId: a.id, quantity: 100 },
            { toolId: a.id, quantity: 200 },
          ],
        },
        'Lines: Each product may be asked for once: add its quantities together',
      ],
      [
        { lines: [{ toolId: a.id, quantity: 100 }], toolId: a.id, quantity: 100 },
        'Lines: Give either lines, or a toolId and a quantity, not both',
      ],
      [{ lines: [] }, 'Lines: Please ask for at least one product'],
      [{ toolId: a.id }, 'Quantity: Please enter a quantity'],
      [
        {
          lines: [
            { toolId: a.id, quantity: 100 },
            { toolId: b.id, quantity: 100 },
          ],
        },
        'Line 2 (File): A quote is for at least 400 units, the smallest order of this product',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await postQuote(customer, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<ErrorBody>().error.message).toBe(message);
    }
    const empty = await injectAs(ctx.app, customer, { method: 'POST', url: '/api/cart/quote', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ErrorBody>().error.message).toBe(
      'Your cart is empty: add products before checking out',
    );
    expect(await myQuotes(customer)).toEqual([]);
  });
});

// Database-specific (the tests tagged so run on both databases): two admins cancelling at once, and a refund sent twice at once, are serialized by row locks
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../shared/api/errors';
import type { Order, OrderDetail } from '../../shared/api/orders.schemas';
import { readShopDetails } from '../config/shop-details';
import { products } from '../db/schema';
import { createCatalogCache } from '../catalog/catalog-cache';
import { createTestPaymentProvider } from '../payments/test-provider';
import { insertRefund, refundsOf } from '../records/refunds.repository';
import { type TestUser, signUp, signUpAdmin } from '../test/auth-helpers';
import { useCompanyTestApp } from '../test/company-helpers';
import { insertTool } from '../test/factories';
import { moneyProblems } from '../test/money-checks';
import { testMailContext } from '../test/mail-context';
import { newCompany } from '../test/company-helpers';
import {
  answerQuoteAs,
  daysFromToday,
  payOrderAs,
  pittsburgh,
  requestQuoteAs,
  taxesAndShipsToPennsylvania,
} from '../test/order-helpers';
import { pdfText } from '../test/pdf-text';
import { cancelByShop } from './cancel-by-shop';
import { sendPendingRefunds, sendRefund } from './send-refunds';

/**
 * DESIGN §11: the shop cancels units that have not shipped, or whole orders, after payment: the stock
 * goes back, a credit note credits the units at the invoice's prices and rates, and the money goes back
 * once, to the card or the company's account. A buyer asks for a paid order to be cancelled.
 */
const t = useCompanyTestApp();
let admin: TestUser;
let otherAdmin: TestUser;
const provider = () => createTestPaymentProvider(t.ctx.db);

const toPittsburgh = { name: 'Dock 4', number: '+1 412 555 0100', shipTo: pittsburgh };

beforeAll(async () => {
  admin = await signUpAdmin(t.ctx.app, t.ctx.db);
  otherAdmin = await signUpAdmin(t.ctx.app, t.ctx.db);
  await taxesAndShipsToPennsylvania(t.ctx.app, admin);
});

/** Three lines in the cart, checked out to Pittsburgh (6 %, $15 freight): 120 × $12.34, 100 × $50, 100 × $3.33 zero-rated. */
async function threeLineOrder(buyer: TestUser, paymentMethod: 'card' | 'account' = 'card') {
  const tools = await Promise.all([
    insertTool(t.ctx.db, { priceCents: 1234, weightGrams: 10, available: 1000 }),
    insertTool(t.ctx.db, { priceCents: 5000, weightGrams: 10, available: 1000 }),
    insertTool(t.ctx.db, { priceCents: 333, weightGrams: 10, available: 1000, taxClass: 'zero' }),
  ]);
  for (const [tool, quantity] of [
    [tools[0], 120],
    [tools[1], 100],
    [tools[2], 100],
  ] as const) {
    const put = await t.call(buyer, 'PUT', `/api/cart/lines/${tool.id}`, { quantity });
    expect(put.statusCode, put.body).toBe(200);
  }
  const placed = await t.call(buyer, 'POST', '/api/cart/checkout', { ...toPittsburgh, paymentMethod });
  expect(placed.statusCode, placed.body).toBe(201);
  return { order: placed.json<{ order: Order }>().order, tools };
}

const cancel = (as: TestUser, orderId: string, body: Record<string, unknown>) =>
  t.call(as, 'POST', `/api/admin/orders/${orderId}/cancel`, body);
const read = async (as: TestUser, orderId: string) =>
  (await t.call(as, 'GET', `/api/purchase/${orderId}`)).json<OrderDetail>();
const stockOf = async (toolId: string) =>
  (await t.ctx.db.select({ available: products.available }).from(products).where(eq(products.id, toolId)))[0]
    ?.available;
const cents = (dollars: number) => Math.round(dollars * 100);
/** The order process of a process that cannot reach the payment provider: its card refunds wait. */
const withoutProvider = () => ({
  db: t.ctx.db,
  mail: testMailContext(),
  catalogCache: createCatalogCache({ maxAgeMs: 0 }),
});

describe('cancelling a paid order (POST /api/admin/orders/{id}/cancel)', () => {
  it('cancels half a line with a credit note at the order’s rates and refunds the card once; the rest cancels the order, freight and all', async () => {
    const buyer = await signUp(t.ctx.app);
    const { order, tools } = await threeLineOrder(buyer);
    // 120 × $12.34 = $1,480.80 + $88.85 tax; 100 × $50 = $5,000 + $300; 100 × $3.33 = $333 at 0 %; $15 freight.
    expect(order.total).toBe(7217.65);
    const intentId = await payOrderAs(t.ctx.app, buyer, order._id);
    const sku = tools[0].sku;
    const before = await stockOf(tools[0].id);

    // Asked first (the admin's confirmation): what the cancellation would give back, changing nothing.
    const asked = { reason: 'The buyer ordered too many', lines: [{ sku, quantity: 60 }] };
    const preview = await t.call(admin, 'POST', `/api/admin/orders/${order._id}/cancel/preview`, asked);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ units: 60, wholeOrder: false, credit: { amount: 784.83, to: 'card' } });
    expect(await stockOf(tools[0].id)).toBe(before);
    expect((await read(buyer, order._id)).creditNotes).toEqual([]);
    expect(await provider().refundsOf(intentId)).toEqual([]);

    const half = await cancel(admin, order._id, asked);
    expect(half.statusCode, half.body).toBe(200);
    let now = await read(buyer, order._id);
    expect(now.status).toBe('paid');
    expect(now.lines[0]).toMatchObject({ quantity: 120, cancelledQuantity: 60 });
    expect(await stockOf(tools[0].id)).toBe((before ?? 0) + 60);
    // 60 × $12.34 = $740.40, and half the line's $88.85 tax, rounded: $44.43 (the other half gets $44.42).
    expect(now.creditNotes).toEqual([
      expect.objectContaining({
        amount: 784.83,
        reason: 'The buyer ordered too many',
        lines: [{ line: 1, sku, quantity: 60 }],
      }),
    ]);
    expect(now.refunds).toEqual([
      expect.objectContaining({
        amount: 784.83,
        method: 'card',
        status: 'succeeded',
        creditNote: now.creditNotes[0]?.number,
      }),
    ]);
    const given = await provider().refundsOf(intentId);
    expect(given.map((refund) => refund.amountCents)).toEqual([78_483]);

    // The buyer is mailed the credit note, its PDF attached; the PDF has the order's rates.
    const mail = await t.smtp.nextMailTo(
      buyer.email,
      new RegExp(`^Credit note ${now.creditNotes[0]?.number}`),
    );
    expect(mail.parsed.text).toContain('$784.83 is refunded to the card you paid with');
    expect(mail.parsed.attachments.map((file) => file.filename)).toEqual([
      `${now.creditNotes[0]?.number}.pdf`,
    ]);
    const pdf = await t.call(buyer, 'GET', `/api/credit-notes/${now.creditNotes[0]?.number ?? ''}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Credits invoice ${order.invoiceNumber ?? now.invoiceNumber}`);
    expect(text).toContain('Subtotal $740.40 Freight');
    expect(text).toContain('Tax at 6% $44.43 Total (USD) $784.83');
    expect(text).toContain('Reason: The buyer ordered too many');

    // Cancelling more than is left is refused, naming what is left; nothing changes.
    const tooMany = await cancel(admin, order._id, { reason: 'Again', lines: [{ sku, quantity: 61 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<ErrorBody>().error.message).toContain(
      '60 units are left to cancel (60 cancelled already), not 61.',
    );

    // The rest: the whole order goes, its freight credited with it; the credit notes add up to the invoice.
    const rest = await cancel(admin, order._id, { reason: 'Customer closed the project' });
    expect(rest.statusCode, rest.body).toBe(200);
    now = await read(buyer, order._id);
    expect(now.status).toBe('cancelled');
    expect(now.lines.map((line) => line.cancelledQuantity)).toEqual([120, 100, 100]);
    const credited = now.creditNotes.reduce((sum, note) => sum + cents(note.amount), 0);
    expect(credited).toBe(cents(order.total));
    expect(now.creditNotes[1]?.amount).toBe(7217.65 - 784.83);
    const refunded = (await provider().refundsOf(intentId)).reduce(
      (sum, refund) => sum + refund.amountCents,
      0,
    );
    expect(refunded).toBe(cents(order.total));
    expect(await stockOf(tools[0].id)).toBe((before ?? 0) + 120);
    // Every step is in the timeline; the buyer reads the shop's as the shop's.
    expect(now.history.map((step) => step.event)).toEqual([
      'placed',
      'paid',
      'cancelled_in_part',
      'refunded',
      'cancelled',
      'refunded',
    ]);
    expect(now.history[2]?.actor).toBeNull();
    expect((await read(admin, order._id)).history[2]?.actor).toBe(admin.email.toLowerCase());
    // Nothing is left to cancel.
    expect((await cancel(admin, order._id, { reason: 'Once more' })).statusCode).toBe(409);
  });

  it(
    'cancels a unit once and refunds once when two admins cancel the same units at once',
    { tags: ['database-specific'] },
    async () => {
      const buyer = await signUp(t.ctx.app);
      const { order, tools } = await threeLineOrder(buyer);
      const intentId = await payOrderAs(t.ctx.app, buyer, order._id);
      const body = { reason: 'Duplicate order', lines: [{ sku: tools[1].sku, quantity: 100 }] };
      const both = await Promise.all([cancel(admin, order._id, body), cancel(otherAdmin, order._id, body)]);
      expect(both.map((response) => response.statusCode).sort()).toEqual([200, 400]);
      const now = await read(admin, order._id);
      expect(now.lines[1]?.cancelledQuantity).toBe(100);
      expect(now.creditNotes).toHaveLength(1);
      expect(await provider().refundsOf(intentId)).toHaveLength(1);
    },
  );

  it(
    'sends a refund the provider did not answer again, with the same key: sent twice at once and by the job, it refunds once',
    { tags: ['database-specific'] },
    async () => {
      const buyer = await signUp(t.ctx.app);
      const { order, tools } = await threeLineOrder(buyer);
      const intentId = await payOrderAs(t.ctx.app, buyer, order._id);
      // Cancelled by a process with no provider at hand (as if it stopped before sending): the refund waits.
      const deps = withoutProvider();
      await cancelByShop(deps, admin, order._id, {
        reason: 'Wrong item',
        lines: [{ sku: tools[2].sku, quantity: 100 }],
      });
      const [pending] = (await refundsOf(t.ctx.db, [order._id])).get(order._id) ?? [];
      expect(pending).toMatchObject({ amountCents: 33_300 });
      // Two processes send it at once, and the job too: one refund at the provider, one step.
      const sends = await Promise.all([
        sendRefund({ db: t.ctx.db, provider: provider() }, pending?.id ?? ''),
        sendRefund({ db: t.ctx.db, provider: provider() }, pending?.id ?? ''),
        sendPendingRefunds({ db: t.ctx.db, provider: provider(), now: () => new Date(Date.now() + 120_000) }),
      ]);
      expect(sends[0]?.status).toBe('succeeded');
      expect(await provider().refundsOf(intentId)).toEqual([
        expect.objectContaining({ amountCents: 33_300 }),
      ]);
      const now = await read(admin, order._id);
      expect(now.history.filter((step) => step.event === 'refunded')).toHaveLength(1);
    },
  );

  it('sends a pending refund from the refunds job when the cancelling process had no provider', async () => {
    const buyer = await signUp(t.ctx.app);
    const { order, tools } = await threeLineOrder(buyer);
    const intentId = await payOrderAs(t.ctx.app, buyer, order._id);
    const deps = withoutProvider();
    await cancelByShop(deps, admin, order._id, {
      reason: 'Wrong item',
      lines: [{ sku: tools[2].sku, quantity: 50 }],
    });
    expect((await read(admin, order._id)).refunds).toEqual([
      expect.objectContaining({ status: 'pending', amount: 166.5 }),
    ]);
    expect(await provider().refundsOf(intentId)).toEqual([]);
    // Not yet a minute old: the job leaves it; later it sends it.
    expect(await sendPendingRefunds({ db: t.ctx.db, provider: provider() })).toBe(0);
    const later = () => new Date(Date.now() + 120_000);
    expect(await sendPendingRefunds({ db: t.ctx.db, provider: provider(), now: later })).toBe(1);
    expect(await sendPendingRefunds({ db: t.ctx.db, provider: provider(), now: later })).toBe(0);
    expect((await read(admin, order._id)).refunds).toEqual([
      expect.objectContaining({ status: 'succeeded' }),
    ]);
    expect(await provider().refundsOf(intentId)).toEqual([expect.objectContaining({ amountCents: 16_650 })]);
  });

  it('credits an order on account to the company’s ledger, and its statement agrees', async () => {
    const { admin: buyer } = await newCompany(t.ctx.app, 'Three Rivers Fabrication');
    const companyId = (await t.call(buyer, 'GET', '/api/company')).json<{ _id: string }>()._id;
    const terms = await t.call(admin, 'PUT', `/api/admin/companies/${companyId}/terms`, {
      terms: 'net30',
      creditLimit: 50_000,
      graceDays: 0,
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const { order, tools } = await threeLineOrder(buyer, 'account');
    expect(order.status).toBe('on_account');
    const partly = await cancel(admin, order._id, {
      reason: 'Saws discontinued',
      lines: [{ sku: tools[1].sku, quantity: 40 }],
    });
    expect(partly.statusCode, partly.body).toBe(200);
    const now = await read(buyer, order._id);
    // 40 × $50 = $2,000 and its $120 tax, taken off the balance.
    expect(now.refunds).toEqual([
      expect.objectContaining({ amount: 2120, method: 'account', status: 'succeeded' }),
    ]);
    const statement = (await t.call(buyer, 'GET', '/api/company/statement')).json<{
      balance: number;
      entries: { kind: string; amount: number }[];
    }>();
    expect(statement.balance).toBe(Math.round((order.total - 2120) * 100) / 100);
    expect(statement.entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['invoice', order.total],
      ['credit_note', -2120],
    ]);
    // The buyer may cancel the rest themself (nothing shipped): the last credit note closes the invoice.
    const rest = await t.call(buyer, 'DELETE', `/api/purchase/${order._id}`);
    expect(rest.statusCode, rest.body).toBe(200);
    const after = (await t.call(buyer, 'GET', '/api/company/statement')).json<{ balance: number }>();
    expect(after.balance).toBe(0);
    expect((await read(buyer, order._id)).creditNotes).toHaveLength(2);
  });

  it('cancels the last units of a partly shipped order: it is shipped; shipped units cannot be cancelled', async () => {
    const buyer = await signUp(t.ctx.app);
    const { order, tools } = await threeLineOrder(buyer);
    await payOrderAs(t.ctx.app, buyer, order._id);
    const shipped = await t.call(admin, 'POST', `/api/admin/orders/${order._id}/shipments`, {
      lines: [
        { sku: tools[0].sku, quantity: 120 },
        { sku: tools[1].sku, quantity: 100 },
      ],
      carrier: 'UPS',
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const shippedUnits = await cancel(admin, order._id, {
      reason: 'No',
      lines: [{ sku: tools[0].sku, quantity: 1 }],
    });
    expect(shippedUnits.statusCode).toBe(400);
    expect(shippedUnits.json<ErrorBody>().error.message).toContain(
      '0 units are left to cancel (120 shipped already)',
    );
    const last = await cancel(admin, order._id, { reason: 'Manuals out of print' });
    expect(last.statusCode, last.body).toBe(200);
    const now = await read(buyer, order._id);
    expect(now.status).toBe('shipped');
    expect(now.history.at(-2)).toMatchObject({
      event: 'cancelled_in_part',
      from: 'partially_shipped',
      to: 'shipped',
    });
    // The freight stays: the order was delivered.
    expect(now.creditNotes.map((note) => note.amount)).toEqual([333]);
  });

  it('cancels the backordered units first, which give no stock back', async () => {
    const buyer = await signUp(t.ctx.app);
    const tool = await insertTool(t.ctx.db, { available: 500, priceCents: 900, weightGrams: 10 });
    const quote = await requestQuoteAs(t.ctx.app, buyer, tool.id, 800);
    const quoteId = quote._id;
    await answerQuoteAs(t.ctx.app, admin, quoteId, {
      unitPrice: 9,
      validUntil: daysFromToday(3),
      shipDate: daysFromToday(20),
    });
    const accepted = await t.call(buyer, 'POST', `/api/quotes/${quoteId}/accept`, toPittsburgh);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const order = accepted.json<{ order: Order }>().order;
    expect(order.backordered).toBe(300);
    await payOrderAs(t.ctx.app, buyer, order._id);
    expect(await stockOf(tool.id)).toBe(0);
    await cancel(admin, order._id, { reason: 'Fewer needed', lines: [{ sku: tool.sku, quantity: 350 }] });
    const now = await read(buyer, order._id);
    expect(now.lines[0]).toMatchObject({ backordered: 0, cancelledQuantity: 350 });
    // 300 came off the backorder; 50 were reserved and go back.
    expect(await stockOf(tool.id)).toBe(50);
  });
});

describe('cancelling an order not paid yet, and a buyer asking', () => {
  it('cancels an unpaid order whole, with nothing to credit; not in part', async () => {
    const buyer = await signUp(t.ctx.app);
    const { order, tools } = await threeLineOrder(buyer);
    const inPart = await cancel(admin, order._id, {
      reason: 'x',
      lines: [{ sku: tools[0].sku, quantity: 1 }],
    });
    expect(inPart.statusCode).toBe(409);
    const whole = await cancel(admin, order._id, { reason: 'Suspected fraud' });
    expect(whole.statusCode, whole.body).toBe(200);
    const now = await read(buyer, order._id);
    expect(now).toMatchObject({ status: 'cancelled', creditNotes: [], refunds: [] });
    expect(now.history.at(-1)).toMatchObject({ event: 'cancelled', note: 'Suspected fraud', actor: null });
  });

  it('lets a buyer ask for a paid order to be cancelled; the shop refuses or cancels, and the buyer is told', async () => {
    const buyer = await signUp(t.ctx.app);
    const stranger = await signUp(t.ctx.app);
    const { order } = await threeLineOrder(buyer);
    // Unpaid: the buyer cancels it themself instead.
    const early = await t.call(buyer, 'POST', `/api/purchase/${order._id}/cancellation`, {
      reason: 'Too early',
    });
    expect(early.statusCode).toBe(409);
    await payOrderAs(t.ctx.app, buyer, order._id);
    // A paid order is not the buyer's to cancel.
    const own = await t.call(buyer, 'DELETE', `/api/purchase/${order._id}`);
    expect(own.json<ErrorBody>().error.code).toBe('ORDER_ALREADY_PAID');
    expect(
      (await t.call(stranger, 'POST', `/api/purchase/${order._id}/cancellation`, { reason: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await t.call(buyer, 'POST', `/api/purchase/${order._id}/cancellation`, { reason: '' })).statusCode,
    ).toBe(400);

    const asked = await t.call(buyer, 'POST', `/api/purchase/${order._id}/cancellation`, {
      reason: 'Project cancelled',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<Order>().cancellationRequest).toMatchObject({
      reason: 'Project cancelled',
      by: buyer.email.toLowerCase(),
    });
    const toShop = await t.smtp.nextMailTo(
      readShopDetails().email,
      new RegExp(`^Cancellation asked for order ${order.orderNumber}`),
    );
    expect(toShop.parsed.text).toContain('Project cancelled');
    expect(
      (await t.call(buyer, 'POST', `/api/purchase/${order._id}/cancellation`, { reason: 'Again' }))
        .statusCode,
    ).toBe(409);

    const refused = await t.call(admin, 'POST', `/api/admin/orders/${order._id}/cancellation/refuse`, {
      reason: 'It is on the truck',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json<Order>().cancellationRequest).toBeNull();
    const told = await t.smtp.nextMailTo(
      buyer.email,
      new RegExp(`^Order ${order.orderNumber} cannot be cancelled`),
    );
    expect(told.parsed.text).toContain('It is on the truck');

    // Asked again, and accepted: the shop cancels it and the request is answered.
    await t.call(buyer, 'POST', `/api/purchase/${order._id}/cancellation`, { reason: 'Please, really' });
    const accepted = await cancel(admin, order._id, { reason: 'Please, really' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const now = await read(buyer, order._id);
    expect(now).toMatchObject({ status: 'cancelled', cancellationRequest: null });
    expect(now.history.map((step) => step.event)).toEqual([
      'placed',
      'paid',
      'cancellation_requested',
      'cancellation_refused',
      'cancellation_requested',
      'cancelled',
      'refunded',
    ]);
    // Buyers cannot cancel through the admin's call, nor read others' credit notes.
    expect((await cancel(buyer, order._id, { reason: 'x' })).statusCode).toBe(403);
    const number = now.creditNotes[0]?.number ?? '';
    expect((await t.call(stranger, 'GET', `/api/credit-notes/${number}`)).statusCode).toBe(404);
    expect((await t.call(admin, 'GET', `/api/credit-notes/${number}`)).statusCode).toBe(200);
    expect((await t.call(buyer, 'GET', '/api/credit-notes/not-a-number')).statusCode).toBe(400);
    expect((await t.call(buyer, 'GET', '/api/credit-notes/CN-999999')).statusCode).toBe(404);
  });
});

describe('the books after every path above', () => {
  it(
    'agree: credit notes within invoices and cancelled or returned units, refunds within payments, the ledger',
    { tags: ['database-specific'] },
    async () => {
      expect(await moneyProblems(t.ctx.db)).toEqual([]);
    },
  );

  it('would say so if a refund gave back more than an order cost (the check can fail)', async () => {
    const buyer = await signUp(t.ctx.app);
    const { order } = await threeLineOrder(buyer);
    await payOrderAs(t.ctx.app, buyer, order._id);
    await t.ctx.db.transaction((tx) =>
      insertRefund(tx, {
        orderId: order._id,
        amountCents: cents(order.total) + 1,
        method: 'card',
        status: 'succeeded',
        requestedAt: new Date(),
      }),
    );
    expect(await moneyProblems(t.ctx.db)).toEqual([
      `order ${order.orderNumber} refunded ${cents(order.total) + 1} to its card of ${cents(order.total)}`,
    ]);
  });
});

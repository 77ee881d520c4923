// Database-specific (the tests tagged so run on both databases): invoice numbers from one counter under 30 concurrent payments: no gap, no repeat
import type { ErrorBody } from '../../shared/api/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderDetail } from '../../shared/api/orders.schemas';
import { counters, orders } from '../db/schema';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { testMailContext } from '../test/mail-context';
import { delivery, payOrderAs, placeOrderAs } from '../test/order-helpers';
import { pdfText } from '../test/pdf-text';
import { startSmtpCatcher } from '../test/smtp-catcher';
import { createTestApp } from '../test/test-app';
import { HOLD_REMINDER_MS, expireOverdueOrders, remindHoldsEnding } from './expire-orders';
import { createCatalogCache } from '../catalog/catalog-cache';
import { createTestPaymentProvider } from '../payments/test-provider';

/** Order details a business needs, mails at every step, and invoices. */
const PUBLIC_URL = 'https://shop.example.test';
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;
let other: TestUser;
let admin: TestUser;
let tool: Awaited<ReturnType<typeof insertTool>>;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL } });
  [buyer, other, admin] = await Promise.all([signUp(ctx.app), signUp(ctx.app), signUpAdmin(ctx.app, ctx.db)]);
  tool = await insertTool(ctx.db, {
    name: 'Torque Wrench TW-9',
    sku: 'TW-9000',
    available: 10_000,
    minOrder: 100,
    priceTiers: [
      { minQuantity: 100, priceCents: 4200 },
      { minQuantity: 500, priceCents: 3990 },
    ],
  });
});
afterAll(async () => {
  await ctx.app.close();
  await smtp.close();
});

const subjectOf = (mail: { parsed: { subject?: string } }) => mail.parsed.subject ?? '';

describe('order details a business needs', () => {
  it('stores company and PO number and answers the order with its number, SKU, unit price and history', async () => {
    const order = await placeOrderAs(ctx.app, buyer, tool.id, {
      quantity: 500,
      company: '  Acme Building Ltd ',
      poNumber: 'PO-2026-0042',
    });
    expect(order).toMatchObject({
      company: 'Acme Building Ltd',
      poNumber: 'PO-2026-0042',
      sku: 'TW-9000',
      quantity: 500,
      unitPrice: 39.9,
      amount: 19_950,
      status: 'unpaid',
      invoiceNumber: null,
    });
    expect(order.orderNumber).toBeGreaterThanOrEqual(10001);
    expect(order.holdExpiresAt).not.toBeNull();

    const mine = await injectAs(ctx.app, buyer, {
      method: 'GET',
      url: `/api/purchase?email=${encodeURIComponent(buyer.email)}`,
    });
    expect(mine.json<Order[]>().find((o) => o._id === order._id)?.poNumber).toBe('PO-2026-0042');
  });

  it('leaves company and PO number empty when not given, and refuses a PO number over 40 characters', async () => {
    const order = await placeOrderAs(ctx.app, buyer, tool.id, { company: '', poNumber: '' });
    expect(order).toMatchObject({ company: null, poNumber: null });
    const tooLong = await injectAs(ctx.app, buyer, {
      method: 'POST',
      url: '/api/purchase',
      payload: { toolId: tool.id, ...delivery, quantity: 100, poNumber: 'P'.repeat(41) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<ErrorBody>().error.message).toBe('PO number: Please keep this under 40 characters');
  });
});

describe('order mails through the outbox, received by a real SMTP server', () => {
  it('order placed: the summary, a pay link on PUBLIC_URL, the hold end, and the seller from content/', async () => {
    const order = await placeOrderAs(ctx.app, buyer, tool.id, {
      quantity: 250,
      poNumber: 'PO-MAIL-1',
      company: 'Smith & <Sons>',
    });
    const mail = await smtp.nextMailTo(buyer.email, new RegExp(`^Order ${order.orderNumber} placed`));
    const text = mail.parsed.text ?? '';
    expect(subjectOf(mail)).toMatch(/please pay by \w{3} \d+, \d{4}, \d+:\d{2} [AP]M UTC$/);
    expect(text).toContain(`${PUBLIC_URL}/dashboard/payment/${order._id}`);
    expect(text).toContain('Torque Wrench TW-9 (TW-9000)');
    expect(text).toContain('250 units at $42.00');
    expect(text).toContain('$10,500.00');
    expect(text).toContain('PO-MAIL-1');
    expect(text).toMatch(/Reserved until:\s+\w{3} \d+, \d{4}/);
    expect(text).toContain('Forgeline Tools Inc.');
    expect(text).toContain('1200 Foundry Road');
    const html = mail.parsed.html || '';
    expect(html).toContain(`href="${PUBLIC_URL}/dashboard/payment/${order._id}"`);
    expect(html).toContain('PO-MAIL-1');
    // What a buyer typed is text in the HTML version, never markup.
    expect(html).toContain('Smith &amp; &lt;Sons&gt;');
    expect(html).not.toContain('<Sons>');
    expect(text).toContain('Smith & <Sons>');
  });

  it('payment received: a receipt with the invoice PDF attached; shipped: a mail when the admin ships it', async () => {
    const order = await placeOrderAs(ctx.app, buyer, tool.id, { company: 'Acme', poNumber: 'PO-PAY-7' });
    const transactionId = await payOrderAs(ctx.app, buyer, order._id);
    const receipt = await smtp.nextMailTo(
      buyer.email,
      new RegExp(`^Payment received for order ${order.orderNumber}`),
    );
    const paid = (
      await injectAs(ctx.app, buyer, { method: 'GET', url: `/api/purchase/${order._id}` })
    ).json<Order>();
    expect(paid.invoiceNumber).toMatch(/^INV-\d{6}$/);
    expect(subjectOf(receipt)).toBe(
      `Payment received for order ${order.orderNumber}: invoice ${paid.invoiceNumber}`,
    );
    expect(receipt.parsed.text).toContain(transactionId);
    expect(receipt.parsed.text).toContain('Test payment:');
    const [attachment] = receipt.parsed.attachments;
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.filename).toBe(`${paid.invoiceNumber}.pdf`);
    const attached = await pdfText(attachment?.content ?? Buffer.alloc(0));
    expect(attached).toContain(paid.invoiceNumber);
    expect(attached).toContain('PO-PAY-7');

    const ship = await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/admin/orders/${order._id}/status`,
      payload: { status: 'shipped', carrier: 'UPS' },
    });
    expect(ship.json()).toEqual({ modifiedCount: 1 });
    const shipped = await smtp.nextMailTo(buyer.email, new RegExp(`^Order ${order.orderNumber} has shipped`));
    expect(shipped.parsed.text).toContain(`${PUBLIC_URL}/dashboard/myOrder`);
    const { history } = (
      await injectAs(ctx.app, admin, { method: 'GET', url: `/api/purchase/${order._id}` })
    ).json<OrderDetail>();
    // The order's timeline: who took each step, when, from which state to which.
    expect(history.map(({ at: _at, ...step }) => step)).toEqual([
      { event: 'placed', from: null, to: 'unpaid', actor: buyer.email, note: null },
      { event: 'paid', from: 'unpaid', to: 'paid', actor: buyer.email, note: null },
      {
        event: 'shipped',
        from: 'paid',
        to: 'shipped',
        actor: admin.email.toLowerCase(),
        // The shipment: its carrier and units by SKU.
        note: 'UPS: 100 × TW-9000',
      },
    ]);
    expect(history[0]?.at).toBe(order.createdAt);
    expect(history.map((step) => Date.parse(step.at))).toEqual(
      history.map((step) => Date.parse(step.at)).sort((a, b) => a - b),
    );
  });

  it('hold ending within 12 hours: one reminder per order, only for orders placed at least 12 hours before', async () => {
    const order = await placeOrderAs(ctx.app, other, tool.id);
    const fresh = await placeOrderAs(ctx.app, other, tool.id);
    const now = Date.now();
    // Placed 47 hours ago: its 48-hour hold ends within the hour.
    await ctx.db
      .update(orders)
      .set({ createdAt: new Date(now - 47 * 3_600_000), holdExpiresAt: new Date(now + 3_600_000) })
      .where(eq(orders.id, order._id));
    // Placed an hour ago with a 2-hour hold: its 'order placed' mail already said so.
    await ctx.db
      .update(orders)
      .set({ createdAt: new Date(now - 3_600_000), holdExpiresAt: new Date(now + 3_600_000) })
      .where(eq(orders.id, fresh._id));
    const deps = { db: ctx.db, mail: testMailContext(PUBLIC_URL) };
    expect(await remindHoldsEnding(deps, new Date(now))).toBe(1);
    expect(await remindHoldsEnding(deps, new Date(now + 60_000))).toBe(0);
    expect(HOLD_REMINDER_MS).toBe(12 * 3_600_000);
    const reminder = await smtp.nextMailTo(
      other.email,
      new RegExp(`^Order ${order.orderNumber}: your reservation ends`),
    );
    expect(reminder.parsed.text).toContain(`${PUBLIC_URL}/dashboard/payment/${order._id}`);
    expect(smtp.mails.filter((m) => subjectOf(m).startsWith(`Order ${fresh.orderNumber}: your`))).toEqual([]);
  });

  it('order expired: the customer is told, with a link to order again', async () => {
    const order = await placeOrderAs(ctx.app, other, tool.id, { quantity: 300 });
    await ctx.db
      .update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order._id));
    const expired = await expireOverdueOrders({
      db: ctx.db,
      catalogCache: createCatalogCache({ maxAgeMs: 0 }),
      provider: createTestPaymentProvider(ctx.db),
      mail: testMailContext(PUBLIC_URL),
    });
    expect(expired).toBeGreaterThanOrEqual(1);
    const mail = await smtp.nextMailTo(other.email, new RegExp(`^Order ${order.orderNumber} expired unpaid`));
    expect(mail.parsed.text).toContain(`${PUBLIC_URL}/buyNow/${tool.id}?again=${order._id}`);
    expect(mail.parsed.text).toContain('Nothing was charged');
  });
});

describe('invoices', () => {
  it('GET /purchase/{id}/invoice answers a PDF with every field an accounts department checks', async () => {
    const order = await placeOrderAs(ctx.app, buyer, tool.id, {
      quantity: 600,
      company: 'Acme Building Ltd',
      poNumber: 'PO-INV-314',
    });
    const transactionId = await payOrderAs(ctx.app, buyer, order._id);
    const response = await injectAs(ctx.app, buyer, {
      method: 'GET',
      url: `/api/purchase/${order._id}/invoice`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    const paid = (
      await injectAs(ctx.app, buyer, { method: 'GET', url: `/api/purchase/${order._id}` })
    ).json<OrderDetail>();
    expect(response.headers['content-disposition']).toBe(`inline; filename="${paid.invoiceNumber}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(response.rawPayload);
    for (const field of [
      'INVOICE',
      paid.invoiceNumber ?? 'missing',
      `Order number ${order.orderNumber}`,
      'PO number PO-INV-314',
      // The seller, from content/business.json.
      'Forgeline Tools Inc.',
      '1200 Foundry Road',
      'Pittsburgh, PA 15201',
      'EIN 12-3456789',
      // The buyer: its company, who ordered, and the recipient the goods go to.
      delivery.name,
      `Ordered by ${buyer.name}`,
      'Acme Building Ltd',
      '12 Mill Lane',
      buyer.email,
      // The line.
      'TW-9000',
      'Torque Wrench TW-9',
      '600',
      '$39.90',
      '$23,940.00',
      // The payment.
      `Transaction: ${transactionId}`,
      'Test payment: no money was taken',
    ]) {
      expect(text, field).toContain(field);
    }
    const paidOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(paid.history[1]?.at ?? ''),
    );
    expect(text).toContain(`Payment terms: by card. Paid in full on ${paidOn}.`);
  });

  it('prints names in other scripts as written (Polish, Greek, Cyrillic), in an embedded font', async () => {
    const order = await placeOrderAs(ctx.app, buyer, tool.id, {
      name: 'Zoë Łukasiewicz',
      company: 'Αθηνά Εργαλεία ΑΕ',
      address: 'ул. Тверская, 7\nМосква',
    });
    await payOrderAs(ctx.app, buyer, order._id);
    const response = await injectAs(ctx.app, buyer, {
      method: 'GET',
      url: `/api/purchase/${order._id}/invoice`,
    });
    const text = await pdfText(response.rawPayload);
    for (const written of ['Zoë Łukasiewicz', 'Αθηνά Εργαλεία ΑΕ', 'ул. Тверская, 7', 'Москва']) {
      expect(text).toContain(written);
    }
  });

  it('the owner and admins get it; another customer gets 404; an unpaid order answers 409', async () => {
    const order = await placeOrderAs(ctx.app, buyer, tool.id);
    const invoice = (user: TestUser) =>
      injectAs(ctx.app, user, { method: 'GET', url: `/api/purchase/${order._id}/invoice` });
    const unpaid = await invoice(buyer);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json<ErrorBody>().error).toEqual({
      code: 'INVOICE_NOT_READY',
      message: 'This order is unpaid: an invoice is made once it is paid',
    });
    await payOrderAs(ctx.app, buyer, order._id);
    expect((await invoice(buyer)).statusCode).toBe(200);
    expect((await invoice(admin)).statusCode).toBe(200);
    expect((await invoice(other)).statusCode).toBe(404);
  });

  it('numbers follow one another in the order orders are paid, one per order', async () => {
    const placed = await Promise.all([1, 2, 3].map(() => placeOrderAs(ctx.app, buyer, tool.id)));
    for (const order of placed) await payOrderAs(ctx.app, buyer, order._id);
    const numbers = await Promise.all(
      placed.map(async (order) => {
        const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order._id));
        return row?.invoiceNumber ?? 0;
      }),
    );
    expect(numbers[1]).toBe((numbers[0] ?? 0) + 1);
    expect(numbers[2]).toBe((numbers[0] ?? 0) + 2);
  });
});

describe('invoice numbers under concurrent payments', { tags: ['database-specific'] }, () => {
  it(
    '30 orders settled at once, each twice: 30 numbers, no gap, no repeat, the counter at the last',
    { timeout: 120_000 },
    async () => {
      // Placed one after another: one account's orders queue on its row lock, and what is under test here
      // is the payments arriving together.
      const placed = [];
      for (let n = 0; n < 30; n += 1) placed.push(await placeOrderAs(ctx.app, other, tool.id));
      // Each order's card is charged first; the settling calls then all arrive together, each twice.
      const charged = await Promise.all(
        placed.map(async (order) => {
          const intent = await injectAs(ctx.app, other, {
            method: 'POST',
            url: '/api/create-payment-intent',
            payload: { orderId: order._id },
          });
          const card = await injectAs(ctx.app, null, {
            method: 'POST',
            url: '/api/payments/test/confirm',
            payload: {
              clientSecret: intent.json<{ clientSecret: string }>().clientSecret,
              number: '4242424242424242',
              expMonth: 12,
              expYear: 2034,
              cvc: '123',
            },
          });
          return { orderId: order._id, transactionId: card.json<{ transactionId: string }>().transactionId };
        }),
      );
      const settles = await Promise.all(
        [...charged, ...charged].map(({ orderId, transactionId }) =>
          injectAs(ctx.app, other, {
            method: 'PATCH',
            url: `/api/purchase/${orderId}`,
            payload: { payment: { transactionId } },
          }),
        ),
      );
      expect(settles.map((r) => r.statusCode).every((status) => status === 200)).toBe(true);
      expect(settles.reduce((n, r) => n + r.json<{ modifiedCount: number }>().modifiedCount, 0)).toBe(30);

      const rows = await ctx.db.select().from(orders);
      const numbers = rows
        .map((row) => row.invoiceNumber)
        .filter((n): n is number => n !== null)
        .sort((a, b) => a - b);
      // Every invoice this shop ever numbered: 1, 2, 3, … with nothing skipped or given twice.
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
      expect(rows.filter((row) => row.status === 'paid' || row.status === 'shipped')).toHaveLength(
        numbers.length,
      );
      const [counter] = await ctx.db.select().from(counters).where(eq(counters.name, 'invoice'));
      expect(counter?.value).toBe(numbers.length);
    },
  );
});

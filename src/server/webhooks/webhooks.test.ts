import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ErrorBody } from '../../shared/api/errors';
import type { Return } from '../../shared/api/returns.schemas';
import type { CreatedWebhook, Webhook, WebhookDelivery } from '../../shared/api/webhooks.schemas';
import type { AuditEntry } from '../../shared/api/audit.schemas';
import { auditLog, webhookDeliveries } from '../db/schema';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { newCompany } from '../test/company-helpers';
import { insertTool } from '../test/factories';
import { deliveryToLeeds, payOrderAs, placeOrderAs, shipsToUk } from '../test/order-helpers';
import { startSmtpCatcher } from '../test/smtp-catcher';
import { createTestApp } from '../test/test-app';
import { type WebhookReceiver, startWebhookReceiver } from '../test/webhook-receiver';

/**
 * Signed webhooks (DESIGN §11): the shop's admin and a company's admin register receivers;
 * every order event reaches them signed, at least once, from the outbox, retried while the receiver is
 * down; each delivery's tries are in its log, and 'Send again' sends it once more.
 */
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;
let receiver: WebhookReceiver;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp({
    env: { SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: 'true' },
    webhookRetryMs: 100,
    webhookPollMs: 50,
  });
  await shipsToUk(ctx.db);
  admin = await signUpAdmin(ctx.app, ctx.db);
});
afterAll(async () => {
  await ctx.app.close();
  await smtp.close();
});
beforeEach(async () => {
  receiver = await startWebhookReceiver();
  return () => receiver.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (user: TestUser | null, method: Method, url: string, payload?: Record<string, unknown>) =>
  injectAs(ctx.app, user, { method, url, ...(payload === undefined ? {} : { payload }) });

async function register(as: TestUser, side: 'admin' | 'company', events: string[], url = receiver.url()) {
  const made = await call(as, 'POST', `/api/${side}/webhooks`, { url, events });
  expect(made.statusCode, made.body).toBe(201);
  const created = made.json<CreatedWebhook>();
  receiver.expectSecret(created.secret);
  return created;
}
const remove = (as: TestUser, side: 'admin' | 'company', id: string) =>
  call(as, 'DELETE', `/api/${side}/webhooks/${id}`);
const deliveriesOf = async (as: TestUser, side: 'admin' | 'company', id: string) =>
  (await call(as, 'GET', `/api/${side}/webhooks/${id}/deliveries`)).json<WebhookDelivery[]>();

/** The events of this order that reached the receiver, by type in arrival order. */
const typesFor = (orderId: string) =>
  receiver.received
    .filter((got) => JSON.stringify(got.event.data).includes(orderId))
    .map((got) => got.event.type);

describe('registering webhooks', () => {
  it('answers the signing secret once, lists the webhook without it, and removes it', async () => {
    const made = await register(admin, 'admin', ['order.placed', 'order.paid']);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const listed = (await call(admin, 'GET', '/api/admin/webhooks')).json<Webhook[]>();
    expect(listed).toContainEqual(
      expect.objectContaining({
        _id: made._id,
        url: receiver.url(),
        events: ['order.placed', 'order.paid'],
        company: null,
      }),
    );
    expect(JSON.stringify(listed)).not.toContain(made.secret);
    expect((await remove(admin, 'admin', made._id)).statusCode).toBe(200);
    expect((await remove(admin, 'admin', made._id)).statusCode).toBe(404);
    const audited = await ctx.db.select().from(auditLog).where(eq(auditLog.actorEmail, admin.email));
    expect(audited.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['webhook.create', 'webhook.delete']),
    );
  });

  it('refuses bad bodies with a clear message, and the wrong callers', async () => {
    const refused = async (body: Record<string, unknown>, message: string) => {
      const answer = await call(admin, 'POST', '/api/admin/webhooks', body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json<ErrorBody>().error.message).toContain(message);
    };
    await refused({ url: receiver.url(), events: [] }, 'Choose at least one event');
    await refused({ url: receiver.url(), events: ['order.lost'] }, 'Events are order.placed');
    await refused({ url: 'erp.example.com/hooks', events: ['order.paid'] }, 'full web address');
    await refused({ url: 'ftp://erp.example.com/hooks', events: ['order.paid'] }, 'full web address');
    await refused({ url: 'http://user:pw@127.0.0.1/x', events: ['order.paid'] }, 'Leave the user name');

    const customer = await signUp(ctx.app);
    expect(
      (await call(customer, 'POST', '/api/admin/webhooks', { url: receiver.url(), events: ['order.paid'] }))
        .statusCode,
    ).toBe(403);
    expect((await call(null, 'GET', '/api/admin/webhooks')).statusCode).toBe(401);
    // Not in a company: there is no company to hear of.
    expect(
      (await call(customer, 'POST', '/api/company/webhooks', { url: receiver.url(), events: ['order.paid'] }))
        .statusCode,
    ).toBe(404);
  });

  it('keeps at most ten per owner', async () => {
    const { admin: owner } = await newCompany(ctx.app, 'Many Hooks Ltd');
    for (let n = 0; n < 10; n += 1) await register(owner, 'company', ['order.paid'], receiver.url(`/h${n}`));
    const eleventh = await call(owner, 'POST', '/api/company/webhooks', {
      url: receiver.url(),
      events: ['order.paid'],
    });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json<ErrorBody>().error.message).toBe(
      'There can be at most 10 webhooks here: remove one first',
    );
  });
});

describe('delivering events', () => {
  it('tells the shop of an order’s whole life, each event signed, once, with the order as the API shows it', async () => {
    const hook = await register(admin, 'admin', [
      'order.placed',
      'order.paid',
      'order.shipped',
      'order.cancelled',
      'invoice.issued',
      'credit_note.issued',
      'return.updated',
    ]);
    const tool = await insertTool(ctx.db, { priceCents: 500, available: 10_000 });
    const buyer = await signUp(ctx.app);
    const order = await placeOrderAs(ctx.app, buyer, tool.id, { quantity: 200 });
    await payOrderAs(ctx.app, buyer, order._id);
    const ship = (quantity: number) =>
      call(admin, 'POST', `/api/admin/orders/${order._id}/shipments`, {
        lines: [{ sku: tool.sku, quantity }],
        carrier: 'UPS',
      });
    expect((await ship(120)).statusCode).toBe(201);
    expect((await ship(80)).statusCode).toBe(201);
    const asked = await call(buyer, 'POST', `/api/purchase/${order._id}/returns`, {
      lines: [{ sku: tool.sku, quantity: 10, reason: 'Wrong size' }],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const rma = asked.json<Return>();
    await call(admin, 'POST', `/api/admin/returns/${rma._id}/approve`, { instructions: 'Dock 2' });
    await call(admin, 'POST', `/api/admin/returns/${rma._id}/receive`, {
      lines: [{ sku: tool.sku, quantity: 10, condition: 'resellable' }],
    });
    expect((await call(admin, 'POST', `/api/admin/returns/${rma._id}/refund`, {})).statusCode).toBe(200);

    // An unpaid order the buyer cancels, and one the shop cancels after payment.
    const second = await placeOrderAs(ctx.app, buyer, tool.id, { quantity: 100 });
    expect((await call(buyer, 'DELETE', `/api/purchase/${second._id}`)).statusCode).toBe(200);
    const third = await placeOrderAs(ctx.app, buyer, tool.id, { quantity: 100 });
    await payOrderAs(ctx.app, buyer, third._id);
    const cancelled = await call(admin, 'POST', `/api/admin/orders/${third._id}/cancel`, {
      reason: 'Out of stock',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    await receiver.waitFor(17);
    expect(typesFor(order._id).sort()).toEqual(
      [
        'order.placed',
        'order.paid',
        'invoice.issued',
        'order.shipped',
        'order.shipped',
        'return.updated',
        'return.updated',
        'return.updated',
        'return.updated',
        'credit_note.issued',
      ].sort(),
    );
    expect(typesFor(second._id)).toEqual(['order.placed', 'order.cancelled']); // each webhook's in the order queued
    expect(typesFor(third._id).sort()).toEqual(
      ['order.placed', 'order.paid', 'invoice.issued', 'order.cancelled', 'credit_note.issued'].sort(),
    );
    expect(receiver.received.every((got) => got.verified)).toBe(true);
    expect(new Set(receiver.received.map((got) => got.event.id)).size).toBe(receiver.received.length);
    expect(receiver.received.every((got) => got.headers['content-type'] === 'application/json')).toBe(true);

    const byType = (type: string, orderId = order._id) =>
      receiver.received.find(
        (got) => got.event.type === type && JSON.stringify(got.event.data).includes(orderId),
      )?.event.data;
    expect(byType('order.paid')).toMatchObject({ order: { _id: order._id, status: 'paid', paid: true } });
    expect(byType('invoice.issued')).toMatchObject({
      invoice: {
        number: expect.stringMatching(/^INV-\d{6}$/) as unknown,
        orderId: order._id,
        total: order.total,
        paymentMethod: 'card',
        documents: { ubl: `http://localhost:3000/api/purchase/${order._id}/invoice?format=ubl` },
      },
    });
    const creditNoteIssued = byType('credit_note.issued') as
      | { creditNote: { number: string }; order: { creditNotes: { number: string }[] } }
      | undefined;
    expect(creditNoteIssued).toMatchObject({
      creditNote: { amount: 50, lines: [{ sku: tool.sku, quantity: 10 }], orderId: order._id },
    });
    // The order as the credit note leaves it: carrying the credit note told of.
    expect(creditNoteIssued?.order.creditNotes.map((note) => note.number)).toContain(
      creditNoteIssued?.creditNote.number,
    );
    expect(byType('order.cancelled', third._id)).toMatchObject({ order: { status: 'cancelled' } });
    const lastReturn = receiver.received.filter((got) => got.event.type === 'return.updated').at(-1);
    expect(lastReturn?.event.data).toMatchObject({ return: { _id: rma._id, status: 'refunded' } });

    const log = await deliveriesOf(admin, 'admin', hook._id);
    expect(log.length).toBe(17);
    expect(
      log.every((delivery) => delivery.status === 'delivered' && delivery.tries[0]?.statusCode === 200),
    ).toBe(true);
    await remove(admin, 'admin', hook._id);
  });

  it('tells a company’s webhook of its own orders only, and its invoices on account with their due day', async () => {
    const { admin: owner, companyId } = await newCompany(ctx.app, 'Hooked Ltd');
    const terms = await call(admin, 'PUT', `/api/admin/companies/${companyId}/terms`, {
      terms: 'net30',
      creditLimit: 50_000,
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const hook = await register(owner, 'company', ['order.placed', 'invoice.issued']);
    const tool = await insertTool(ctx.db, { priceCents: 500, available: 10_000 });
    const stranger = await signUp(ctx.app);
    const theirs = await placeOrderAs(ctx.app, stranger, tool.id, { quantity: 100 });
    // Through the cart, on the company's account.
    expect((await call(owner, 'PUT', `/api/cart/lines/${tool.id}`, { quantity: 100 })).statusCode).toBe(200);
    const placed = await call(owner, 'POST', '/api/cart/checkout', {
      ...deliveryToLeeds,
      paymentMethod: 'account',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const ours = placed.json<{ order: { _id: string } }>().order;
    const [placedEvent, invoiced] = [
      ...(await receiver.waitFor(1, (got) => got.event.type === 'order.placed')),
      ...(await receiver.waitFor(1, (got) => got.event.type === 'invoice.issued')),
    ];
    expect(placedEvent?.event.data).toMatchObject({ order: { _id: ours._id } });
    expect(invoiced?.event.data).toMatchObject({
      invoice: {
        orderId: ours._id,
        paymentMethod: 'account',
        dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
      },
    });
    expect(typesFor(theirs._id)).toEqual([]);
    expect((await deliveriesOf(owner, 'company', hook._id)).length).toBe(2);

    // Another company's admin, and a colleague who does not manage it, see no such webhook.
    const { admin: other } = await newCompany(ctx.app, 'Other Ltd');
    expect((await call(other, 'GET', `/api/company/webhooks/${hook._id}/deliveries`)).statusCode).toBe(404);
    expect((await remove(other, 'company', hook._id)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/api/admin/webhooks/${hook._id}/deliveries`)).statusCode).toBe(404);
    await remove(owner, 'company', hook._id);
  });

  it('keeps trying while the receiver is down, and delivers each event once it is back', async () => {
    const hook = await register(admin, 'admin', ['order.placed']);
    await receiver.down();
    const tool = await insertTool(ctx.db, { priceCents: 500, available: 10_000 });
    const buyer = await signUp(ctx.app);
    const orders = [
      await placeOrderAs(ctx.app, buyer, tool.id, { quantity: 100 }),
      await placeOrderAs(ctx.app, buyer, tool.id, { quantity: 100 }),
    ];
    // Each delivery fails a few times (connection refused) before the receiver comes back.
    for (let waited = 0; waited < 20_000; waited += 50) {
      const log = await deliveriesOf(admin, 'admin', hook._id);
      if (log.length === 2 && log.every((delivery) => delivery.attempts >= 3)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const failing = await deliveriesOf(admin, 'admin', hook._id);
    expect(
      failing.every((delivery) => delivery.status === 'pending' && delivery.nextAttemptAt !== null),
    ).toBe(true);
    expect(failing[0]?.tries[0]).toMatchObject({
      statusCode: null,
      error: expect.stringContaining('ECONNREFUSED') as unknown,
    });

    receiver.answer(503);
    await receiver.up();
    await receiver.waitFor(2);
    receiver.answer(200);
    const got = await receiver.waitFor(4);
    const delivered = got.filter((_got, index) => index >= 2).map((one) => one.event.data);
    for (const order of orders) expect(JSON.stringify(delivered)).toContain(order._id);
    for (let waited = 0; waited < 10_000; waited += 50) {
      if ((await deliveriesOf(admin, 'admin', hook._id)).every((delivery) => delivery.status === 'delivered'))
        break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const log = await deliveriesOf(admin, 'admin', hook._id);
    expect(log.map((delivery) => delivery.status)).toEqual(['delivered', 'delivered']);
    // Newest try first: 200, then the 503, then the refused connections.
    expect(log[0]?.tries.slice(0, 2).map((tried) => tried.statusCode)).toEqual([200, 503]);
    expect(new Set(got.slice(2).map((one) => one.event.id)).size).toBe(2);
    await remove(admin, 'admin', hook._id);
  });

  it('gives up after the delivery’s day, and sends again on request, with the same event id', async () => {
    const hook = await register(admin, 'admin', ['order.placed']);
    receiver.answer(500);
    const tool = await insertTool(ctx.db, { priceCents: 500, available: 10_000 });
    await placeOrderAs(ctx.app, await signUp(ctx.app), tool.id, { quantity: 100 });
    await receiver.waitFor(1);
    // The day is over: the next try is the last.
    await ctx.db
      .update(webhookDeliveries)
      .set({ giveUpAt: new Date(Date.now() - 1000) })
      .where(eq(webhookDeliveries.webhookId, hook._id));
    let log: WebhookDelivery[] = [];
    for (let waited = 0; waited < 10_000; waited += 50) {
      log = await deliveriesOf(admin, 'admin', hook._id);
      if (log[0]?.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(log[0]).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect((await call(admin, 'GET', '/api/admin/webhooks')).json<Webhook[]>()).toContainEqual(
      expect.objectContaining({
        _id: hook._id,
        failed: 1,
        lastDelivery: expect.objectContaining({ status: 'failed', statusCode: 500 }) as unknown,
      }),
    );

    receiver.answer(200);
    const before = receiver.received.length;
    const again = await call(
      admin,
      'POST',
      `/api/admin/webhooks/${hook._id}/deliveries/${log[0]?._id}/resend`,
    );
    expect(again.statusCode, again.body).toBe(200);
    const [resent] = (await receiver.waitFor(before + 1)).slice(before);
    expect(resent?.event.id).toBe(log[0]?.eventId);
    expect(resent?.verified).toBe(true);
    const unknown = await call(
      admin,
      'POST',
      `/api/admin/webhooks/${hook._id}/deliveries/${hook._id}/resend`,
    );
    expect(unknown.statusCode).toBe(404);
    await remove(admin, 'admin', hook._id);
  });

  it('records who made and revoked API keys in the audit log', async () => {
    const { admin: owner } = await newCompany(ctx.app, 'Audited Keys Ltd');
    const made = await call(owner, 'POST', '/api/company/api-keys', { name: 'ERP', scopes: ['orders:read'] });
    await call(owner, 'DELETE', `/api/company/api-keys/${made.json<{ _id: string }>()._id}`);
    const entries = (
      await call(admin, 'GET', `/api/admin/audit?actor=${encodeURIComponent(owner.email)}`)
    ).json<{
      entries: AuditEntry[];
    }>().entries;
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['api_key.create', 'api_key.revoke']),
    );
  });
});

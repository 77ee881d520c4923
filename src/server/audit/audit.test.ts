import { sql } from 'drizzle-orm';
import { auditLog } from '../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '../../shared/api/audit.schemas';
import type { ErrorBody } from '../../shared/api/errors';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { insertReview, insertTool } from '../test/factories';
import { daysFromToday, payOrderAs, placeOrderAs, requestQuoteAs } from '../test/order-helpers';
import { createTestApp } from '../test/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;
let otherAdmin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, otherAdmin, customer] = await Promise.all([
    signUpAdmin(ctx.app, ctx.db),
    signUpAdmin(ctx.app, ctx.db),
    signUp(ctx.app),
  ]);
});
afterAll(async () => {
  await ctx.app.close();
});

const as = (user: TestUser) => (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(ctx.app, user, { method, url, ...(payload ? { payload } : {}) });

async function audit(query = '', user = admin): Promise<AuditPage> {
  const response = await injectAs(ctx.app, user, { method: 'GET', url: `/api/admin/audit${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>();
}

/** The newest entry, which the action just taken must have written. */
async function newest(): Promise<AuditEntry | undefined> {
  return (await audit('?limit=1')).entries[0];
}

const newProduct = {
  sku: 'AUD-100',
  name: 'Audit Wrench',
  img: '/images/tools/claw-hammer.svg',
  dis: 'A wrench to audit',
  category: 'Audit tools',
  min_order: 100,
  available: 500,
  price: 4.5,
};

describe('the audit log records every admin action with who, when, what, before and after', () => {
  it('adding, editing and deleting a product', async () => {
    const started = Date.now();
    const added = await as(admin)('POST', '/api/addproduct', newProduct);
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<{ insertedId: string }>().insertedId;
    const addEntry = await newest();
    expect(addEntry).toMatchObject({
      actorEmail: admin.email,
      action: 'product.add',
      subject: 'SKU AUD-100',
      before: null,
      after: {
        sku: 'AUD-100',
        name: 'Audit Wrench',
        category: 'Audit tools',
        available: 500,
        priceTiers: [{ minQuantity: 100, priceCents: 450 }],
      },
    });
    expect(Date.parse(addEntry?.at ?? '')).toBeGreaterThanOrEqual(started - 1000);

    const edited = await as(otherAdmin)('PATCH', `/api/tools/${id}`, { price: 4.25, availableChange: -50 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await newest()).toMatchObject({
      actorEmail: otherAdmin.email,
      action: 'product.edit',
      subject: 'SKU AUD-100',
      // Only what changed, on both sides.
      before: { available: 500, priceTiers: [{ minQuantity: 100, priceCents: 450 }] },
      after: { available: 450, priceTiers: [{ minQuantity: 100, priceCents: 425 }] },
    });
    expect(Object.keys((await newest())?.after ?? {}).sort()).toEqual(['available', 'priceTiers']);

    const deleted = await as(admin)('DELETE', `/api/tools/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await newest()).toMatchObject({
      action: 'product.delete',
      subject: 'SKU AUD-100',
      before: { sku: 'AUD-100', name: 'Audit Wrench', available: 450 },
      after: null,
    });
  });

  it('an edit that changes nothing, or is refused, records nothing', async () => {
    const tool = await insertTool(ctx.db);
    const before = await newest();
    await as(admin)('PATCH', `/api/tools/${tool.id}`, { name: tool.name });
    const refused = await as(admin)('PATCH', `/api/tools/${tool.id}`, { availableChange: -1_000_000 });
    expect(refused.statusCode).toBe(400);
    expect((await newest())?.id).toBe(before?.id);
  });

  it('granting admin rights and deleting an account', async () => {
    const promoted = await signUp(ctx.app);
    expect((await as(admin)('PUT', `/api/user/admin/${promoted.email}`)).statusCode).toBe(200);
    expect(await newest()).toMatchObject({
      actorEmail: admin.email,
      action: 'user.make_admin',
      subject: promoted.email,
      before: { role: 'user' },
      after: { role: 'admin' },
    });
    const gone = await signUp(ctx.app, { name: 'Gone Soon' });
    expect((await as(otherAdmin)('DELETE', `/api/user/${gone.email}`)).statusCode).toBe(200);
    expect(await newest()).toMatchObject({
      actorEmail: otherAdmin.email,
      action: 'user.delete',
      subject: gone.email,
      before: { name: 'Gone Soon', email: gone.email, role: 'user' },
    });
  });

  it('marking an order shipped, removing a review and answering a quote', async () => {
    const tool = await insertTool(ctx.db, { available: 10_000 });
    const order = await placeOrderAs(ctx.app, customer, tool.id);
    await payOrderAs(ctx.app, customer, order._id);
    await as(admin)('PATCH', `/api/admin/orders/${order._id}/status`, { status: 'shipped', carrier: 'UPS' });
    expect(await newest()).toMatchObject({
      action: 'order.ship',
      subject: `order ${order.orderNumber}`,
      before: { status: 'paid' },
      after: {
        status: 'shipped',
        carrier: 'UPS',
        trackingNumber: null,
        lines: [{ line: 1, sku: tool.sku, name: tool.name, quantity: order.quantity }],
      },
    });

    const review = await insertReview(ctx.db, { name: 'Spam Bot', text: 'Buy my stuff', rating: 1 });
    await as(admin)('DELETE', `/api/reviews/${review.id}`);
    expect(await newest()).toMatchObject({
      action: 'review.delete',
      subject: 'review by Spam Bot',
      before: { name: 'Spam Bot', text: 'Buy my stuff', rating: 1 },
    });

    const quote = await requestQuoteAs(ctx.app, customer, tool.id, 5000);
    const validUntil = daysFromToday(5);
    await as(admin)('PATCH', `/api/admin/quotes/${quote._id}`, { unitPrice: 3.1, validUntil, reply: 'Deal' });
    expect(await newest()).toMatchObject({
      action: 'quote.answer',
      subject: `quote ${quote.quoteNumber} (${tool.sku} × 5000)`,
      before: { status: 'requested' },
      after: {
        status: 'answered',
        lines: [{ line: 1, sku: tool.sku, name: tool.name, quantity: 5000, unitPriceCents: 310 }],
        reply: 'Deal',
      },
    });
    const declined = await requestQuoteAs(ctx.app, customer, tool.id, 6000);
    await as(admin)('PATCH', `/api/admin/quotes/${declined._id}`, { declined: true, reply: 'No stock' });
    expect(await newest()).toMatchObject({
      action: 'quote.answer',
      after: { status: 'declined', reply: 'No stock' },
    });
  });

  it('a customer acting records nothing', async () => {
    const before = await newest();
    const tool = await insertTool(ctx.db);
    await placeOrderAs(ctx.app, customer, tool.id);
    expect((await newest())?.id).toBe(before?.id);
  });
});

describe('the audit log is append-only', () => {
  it('refuses to change, delete or truncate an entry, even to the database owner', async () => {
    for (const statement of [
      sql`update audit_log set actor_email = 'someone-else@example.com'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      await expect(ctx.db.execute(statement)).rejects.toThrow();
    }
    expect((await audit()).entries.length).toBeGreaterThan(0);
  });
});

describe('GET /api/admin/audit', () => {
  it('filters by actor, action and day, newest first, a page at a time', async () => {
    const byOther = await audit(`?actor=${encodeURIComponent(otherAdmin.email.toUpperCase())}`);
    expect(byOther.entries.length).toBeGreaterThanOrEqual(2);
    expect(byOther.entries.every((entry) => entry.actorEmail === otherAdmin.email)).toBe(true);

    const system = await signUp(ctx.app);
    await ctx.db.insert(auditLog).values({
      actorId: 'system:admin-emails',
      actorEmail: 'ADMIN_EMAILS',
      action: 'user.make_admin',
      subject: system.email,
    });
    expect((await audit('?actor=ADMIN_EMAILS')).entries.map((entry) => entry.subject)).toEqual([
      system.email,
    ]);

    const ships = await audit('?action=order.ship');
    expect(ships.entries.map((entry) => entry.action)).toEqual(['order.ship']);

    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`?from=${today}&to=${today}`)).entries.length).toBeGreaterThan(0);
    expect((await audit('?to=2020-01-01')).entries).toEqual([]);

    const all = await audit('?limit=200');
    const ids = all.entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const first = await audit('?limit=2');
    expect(first.nextBefore).toBe(ids[1]);
    const second = await audit(`?limit=2&before=${first.nextBefore}`);
    expect(second.entries.map((entry) => entry.id)).toEqual(ids.slice(2, 4));
  });

  it('answers a clear error for a malformed filter', async () => {
    const response = await injectAs(ctx.app, admin, { method: 'GET', url: '/api/admin/audit?action=hack' });
    expect(response.statusCode).toBe(400);
    const bad = await injectAs(ctx.app, admin, { method: 'GET', url: '/api/admin/audit?from=yesterday' });
    expect(bad.json<ErrorBody>().error.message).toContain('YYYY-MM-DD');
  });
});

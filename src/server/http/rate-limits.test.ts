// Database-specific (the tests tagged so run on both databases): the shop's limits count in the
// database that every instance shares, all through one upsert (request-counters.ts), so one limit counted
// to its end shows it on each engine; better-auth's own limiter counts in memory on the embedded
// database and in the database on PostgreSQL, so the test that it counts no sign-up runs on both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, type TestUser, injectAs, nextClientIp, signUp } from '../test/auth-helpers';
import { createTestApp } from '../test/test-app';
import { type LimitName, RATE_LIMITS } from './rate-limit';
import { deliveryToLeeds, shipsToUk } from '../test/order-helpers';

/**
 * Every limit of RATE_LIMITS at the scale the shop ships with (RATE_LIMIT_SCALE=1): its `max` calls go
 * through to the route, the next is 429, and no other limit was used up on the way (each counts under
 * its own key). The calls are the cheapest that the limit counts: most are refused after counting.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  await shipsToUk(ctx.db);
});
afterAll(async () => {
  await ctx.app.close();
});

const nowhere = '00000000-0000-4000-8000-000000000000';
const delivery = { name: 'Buyer', address: '1 Road', number: '5550100' };

interface Caller {
  user: TestUser;
  address: string;
}

/** One call that the named limit counts, made by this caller. */
const calls: Record<LimitName, (caller: Caller) => ReturnType<typeof injectAs>> = {
  'sign-up': ({ address }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { name: 'A', email: 'a@example.com', password: 'short' },
      remoteAddress: address,
    }),
  'place-order': ({ user, address }) =>
    injectAs(ctx.app, user, {
      method: 'POST',
      url: '/api/purchase',
      payload: { ...delivery, toolId: nowhere, quantity: 100 },
      remoteAddress: address,
    }),
  checkout: ({ user, address }) =>
    injectAs(ctx.app, user, {
      method: 'POST',
      url: '/api/cart/checkout',
      payload: deliveryToLeeds,
      remoteAddress: address,
    }),
  'change-order': ({ user, address }) =>
    injectAs(ctx.app, user, {
      method: 'PUT',
      url: `/api/purchase/${nowhere}/lines`,
      payload: { lines: [{ sku: 'NOPE-1', quantity: 100 }] },
      remoteAddress: address,
    }),
  cart: ({ user, address }) =>
    injectAs(ctx.app, user, {
      method: 'PUT',
      url: `/api/cart/lines/${nowhere}`,
      payload: { quantity: 100 },
      remoteAddress: address,
    }),
  'read-orders': ({ user, address }) =>
    injectAs(ctx.app, user, {
      method: 'GET',
      url: `/api/purchase?email=${user.email}`,
      remoteAddress: address,
    }),
  invoice: ({ user, address }) =>
    injectAs(ctx.app, user, {
      method: 'GET',
      url: `/api/purchase/${nowhere}/invoice`,
      remoteAddress: address,
    }),
  company: ({ user, address }) =>
    injectAs(ctx.app, user, {
      method: 'POST',
      url: `/api/invitations/${'x'.repeat(43)}/accept`,
      remoteAddress: address,
    }),
  approval: ({ user, address }) =>
    injectAs(ctx.app, user, {
      method: 'POST',
      url: `/api/purchase/${nowhere}/approve`,
      payload: { total: 1000 },
      remoteAddress: address,
    }),
  lists: ({ user, address }) =>
    injectAs(ctx.app, user, {
      method: 'POST',
      url: `/api/lists/${nowhere}/cart`,
      remoteAddress: address,
    }),
  'quote-request': ({ user, address }) =>
    injectAs(ctx.app, user, {
      method: 'POST',
      url: '/api/quotes',
      payload: { toolId: nowhere, quantity: 500 },
      remoteAddress: address,
    }),
  'accept-quote': ({ user, address }) =>
    injectAs(ctx.app, user, {
      method: 'POST',
      url: `/api/quotes/${nowhere}/accept`,
      payload: deliveryToLeeds,
      remoteAddress: address,
    }),
  'add-review': ({ user, address }) =>
    injectAs(ctx.app, user, {
      method: 'POST',
      url: '/api/addreview',
      payload: { name: 'Rita', img: 'https://example.com/r.png', customer_review: 'Good', rating: 4 },
      remoteAddress: address,
    }),
  'payment-intent': ({ user, address }) =>
    injectAs(ctx.app, user, {
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { orderId: nowhere },
      remoteAddress: address,
    }),
  // Counted per calling address (an unknown credential is refused 401 after counting).
  punchout: ({ address }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/punchout/cxml',
      headers: { 'content-type': 'text/xml' },
      payload: `<cXML payloadID="1"><Header><From/><To/><Sender><Credential domain="d"><Identity>limit</Identity><SharedSecret>x</SharedSecret></Credential></Sender></Header><Request/></cXML>`,
      remoteAddress: address,
    }),
  'test-card': ({ address }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      headers: { origin: ORIGIN },
      payload: {
        clientSecret: 'pi_nowhere_secret_x',
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2034,
        cvc: '123',
      },
      remoteAddress: address,
    }),
  subscribe: ({ address }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      headers: { origin: ORIGIN },
      payload: { email: `news-${Math.random().toString(36).slice(2)}@example.com` },
      remoteAddress: address,
    }),
};

/** A caller: its own account and address, or (for per-address limits counted across accounts) a new account. */
async function callerFor(name: LimitName, shared: Caller): Promise<Caller> {
  // One review a day per account is a rule of its own: the per-address limit is seen across accounts.
  if (name === 'add-review') return { user: await signUp(ctx.app), address: shared.address };
  return shared;
}

describe('each limit at RATE_LIMIT_SCALE=1', () => {
  it.each(Object.keys(RATE_LIMITS) as LimitName[])(
    '%s: max calls go through, the next is 429, and no other limit is used up',
    async (name) => {
      const { max } = RATE_LIMITS[name];
      const shared: Caller = { user: await signUp(ctx.app), address: nextClientIp() };
      for (let n = 0; n < max; n += 1) {
        const response = await calls[name](await callerFor(name, shared));
        expect(response.statusCode, `call ${n + 1}: ${response.body}`).not.toBe(429);
      }
      const over = await calls[name](await callerFor(name, shared));
      expect(over.statusCode).toBe(429);
      // A procurement system is answered in cXML, as it speaks; everyone else in the API's JSON.
      if (name === 'punchout')
        expect(over.body).toMatch(/<Status code="429" text="[^"]+"[^>]*>Too many requests/);
      else expect(over.json<{ error: { code: string } }>().error.code).toBe('RATE_LIMITED');

      // The same account and address may still do everything else.
      for (const other of Object.keys(RATE_LIMITS) as LimitName[]) {
        if (other === name) continue;
        const response = await calls[other](
          other === 'add-review' ? { ...shared, user: await signUp(ctx.app) } : shared,
        );
        expect(response.statusCode, `${other} after ${name}: ${response.body}`).not.toBe(429);
      }
    },
    // Up to 300 calls one after another: a count, not a timing, so a loaded machine is given time.
    180_000,
  );
});

describe('a company’s API key', { tags: ['database-specific'] }, () => {
  it('is counted on its own: its calls do not use up its admin’s limits', async () => {
    const admin = await signUp(ctx.app);
    const company = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/companies',
      payload: { name: 'Counted Ltd' },
    });
    expect(company.statusCode, company.body).toBe(201);
    const made = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/company/api-keys',
      payload: { name: 'Counted ERP', scopes: ['orders:read'] },
    });
    const { key } = made.json<{ key: string }>();
    const read = (user: TestUser | null) =>
      injectAs(ctx.app, user, {
        method: 'GET',
        url: `/api/purchase?email=${encodeURIComponent(admin.email)}`,
        ...(user ? {} : { headers: { authorization: `Bearer ${key}` } }),
      });
    const { max } = RATE_LIMITS['read-orders'];
    for (let n = 0; n < max; n += 1) {
      const response = await read(null);
      expect(response.statusCode, `call ${n + 1}: ${response.body}`).toBe(200);
    }
    expect((await read(null)).statusCode).toBe(429);
    expect((await read(admin)).statusCode).toBe(200);
  });
});

describe('one definition per limit', { tags: ['database-specific'] }, () => {
  it('sign-up is counted once, by the shop’s scaled rule (better-auth’s own rule is off for it)', async () => {
    const doubled = await createTestApp({ env: { RATE_LIMIT_SCALE: '2' } });
    try {
      const address = nextClientIp();
      const statuses: number[] = [];
      for (let n = 0; n < 2 * RATE_LIMITS['sign-up'].max + 1; n += 1) {
        const response = await doubled.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: { origin: ORIGIN },
          payload: {
            name: 'New',
            email: `twice-${n}-${Date.now()}@example.com`,
            password: 'a-fine-password',
          },
          remoteAddress: address,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    } finally {
      await doubled.app.close();
    }
  });
});

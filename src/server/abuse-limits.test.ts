import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../shared/messages';
import { injectAs, signUp, signUpAdmin } from './test/auth-helpers';
import { insertTool } from './test/factories';
import { UNCONFIRMED_HOLD_HOURS } from './orders/place-order';
import { createTestApp } from './test/test-app';
import { deliveryToLeeds, shipsToUk } from './test/order-helpers';

/** No hoarding, limits on public writes, reviews an owner can keep clean. */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let toolId: string;

beforeAll(async () => {
  // The shop's defaults, not the relaxed ones of other test apps.
  ctx = await createTestApp({ env: { MAX_UNPAID_ORDERS: '3', RATE_LIMIT_SCALE: '1' } });
  toolId = (await insertTool(ctx.db, { available: 1_000_000 })).id;
  await shipsToUk(ctx.db);
});
afterAll(async () => {
  await ctx.app.close();
});

const order = { name: 'Buyer', address: '1 Road', number: '5550100', quantity: 100 };

describe('unpaid orders', () => {
  it('an account holds at most MAX_UNPAID_ORDERS, even when it sends them all at once', async () => {
    const user = await signUp(ctx.app);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        injectAs(ctx.app, user, { method: 'POST', url: '/api/purchase', payload: { toolId, ...order } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 409, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json()).toEqual({
      error: { code: 'UNPAID_ORDER_LIMIT', message: messages.unpaidOrderLimit(3, true) },
    });

    // Cancelling one makes room for one.
    const mine = await injectAs(ctx.app, user, { method: 'GET', url: `/api/purchase?email=${user.email}` });
    const [first] = mine.json<{ _id: string }[]>();
    await injectAs(ctx.app, user, { method: 'DELETE', url: `/api/purchase/${first?._id ?? ''}` });
    const again = await injectAs(ctx.app, user, {
      method: 'POST',
      url: '/api/purchase',
      payload: { toolId, ...order },
    });
    expect(again.statusCode).toBe(201);
  });

  it('an account whose address is not yet confirmed holds one, and is told how to get more', async () => {
    const user = await signUp(ctx.app, { verified: false });
    const place = () =>
      injectAs(ctx.app, user, { method: 'POST', url: '/api/purchase', payload: { toolId, ...order } });
    const first = await place();
    expect(first.statusCode).toBe(201);
    // Its stock is held for an hour, not ORDER_HOLD_HOURS: nobody keeps the stock from paying customers
    // for two days with an account made in a minute.
    const held = first.json<{ order: { createdAt: string; holdExpiresAt: string } }>().order;
    expect(new Date(held.holdExpiresAt).getTime() - new Date(held.createdAt).getTime()).toBe(
      UNCONFIRMED_HOLD_HOURS * 3_600_000,
    );
    const second = await place();
    expect(second.statusCode).toBe(409);
    expect(second.json<{ error: { message: string } }>().error.message).toMatch(
      /until its email address is confirmed/,
    );
  });

  it('an unconfirmed account’s order holds at most a tenth of a product’s stock, by the buy form and the cart alike', async () => {
    const scarce = await insertTool(ctx.db, { available: 1500 });
    const user = await signUp(ctx.app, { verified: false });
    const buy = (quantity: number) =>
      injectAs(ctx.app, user, {
        method: 'POST',
        url: '/api/purchase',
        payload: { ...order, toolId: scarce.id, quantity },
      });
    const tooMany = await buy(151);
    expect(tooMany.statusCode).toBe(403);
    expect(tooMany.json<{ error: { message: string } }>().error.message).toBe(
      messages.unconfirmedStockShare(scarce.name, 150),
    );
    // Nothing was kept back by the refusal.
    expect(
      (await injectAs(ctx.app, null, { method: 'GET', url: `/api/buyNow/${scarce.id}` })).json(),
    ).toMatchObject({
      available: 1500,
    });
    await injectAs(ctx.app, user, {
      method: 'PUT',
      url: `/api/cart/lines/${scarce.id}`,
      payload: { quantity: 200 },
    });
    const checkout = await injectAs(ctx.app, user, {
      method: 'POST',
      url: '/api/cart/checkout',
      payload: deliveryToLeeds,
    });
    expect(checkout.statusCode).toBe(403);
    expect(checkout.json<{ error: { message: string } }>().error.message).toBe(
      messages.unconfirmedStockShare(scarce.name, 150),
    );
    expect((await buy(150)).statusCode).toBe(201);
    // Confirmed, the same account may hold more.
    const confirmed = await signUp(ctx.app);
    const more = await injectAs(ctx.app, confirmed, {
      method: 'POST',
      url: '/api/purchase',
      payload: { ...order, toolId: scarce.id, quantity: 500 },
    });
    expect(more.statusCode).toBe(201);
  });
});

describe('limits on public writes', () => {
  it('subscribe answers 429 past five a client address in ten minutes', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/subscribe',
        payload: { email: `news-${n}@example.com` },
        remoteAddress: '192.0.2.77',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('placing orders is limited per account', async () => {
    const user = await signUp(ctx.app);
    const statuses: number[] = [];
    for (let n = 0; n < 11; n += 1) {
      // Unknown products: each call is refused with 404 after it is counted.
      const response = await injectAs(ctx.app, user, {
        method: 'POST',
        url: '/api/purchase',
        payload: { ...order, toolId: '00000000-0000-4000-8000-000000000000' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('reviews', () => {
  const review = {
    name: 'Rita',
    img: 'https://example.com/rita.png',
    customer_review: 'Solid drills.',
    rating: 5,
  };

  it('one a day per account, and an admin can delete any', async () => {
    const user = await signUp(ctx.app);
    const first = await injectAs(ctx.app, user, { method: 'POST', url: '/api/addreview', payload: review });
    expect(first.statusCode).toBe(201);
    const second = await injectAs(ctx.app, user, { method: 'POST', url: '/api/addreview', payload: review });
    expect(second.statusCode).toBe(429);
    expect(second.json<{ error: { message: string } }>().error.message).toMatch(
      /^You can add one review a day\. Your next one can be added after .+ UTC\.$/,
    );

    const admin = await signUpAdmin(ctx.app, ctx.db);
    const id = first.json<{ insertedId: string }>().insertedId;
    expect((await injectAs(ctx.app, admin, { method: 'DELETE', url: `/api/reviews/${id}` })).json()).toEqual({
      deletedCount: 1,
    });
    const again = await injectAs(ctx.app, admin, { method: 'DELETE', url: `/api/reviews/${id}` });
    expect(again.statusCode).toBe(404);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/review' });
    expect(list.json<{ _id: string }[]>().some((row) => row._id === id)).toBe(false);
  });
});

import { NO_CONTROL_CHARACTERS } from '../../shared/api/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import type { Review } from '../../shared/api/reviews.schemas';
import { insertReview, insertTool } from '../test/factories';
import { payOrderAs, placeOrderAs } from '../test/order-helpers';
import { createTestApp } from '../test/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.app.close();
});

describe('GET /api/review', () => {
  it('lists reviews newest first in the spec shape', async () => {
    const older = await insertReview(ctx.db, { rating: 5, createdAt: new Date('2026-03-01') });
    const newer = await insertReview(ctx.db, { rating: 3, createdAt: new Date('2026-04-01') });

    const response = await ctx.app.inject({ method: 'GET', url: '/api/review' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        _id: newer.id,
        name: newer.name,
        img: newer.imageUrl,
        customer_review: newer.text,
        rating: 3,
        verifiedBuyer: null,
      },
      {
        _id: older.id,
        name: older.name,
        img: older.imageUrl,
        customer_review: older.text,
        rating: 5,
        verifiedBuyer: null,
      },
    ]);
  });
});

describe('GET /api/review?limit', () => {
  const list = async (query: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/review${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Review[]>().map((review) => review._id);
  };

  it('sends only the first reviews, in the order of the whole list', async () => {
    for (const day of [10, 11, 12]) {
      await insertReview(ctx.db, { createdAt: new Date(`2026-05-${day}T00:00:00Z`) });
    }
    const all = await list('');
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(await list('?limit=2')).toEqual(all.slice(0, 2));
    expect(await list('?limit=100')).toEqual(all.slice(0, 100));
  });

  it.each([
    ['limit=0', 'Limit: at least 1'],
    ['limit=101', 'Limit: at most 100'],
    ['limit=2.5', 'Limit: must be a whole number'],
    ['limit=many', 'Limit: must be a number'],
  ])('refuses ?%s with a clear message', async (query, message) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/review?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message } });
  });
});

describe('GET /api/review, kept between requests', () => {
  let cached: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    // Catalog answers kept a minute, so reviews are kept for their longest (2 s).
    cached = await createTestApp({ catalogCacheMs: 60_000 });
  });
  afterAll(async () => {
    await cached.app.close();
  });
  const get = (headers: Record<string, string> = {}) =>
    cached.app.inject({ method: 'GET', url: '/api/review?limit=6', headers });

  it('answers an unchanged list with 304 to a browser that has it', async () => {
    const first = await get();
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect((await get({ 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('shows a review added or deleted here at once', async () => {
    const before = (await get()).json<Review[]>();
    const user = await signUp(cached.app);
    const posted = await injectAs(cached.app, user, {
      method: 'POST',
      url: '/api/addreview',
      payload: { name: 'Fresh', img: 'https://example.com/f.png', customer_review: 'New.', rating: 5 },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const { insertedId } = posted.json<{ insertedId: string }>();
    expect((await get()).json<Review[]>().map((review) => review._id)).toContain(insertedId);

    const admin = await signUpAdmin(cached.app, cached.db);
    const deleted = await injectAs(cached.app, admin, {
      method: 'DELETE',
      url: `/api/reviews/${insertedId}`,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get()).json<Review[]>()).toEqual(before);
  });
});

describe('POST /api/addreview', () => {
  const valid = {
    name: 'Rita Reviewer',
    img: 'https://example.com/rita.png',
    customer_review: 'Solid drills, fast delivery.',
    rating: 5,
  };
  const post = (user: TestUser | null, payload: object) =>
    injectAs(ctx.app, user, { method: 'POST', url: '/api/addreview', payload });

  it('adds a signed-in customer review that the home grid lists first', async () => {
    const user = await signUp(ctx.app);
    const response = await post(user, valid);
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json<{ insertedId: string }>();

    const list = await ctx.app.inject({ method: 'GET', url: '/api/review' });
    expect(list.json<unknown[]>()[0]).toEqual({ _id: insertedId, ...valid, verifiedBuyer: null });
  });

  it.each([
    [{ ...valid, rating: 0 }, 'Rating: The rating must be a whole number from 1 to 5'],
    [{ ...valid, rating: 6 }, 'Rating: The rating must be a whole number from 1 to 5'],
    [{ ...valid, rating: 3.5 }, 'Rating: The rating must be a whole number from 1 to 5'],
    [{ ...valid, img: 'javascript:alert(1)' }, 'Picture: The picture must be an https:// web address'],
    [{ ...valid, img: 'http://example.com/me.png' }, 'Picture: The picture must be an https:// web address'],
    [{ ...valid, customer_review: 'Good\u0000tools' }, `Customer review: ${NO_CONTROL_CHARACTERS}`],
    [{ ...valid, customer_review: '   ' }, 'Customer review: Please Full Fill All Field'],
    [{ ...valid, name: '' }, 'Name: Please Full Fill All Field'],
  ])('refuses %j with a clear message', async (payload, message) => {
    const user = await signUp(ctx.app);
    const response = await post(user, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message } });
  });

  it('needs a session', async () => {
    expect((await post(null, valid)).statusCode).toBe(401);
  });
});

describe('verified-buyer reviews', () => {
  const review = {
    name: 'Bulk Buyer',
    img: 'https://example.com/bulk.png',
    customer_review: 'Bought plenty.',
    rating: 4,
  };
  const reviews = async () => (await ctx.app.inject({ method: 'GET', url: '/api/review' })).json<Review[]>();

  it('labels a review by an account with paid orders with the band of units it bought, listed first', async () => {
    const buyer = await signUp(ctx.app);
    const tool = await insertTool(ctx.db, { available: 100_000 });
    // Paid 150 + 400 units; an unpaid order and a cancelled one do not count.
    for (const quantity of [150, 400]) {
      const order = await placeOrderAs(ctx.app, buyer, tool.id, { quantity });
      await payOrderAs(ctx.app, buyer, order._id);
    }
    await placeOrderAs(ctx.app, buyer, tool.id, { quantity: 5000 });
    const cancelled = await placeOrderAs(ctx.app, buyer, tool.id, { quantity: 3000 });
    await injectAs(ctx.app, buyer, { method: 'DELETE', url: `/api/purchase/${cancelled._id}` });
    const posted = await injectAs(ctx.app, buyer, { method: 'POST', url: '/api/addreview', payload: review });
    expect(posted.statusCode, posted.body).toBe(201);
    // A newer review by someone who bought nothing still comes after it.
    await insertReview(ctx.db, { createdAt: new Date(Date.now() + 60_000) });

    const [first, second] = await reviews();
    expect(first).toMatchObject({ name: 'Bulk Buyer', verifiedBuyer: { unitsBand: '500–1,999' } });
    expect(second?.verifiedBuyer).toBeNull();
  });

  it('a review by an account without a paid order is not verified', async () => {
    const browser = await signUp(ctx.app);
    const tool = await insertTool(ctx.db);
    await placeOrderAs(ctx.app, browser, tool.id);
    const posted = await injectAs(ctx.app, browser, {
      method: 'POST',
      url: '/api/addreview',
      payload: { ...review, name: 'Window Shopper' },
    });
    const id = posted.json<{ insertedId: string }>().insertedId;
    expect((await reviews()).find((r) => r._id === id)?.verifiedBuyer).toBeNull();
  });

  it('cannot be set by the client', async () => {
    const user = await signUp(ctx.app);
    const response = await injectAs(ctx.app, user, {
      method: 'POST',
      url: '/api/addreview',
      payload: { ...review, verifiedBuyer: { unitsBand: '2,000+' } },
    });
    expect(response.statusCode).toBe(400);
  });
});

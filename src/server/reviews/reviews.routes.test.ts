import { NO_CONTROL_CHARACTERS } from '../../shared/api/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, injectAs, signUp } from '../test/auth-helpers';
import { insertReview } from '../test/factories';
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
      { _id: newer.id, name: newer.name, img: newer.imageUrl, customer_review: newer.text, rating: 3 },
      { _id: older.id, name: older.name, img: older.imageUrl, customer_review: older.text, rating: 5 },
    ]);
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
    expect(list.json<unknown[]>()[0]).toEqual({ _id: insertedId, ...valid });
  });

  it.each([
    [{ ...valid, rating: 0 }, 'rating: The rating must be a whole number from 1 to 5'],
    [{ ...valid, rating: 6 }, 'rating: The rating must be a whole number from 1 to 5'],
    [{ ...valid, rating: 3.5 }, 'rating: The rating must be a whole number from 1 to 5'],
    [{ ...valid, img: 'javascript:alert(1)' }, 'img: The picture must be an https:// web address'],
    [{ ...valid, img: 'http://example.com/me.png' }, 'img: The picture must be an https:// web address'],
    [{ ...valid, customer_review: 'Good\u0000tools' }, `customer_review: ${NO_CONTROL_CHARACTERS}`],
    [{ ...valid, customer_review: '   ' }, 'customer_review: Please Full Fill All Field'],
    [{ ...valid, name: '' }, 'name: Please Full Fill All Field'],
  ])('refuses %j with a clear message', async (payload, message) => {
    const user = await signUp(ctx.app);
    const response = await post(user, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message } });
  });

  it('needs a session', async () => {
    expect((await post(null, valid)).statusCode).toBe(401);
  });
});

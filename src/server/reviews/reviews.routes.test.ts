import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

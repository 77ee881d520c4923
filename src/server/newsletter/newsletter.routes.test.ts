import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsertResult } from '../../shared/api/common.schemas';
import { newsletterSubscribers } from '../db/schema';
import { createTestApp } from '../test/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.app.close();
});

const subscribe = (payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/subscribe', payload: payload as object });

describe('POST /api/subscribe', () => {
  it('stores the address once, whatever its case, and answers the same id again', async () => {
    const first = await subscribe({ email: 'Buyer@Example.com' });
    expect(first.statusCode).toBe(200);
    expect(first.json<InsertResult>()).toMatchObject({ acknowledged: true });
    expect(first.json<InsertResult>().insertedId).toMatch(/^[0-9a-f-]{36}$/);

    const second = await subscribe({ email: 'buyer@example.com' });
    expect(second.json()).toEqual(first.json());

    const rows = await ctx.db.select().from(newsletterSubscribers);
    expect(rows.map((row) => row.email)).toEqual(['buyer@example.com']);
  });

  it('rejects a malformed address with a message naming the field', async () => {
    const response = await subscribe({ email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Email: Please enter a valid email address',
        field: 'email',
      },
    });
  });

  it('rejects unknown fields and a missing body', async () => {
    const extra = await subscribe({ email: 'a@example.com', admin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: 'Unknown field: admin' } });

    const empty = await ctx.app.inject({ method: 'POST', url: '/api/subscribe' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_FAILED');
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('BAD_REQUEST');
  });
});

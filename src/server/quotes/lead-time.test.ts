import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../shared/api/errors';
import type { Quote } from '../../shared/api/quotes.schemas';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { daysFromToday, requestQuoteAs } from '../test/order-helpers';
import { createTestApp } from '../test/test-app';

/** A product's lead time (DESIGN §11) is a quote's default ship date for the units beyond the stock. */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  [admin, buyer] = await Promise.all([signUpAdmin(ctx.app, ctx.db), signUp(ctx.app)]);
});
afterAll(async () => {
  await ctx.app.close();
});

const answer = (quoteId: string) =>
  injectAs(ctx.app, admin, {
    method: 'PATCH',
    url: `/api/admin/quotes/${quoteId}`,
    payload: { unitPrice: 9.5, validUntil: daysFromToday(10) },
  });

describe('lead times in quotes', () => {
  it('dates the units beyond the stock by the product’s lead time when the answer gives no date', async () => {
    const slow = await insertTool(ctx.db, { available: 200, leadTimeDays: 21 });
    const quote = await requestQuoteAs(ctx.app, buyer, slow.id, 500);
    const response = await answer(quote._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Quote>().shipDate).toBe(daysFromToday(21));
  });

  it('still asks for a date when the product gives no lead time', async () => {
    const unknown = await insertTool(ctx.db, { available: 200 });
    const quote = await requestQuoteAs(ctx.app, buyer, unknown.id, 500);
    const response = await answer(quote._id);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error.message).toMatch(/ship/i);
  });
});

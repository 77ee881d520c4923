// @module-tag database-specific: two OrderRequests of one payloadID at once make one order (the connection's row lock)
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { punchoutOrders } from '../db/schema';
import { injectAs, signUpAdmin } from '../test/auth-helpers';
import { newCompany } from '../test/company-helpers';
import { insertTool } from '../test/factories';
import { shipsToUk } from '../test/order-helpers';
import { type Credential, orderRequest } from '../test/procurement-system';
import { createTestApp } from '../test/test-app';

/**
 * A procurement system that times out and sends its purchase order again while the first is being
 * placed (DESIGN §11): both are answered 200 with the same order, and there is one.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const coupa: Credential = {
  domain: 'NetworkId',
  identity: 'COUPA-RACE',
  secret: 'a shared secret for the race',
};

beforeAll(async () => {
  ctx = await createTestApp({ env: { PUNCHOUT_ALLOW_LOCAL: 'true' } });
  await shipsToUk(ctx.db);
});
afterAll(async () => {
  await ctx.app.close();
});

it('places one order for two OrderRequests of one payloadID sent at once', async () => {
  const shopAdmin = await signUpAdmin(ctx.app, ctx.db);
  const { companyId } = await newCompany(ctx.app, 'Racing Buyers Ltd');
  const tool = await insertTool(ctx.db, { priceCents: 1000, available: 10_000 });
  const made = await injectAs(ctx.app, shopAdmin, {
    method: 'POST',
    url: '/api/admin/punchout-connections',
    payload: {
      companyId,
      protocol: 'cxml',
      systemName: 'Coupa',
      senderDomain: coupa.domain,
      senderIdentity: coupa.identity,
      sharedSecret: coupa.secret,
      returnHosts: ['coupa.example.com'],
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  const po = orderRequest(coupa, {
    payloadId: 'race@coupa',
    orderId: 'PO-RACE',
    total: 1000,
    items: [{ sku: tool.sku, quantity: 100, unitPrice: 10 }],
  });
  const send = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/punchout/cxml',
      headers: { 'content-type': 'text/xml' },
      payload: po,
    });
  const answers = await Promise.all([send(), send()]);
  const orderNumbers = answers.map((answer) => /Order (\d+)/.exec(answer.body)?.[1]);
  expect(answers.map((answer) => /<Status code="(\d+)"/.exec(answer.body)?.[1])).toEqual(['200', '200']);
  expect(orderNumbers[0]).toBeDefined();
  expect(orderNumbers[1]).toBe(orderNumbers[0]);
  const kept = await ctx.db.select().from(punchoutOrders).where(eq(punchoutOrders.payloadId, 'race@coupa'));
  expect(kept).toHaveLength(1);
});

// @module-tag database-specific: many orders at once on one product's stock: row locks and conditional updates, which only PostgreSQL runs concurrently
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, products } from '../db/schema';
import { type TestUser, injectAs, signUp } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { createTestApp } from '../test/test-app';

// PGlite runs one statement at a time, so only a real PostgreSQL can show what concurrency does.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let buyer: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  buyer = await signUp(ctx.app);
});
afterAll(async () => {
  await ctx.app.close();
});

describe.runIf(onPostgres)('stock under concurrent orders (PostgreSQL)', () => {
  it(
    '50 simultaneous orders against stock for 5: exactly 5 succeed, stock ends at 0, 20 times over',
    { timeout: 120_000 },
    async () => {
      for (let round = 0; round < 20; round += 1) {
        const tool = await insertTool(ctx.db, { minOrder: 100, available: 500 });
        const responses = await Promise.all(
          Array.from({ length: 50 }, () =>
            injectAs(ctx.app, buyer, {
              method: 'POST',
              url: '/api/purchase',
              payload: { toolId: tool.id, name: 'Rush', address: 'Dock 4', number: '5550199', quantity: 100 },
            }),
          ),
        );
        const statuses = responses.map((response) => response.statusCode);
        expect(statuses.filter((status) => status === 201)).toHaveLength(5);
        expect(statuses.filter((status) => status === 409)).toHaveLength(45);

        const [stock] = await ctx.db
          .select({ available: products.available })
          .from(products)
          .where(eq(products.id, tool.id));
        expect(stock?.available).toBe(0);
        const [reserved] = await ctx.db
          .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
          .from(orderLines)
          .where(eq(orderLines.productId, tool.id));
        expect(reserved?.units).toBe(500);
      }
    },
  );
});

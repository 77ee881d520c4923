import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scheduleJobs } from '../jobs/scheduler';
import { mailOutbox } from '../db/schema';
import { injectAs, signUp } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { delivery, payOrderAs, placeOrderAs } from '../test/order-helpers';
import { createTestApp } from '../test/test-app';
import { createAppMetrics } from './metrics';

/** GET /metrics: off unless METRICS_TOKEN is set, then only for its bearer; what it counts. */
const TOKEN = 'metrics-token-for-tests-0123456789';
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await ctx.app.close();
});

const scrape = async (authorization = `Bearer ${TOKEN}`) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });

/** The value of one series in a scrape, e.g. valueOf(text, 'shop_orders_placed_total{path="cart"'). */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((entry) => entry.startsWith(series));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('GET /metrics', () => {
  it('is not there without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.app.close();
    }
  });

  it('answers only the bearer of the token', async () => {
    for (const authorization of ['', 'Bearer wrong', TOKEN, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`]) {
      const refused = await scrape(authorization);
      expect(refused.statusCode, authorization).toBe(401);
      expect(refused.body).not.toContain('http_requests_total');
    }
    const answered = await scrape();
    expect(answered.statusCode).toBe(200);
    expect(answered.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answered.body).toContain('process_resident_memory_bytes');
  });

  it('counts requests and errors by route pattern, latency, orders by path and the mail outbox', async () => {
    const before = (await scrape()).body;
    const tool = await insertTool(ctx.db, {});
    const buyer = await signUp(ctx.app);
    await injectAs(ctx.app, null, { method: 'GET', url: `/api/buyNow/${tool.id}` });
    const placed = await injectAs(ctx.app, buyer, {
      method: 'POST',
      url: '/api/purchase',
      payload: { ...delivery, toolId: tool.id, quantity: 100 },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const after = (await scrape()).body;

    const route = 'http_requests_total{method="GET",route="/api/buyNow/:id",status_code="200"}';
    expect(valueOf(after, route) - valueOf(before, route)).toBe(1);
    // A route's pattern, never an id.
    expect(after).not.toContain(tool.id);
    expect(after).toMatch(
      /http_request_duration_seconds_bucket\{le="[0-9.]+",method="POST",route="\/api\/purchase",status_code="201"\}/,
    );
    const orders = 'shop_orders_placed_total{path="buy_form",status="unpaid",payment_method="card"}';
    expect(valueOf(after, orders) - valueOf(before, orders)).toBe(1);
  });

  it('counts the mail outbox: what waits, and how long the oldest has waited', async () => {
    // A mail due in an hour: the app's mail worker leaves it waiting (one due now it may send at once).
    await ctx.db.insert(mailOutbox).values({
      toAddress: 'waiting@example.com',
      subject: 'Waits',
      textBody: 'Waits',
      htmlBody: '<p>Waits</p>',
      nextAttemptAt: new Date(Date.now() + 3_600_000),
      createdAt: new Date(Date.now() - 60_000),
    });
    const scraped = (await scrape()).body;
    expect(valueOf(scraped, 'mail_outbox_messages{status="pending"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(scraped, 'mail_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(59);
  });

  it('counts card payments settled, and the PostgreSQL pool’s connections by state', async () => {
    const before = (await scrape()).body;
    const buyer = await signUp(ctx.app);
    const order = await placeOrderAs(ctx.app, buyer, (await insertTool(ctx.db, {})).id);
    await payOrderAs(ctx.app, buyer, order._id);
    const after = (await scrape()).body;
    const paid = 'shop_payments_total{outcome="paid"}';
    expect(valueOf(after, paid) - valueOf(before, paid)).toBe(1);
    if (process.env.TEST_DATABASE_URL) {
      expect(valueOf(after, 'db_pool_connections{state="max"}')).toBeGreaterThan(0);
      expect(valueOf(after, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
    } else {
      // The embedded database has no pool.
      expect(after).not.toContain('db_pool_connections{');
    }
  });

  it('tells what the catalog caches hold, as their bounds count it', async () => {
    await insertTool(ctx.db, {});
    await injectAs(ctx.app, null, { method: 'GET', url: '/api/catalog?sort=newest' });
    const held = valueOf((await scrape()).body, 'shop_cache_bytes{cache="catalog"}');
    // At least one answer of at least one product, with its serialized bytes.
    expect(held).toBeGreaterThan(1024 + 1536);
    expect((await scrape()).body).toContain('shop_cache_bytes{cache="contract_catalog"}');
  });
});

describe('job metrics', () => {
  it('count runs by outcome and tell how far a job is behind its schedule', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] });
    try {
      const app = Fastify();
      const metrics = createAppMetrics(app, { db: ctx.db });
      let fail = false;
      const stop = scheduleJobs(
        [
          {
            name: 'sweep',
            everyMs: 60_000,
            run: async () => {
              if (fail) throw new Error('down');
              return {};
            },
          },
        ],
        { info: () => {}, error: () => {} } as never,
        metrics.jobs,
      );
      await vi.advanceTimersByTimeAsync(1000);
      fail = true;
      await vi.advanceTimersByTimeAsync(60_000 * 3);
      const text = await metrics.registry.metrics();
      expect(valueOf(text, 'shop_job_runs_total{job="sweep",outcome="ok"}')).toBe(1);
      expect(valueOf(text, 'shop_job_runs_total{job="sweep",outcome="failed"}')).toBe(3);
      // Last finished at 1 s, due every 60 s: at 181 s it is 120 s behind.
      expect(valueOf(text, 'shop_job_lag_seconds{job="sweep"}')).toBe(120);
      await stop();
      await app.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

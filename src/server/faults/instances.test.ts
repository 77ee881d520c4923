// @module-tag database-specific: several processes on one database: sweeps, caches and limits across instances
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '../../shared/api/catalog.schemas';
import { createCatalogCache } from '../catalog/catalog-cache';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { orderLines, orders, products } from '../db/schema';
import { expireOverdueOrders } from '../orders/expire-orders';
import { createTestPaymentProvider } from '../payments/test-provider';
import { insertTool } from '../test/factories';
import { databaseUrl, onServer } from '../test/global-setup';
import { type ServerProcess, startServerProcess } from '../test/server-process';
import { ShopClient } from '../test/shop-client';
import { startSmtpCatcher } from '../test/smtp-catcher';
import { testMailContext } from '../test/mail-context';

/**
 * N identical processes on one PostgreSQL are correct, not merely possible. Two real
 * server processes share one database: rate limits, the generated auth secret and catalog changes are
 * shared; two expiry sweeps never deadlock; SIGTERM drains and exits promptly.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? '';

describe.skipIf(!serverUrl)('two instances on one PostgreSQL', () => {
  const name = `toolshop_instances_${randomBytes(4).toString('hex')}`;
  const url = serverUrl ? databaseUrl(serverUrl, name) : '';
  let a: ServerProcess;
  let b: ServerProcess;
  let urlA: string;
  let urlB: string;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

  beforeAll(async () => {
    await onServer(serverUrl, `create database ${name}`);
    // No AUTH_SECRET: the instances must agree on the one they generate.
    smtp = await startSmtpCatcher();
    const env = {
      DATABASE_URL: url,
      DATA_DIR: 'memory://',
      ADMIN_EMAILS: 'owner@instances.test',
      SMTP_URL: smtp.url,
      // The expiry sweep test counts what its own two sweeps expire: the instances' jobs must not take
      // a batch of them first (on a loaded machine that test outlasts their 60 s period).
      ORDER_EXPIRY_EVERY_SECONDS: '0',
    };
    // B logs each request it receives: the shutdown test waits for its request to have arrived.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess({ ...env, LOG_LEVEL: 'info' })]);
    [urlA, urlB] = await Promise.all([a.url(), b.url()]);
  });
  afterAll(async () => {
    for (const server of [a, b] as (ServerProcess | undefined)[]) server?.child.kill('SIGKILL');
    await smtp.close();
    await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  });

  it('signs sessions alike: signed up on one, signed in on the other', async () => {
    const customer = await new ShopClient(urlA).signUp();
    const onB = await customer.at(urlB).call('GET', '/api/auth/get-session');
    expect((await onB.json()) as { user: { email: string } }).toMatchObject({
      user: { email: customer.email },
    });
  });

  it('counts sign-in attempts together', async () => {
    const attempt = (base: string) =>
      new ShopClient(base).call('POST', '/api/auth/sign-in/email', {
        email: 'someone@instances.test',
        password: 'not-the-password',
      });
    const statuses: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      statuses.push((await attempt(urlA)).status, (await attempt(urlB)).status);
    }
    // Five failures an account, counted in the database: three on each instance would pass alone.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('drops the other instance’s cached catalog within milliseconds of a change', async () => {
    const owner = new ShopClient(urlA);
    Object.assign(owner, { email: 'owner@instances.test' });
    await owner.signUp(smtp);
    const before = await owner.at(urlB).tools(); // B now holds the list (for 30 s, were it not told).
    const added = await owner.call('POST', '/api/addproduct', {
      sku: 'CROSS-1',
      category: 'Wrenches',
      name: 'Cross-instance Wrench',
      img: 'https://example.com/wrench.png',
      dis: 'Added on instance A',
      min_order: 100,
      available: 5000,
      price: 12.5,
    });
    expect(added.status).toBe(201);
    /** How long until B's home grid shows what `seen` looks for (-1: not within 5 s). */
    const msUntilB = async (seen: (tools: Tool[]) => boolean) => {
      const started = Date.now();
      while (Date.now() - started < 5000) {
        if (seen(await owner.at(urlB).tools())) return Date.now() - started;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return -1;
    };
    const seenAfterMs = await msUntilB((tools) => tools.length === before.length + 1);
    console.info(`catalog change on A seen on B after ${seenAfterMs} ms`);
    // Within 5 s, where B's cached answer lives 30 s: the notification, not the cache's age, told B.
    expect(seenAfterMs).toBeGreaterThanOrEqual(0);

    // An order on A moves the stock that B's cached answers show.
    const { insertedId } = (await added.json()) as { insertedId: string };
    expect(await owner.placeOrder(insertedId, 100)).not.toBeNull();
    const stockSeenAfterMs = await msUntilB(
      (tools) => tools.find((tool) => tool._id === insertedId)?.available === 4900,
    );
    console.info(`stock change on A seen on B after ${stockSeenAfterMs} ms`);
    expect(stockSeenAfterMs).toBeGreaterThanOrEqual(0);
  });

  it('runs two expiry sweeps over 600 overdue orders at once without a deadlock, three times', async () => {
    const handles: DatabaseHandle[] = await Promise.all(
      [1, 2].map(() => openDatabase({ databaseUrl: url, dataDir: 'unused' })),
    );
    try {
      const [first] = handles as [DatabaseHandle];
      const tools = await Promise.all(
        [1, 2, 3, 4, 5, 6].map(() => insertTool(first.db, { available: 1000 })),
      );
      for (let round = 0; round < 3; round += 1) {
        const past = new Date(Date.now() - 3_600_000);
        const placed = await first.db
          .insert(orders)
          .values(
            Array.from({ length: 600 }, () => ({
              buyerName: 'Sweep',
              email: 'sweep@instances.test',
              address: 'Here',
              phone: '555',
              quantity: 1,
              amountCents: 100,
              subtotalCents: 100,
              holdExpiresAt: past,
            })),
          )
          .returning({ id: orders.id });
        await first.db.insert(orderLines).values(
          placed.map(({ id }, n) => {
            const tool = tools[(n * 7 + round) % tools.length] ?? tools[0];
            if (!tool) throw new Error('no tool');
            return {
              orderId: id,
              lineNumber: 1,
              productId: tool.id,
              name: tool.name,
              quantity: 1,
              unitPriceCents: 100,
              amountCents: 100,
              subtotalCents: 100,
              priceSource: 'tier' as const,
              priceSourceRef: null,
            };
          }),
        );
        const sweeps = handles.map((handle) =>
          expireOverdueOrders({
            db: handle.db,
            catalogCache: createCatalogCache({ maxAgeMs: 0 }),
            provider: createTestPaymentProvider(handle.db),
            mail: testMailContext(),
          }).then(async function more(count): Promise<number> {
            return count === 0
              ? 0
              : count +
                  (await expireOverdueOrders({
                    db: handle.db,
                    catalogCache: createCatalogCache({ maxAgeMs: 0 }),
                    provider: createTestPaymentProvider(handle.db),
                    mail: testMailContext(),
                  }).then(more));
          }),
        );
        const counts = await Promise.all(sweeps);
        expect(counts.reduce((sum, count) => sum + count, 0)).toBe(600);
      }
      // The orders were written straight in, reserving nothing: every unit they held comes back once.
      const stock = await first.db
        .select({ available: products.available })
        .from(products)
        .where(
          inArray(
            products.id,
            tools.map((tool) => tool.id),
          ),
        );
      expect(stock.reduce((sum, row) => sum + row.available, 0)).toBe(6 * 1000 + 3 * 600);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
    // 3,600 expiries take 9 s alone and over a minute on a busy shared PostgreSQL (every CI stage at
    // once); a deadlock is PostgreSQL's error, not a wait, so the longer limit hides none.
  }, 180_000);

  it('finishes a request in flight on SIGTERM, closes idle keep-alive connections, and exits 0 promptly', async () => {
    const port = Number(new URL(urlB).port);
    // An idle keep-alive connection that has made one request.
    const idle = connect(port, '127.0.0.1');
    idle.write(`GET /api/healthz HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
    await new Promise((resolve) => idle.once('data', resolve));

    // A request in flight: its body arrives after the signal.
    const body = JSON.stringify({ email: 'late-subscriber@instances.test' });
    const slow = connect(port, '127.0.0.1');
    slow.write(
      `POST /api/subscribe HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, 10)}`,
    );
    // The request is in flight (B has read its headers) when the signal comes.
    await b.printed(/"url":"\/api\/subscribe"/);
    b.child.kill('SIGTERM');
    // The signal is handled (B says it is shutting down) before the rest of the body goes.
    await b.printed(/shutting down/);
    let answer = '';
    slow.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const answered = new Promise((resolve) => slow.once('data', resolve));
    slow.write(body.slice(10));
    await answered;
    const lastResponseAt = Date.now();
    const code = await b.exited;
    const shutdownMs = Date.now() - lastResponseAt;
    console.info(`SIGTERM: exit ${code} ${shutdownMs} ms after the last response`);
    expect(answer).toMatch(/^HTTP\/1\.1 20\d/);
    // Exit code 0 says the grace period (10 s) did not run out; nor did half of it pass.
    expect(code).toBe(0);
    expect(shutdownMs).toBeLessThan(5000);
    idle.destroy();
    slow.destroy();
  });
});

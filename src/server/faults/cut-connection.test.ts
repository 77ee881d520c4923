// @module-tag database-specific: PostgreSQL ends the shop's connections, in and out of transactions
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/database';
import { injectAs, signUp } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { databaseUrl, onServer } from '../test/global-setup';
import { PROCESS_TEST_TIMEOUT_MS, startServerProcess } from '../test/server-process';
import { ShopClient } from '../test/shop-client';
import { startSmtpCatcher } from '../test/smtp-catcher';

/**
 * A connection PostgreSQL ends while the shop has it checked out, in the middle of a transaction
 * (pg_terminate_backend, a failover, idle_in_transaction_session_timeout after a stalled event loop),
 * costs the request it served a 503 with Retry-After, never the process. node-postgres's pool takes
 * its error listener off a client while a request holds it, and the 'error' event ended the process
 * within a second ("Unhandled 'error' event … terminating connection").
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? '';

/** Ends every connection of `database` but the caller's own; answers how many it ended. */
async function terminateBackendsOf(admin: pg.Client, database: string): Promise<number> {
  const { rowCount } = await admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  return rowCount ?? 0;
}

describe.skipIf(!serverUrl)('PostgreSQL ends the shop’s connections', () => {
  const name = `toolshop_cut_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });

  beforeAll(async () => {
    await onServer(serverUrl, `create database ${name} template ${inject('postgresTemplate')}`);
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  });

  it('answers the request whose transaction lost its connection 503, and serves the next', async () => {
    const told: string[] = [];
    const database = await openDatabase({
      databaseUrl: databaseUrl(serverUrl, name),
      dataDir: 'unused',
      onConnectionError: (error) => told.push(error.message),
    });
    const app = await buildApp({
      config: loadConfig({ SEED_DEMO: 'false', RATE_LIMIT_SCALE: '1000' }),
      authSecret: 'test-secret-test-secret-test-secret-0123',
      database,
      catalogCacheMs: 0,
      backgroundJobs: false,
    });
    await app.ready();
    try {
      const tool = await insertTool(database.db, { available: 10_000 });
      const customer = await signUp(app);
      // A transaction that has run a statement and is cut before its next one.
      const cut = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await terminateBackendsOf(admin, name);
        await sleep(200);
        await tx.execute(sql`select 1`);
      });
      await expect(cut).rejects.toThrow();
      expect(
        told.some((message) => /terminat/i.test(message)),
        told.join('; '),
      ).toBe(true);

      // The same through a request: its session read, then the order, each on a connection PostgreSQL
      // may end at any moment; a refusal is a 503 with Retry-After, and the order goes through after.
      await terminateBackendsOf(admin, name);
      const order = () =>
        injectAs(app, customer, {
          method: 'POST',
          url: '/api/purchase',
          payload: { toolId: tool.id, quantity: 100, name: 'Pat', address: '1 Road', number: '5550100' },
        });
      const answer = await order();
      expect([201, 503], answer.body).toContain(answer.statusCode);
      if (answer.statusCode === 503) {
        expect(answer.headers['retry-after']).toBeDefined();
        const again = await order();
        expect(again.statusCode, again.body).toBe(201);
      }
      const mine = await injectAs(app, customer, {
        method: 'GET',
        url: `/api/purchase?email=${customer.email}`,
      });
      expect(mine.json<unknown[]>()).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it(
    'keeps the process serving while its connections are ended again and again under order load, and loses no acknowledged order',
    async () => {
      const smtp = await startSmtpCatcher();
      const shop = await startServerProcess({
        DATABASE_URL: databaseUrl(serverUrl, name),
        DATA_DIR: 'memory://',
        SMTP_URL: smtp.url,
        SEED_DEMO: 'true',
        AUTH_SECRET: 'cut-connection-secret-cut-connection-0',
      });
      let died = false;
      void shop.exited.then(() => (died = true));
      try {
        const url = await shop.url();
        const customers = await Promise.all([1, 2, 3, 4].map(() => new ShopClient(url).signUp(smtp)));
        const [first] = customers;
        if (!first) throw new Error('no customer');
        const tools = await first.tools();
        const acknowledged: { customer: ShopClient; id: string }[] = [];
        const refusals: { status: number; retryAfter: string | null; body?: string }[] = [];
        let stop = false;
        const load = customers.map(async (customer, n) => {
          for (let i = 0; !stop; i += 1) {
            const tool = tools[(n + i) % tools.length];
            if (!tool) return;
            const response = await customer.call('POST', '/api/purchase', {
              toolId: tool._id,
              name: 'Process Tester',
              address: '1 Test Street',
              number: '5550100',
              quantity: Math.max(tool.min_order, 100),
            });
            if (response.status === 201) {
              acknowledged.push({
                customer,
                id: ((await response.json()) as { insertedId: string }).insertedId,
              });
            } else {
              refusals.push({
                status: response.status,
                retryAfter: response.headers.get('retry-after'),
                body: await response.text(),
              });
            }
          }
        });
        // Twenty rounds of every connection ended, 150 ms apart, while the orders flow.
        let ended = 0;
        for (let round = 0; round < 20 && shop.child.exitCode === null; round += 1) {
          await sleep(150);
          ended += await terminateBackendsOf(admin, name);
        }
        // Then the orders go on until one more is acknowledged: the process took orders again once its
        // connections were left alone (on a busy machine none may have fitted between the cuts; the
        // test waits for the event, not for a share of a wall-clock budget).
        const before = acknowledged.length;
        while (acknowledged.length === before && shop.child.exitCode === null) await sleep(50);
        stop = true;
        await Promise.all(load);
        expect(died, shop.output()).toBe(false);
        expect((await fetch(`${url}/api/healthz`)).status).toBe(200);
        // Every refusal said it was the database, and when to try again (or that the demo stock ran out).
        const soldOut = (refusal: { status: number; body?: string }) =>
          refusal.status === 409 && refusal.body?.includes('OUT_OF_STOCK');
        expect(
          refusals.filter((refusal) => !soldOut(refusal) && (refusal.status !== 503 || !refusal.retryAfter)),
        ).toEqual([]);
        const stored = new Set(
          (await Promise.all(customers.map((customer) => customer.myOrders())))
            .flat()
            .map((order) => order._id),
        );
        expect(acknowledged.filter(({ id }) => !stored.has(id))).toEqual([]);
        expect(acknowledged.length).toBeGreaterThan(before);
        console.info(
          `cut connections: ${ended} backends ended in 20 rounds; ${acknowledged.length} orders acknowledged, ${refusals.filter((refusal) => refusal.status === 503).length} refused 503, the process lived`,
        );
      } finally {
        shop.child.kill('SIGKILL');
        await shop.exited;
        await smtp.close();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

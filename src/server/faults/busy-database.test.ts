// @module-tag database-specific: a busy PostgreSQL is not a down one: lock waits, a full pool, sessions, punchout
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/database';
import { sessions } from '../db/schema';
import { injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { newCompany } from '../test/company-helpers';
import { insertTool } from '../test/factories';
import { databaseUrl, onServer } from '../test/global-setup';
import { shipsToUk } from '../test/order-helpers';
import { type Credential, orderRequest } from '../test/procurement-system';
import { rememberTestApp } from '../test/test-app';
import { PROCESS_TEST_TIMEOUT_MS, type ServerProcess, startServerProcess } from '../test/server-process';

/**
 * Under contention the shop says "busy, try again in a second", not "cannot reach its database":
 * a statement timeout that chained lock waits ran into, a request that waited for a pooled connection
 * while the database answered the others, a session read that met a lock, and a punchout OrderRequest
 * that met any of these (cXML 560, retryable, where it answered a final 500). Under contention 25 of
 * 40 orders had been told the database was unreachable. Readiness calls such a database busy, not down.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const busyMessage =
  'Other orders are changing the same stock or account at this moment. Nothing was changed; please try again.';

describe.skipIf(!serverUrl)('a busy PostgreSQL', () => {
  const name = `toolshop_busy_${randomBytes(4).toString('hex')}`;
  const url = serverUrl ? databaseUrl(serverUrl, name) : '';
  const holder = new pg.Client({ connectionString: url });
  // Watches pg_stat_activity from outside any transaction (inside one, it is a snapshot).
  const watcher = new pg.Client({ connectionString: url });

  beforeAll(async () => {
    await onServer(serverUrl, `create database ${name} template ${inject('postgresTemplate')}`);
    await holder.connect();
    await watcher.connect();
  });
  afterAll(async () => {
    await holder.end();
    await watcher.end();
    await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  });

  /** The shop on this database with the given limits (ms); closed by the caller. */
  async function shopWith(timeouts: { connectMs: number; statementMs: number; lockMs: number }) {
    const database = await openDatabase({ databaseUrl: url, dataDir: 'unused', timeouts });
    const config = loadConfig({
      SEED_DEMO: 'false',
      RATE_LIMIT_SCALE: '1000',
      MAX_UNPAID_ORDERS: '1000',
      PUNCHOUT_ALLOW_LOCAL: 'true',
    });
    const app = await buildApp({
      config,
      authSecret: 'test-secret-test-secret-test-secret-0123',
      database,
      catalogCacheMs: 0,
      backgroundJobs: false,
    });
    await app.ready();
    rememberTestApp(app, database.db, config.publicUrl);
    return { app, db: database.db };
  }

  /** Waits (up to 10 s) until `count` of the shop's statements wait for a lock; answers how many do. */
  async function lockWaits(count: number): Promise<number> {
    let waiting = 0;
    for (let waited = 0; waited < 10_000; waited += 50) {
      const { rowCount } = await watcher.query(
        "select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      waiting = rowCount ?? 0;
      if (waiting >= count) break;
      await sleep(50);
    }
    return waiting;
  }

  const orderOf = (toolId: string) => ({
    method: 'POST' as const,
    url: '/api/purchase',
    payload: { toolId, quantity: 100, name: 'Pat', address: '1 Road', number: '5550100' },
  });

  it('calls a statement timeout that lock waits ran into busy, with Retry-After 1', async () => {
    // Each lock wait is under the lock timeout; the statement's time runs out first.
    const { app, db } = await shopWith({ connectMs: 5000, statementMs: 800, lockMs: 5000 });
    try {
      const tool = await insertTool(db, { available: 10_000 });
      const customer = await signUp(app);
      await holder.query('begin');
      await holder.query('select id from products where id = $1 for update', [tool.id]);
      const order = await injectAs(app, customer, orderOf(tool.id));
      await holder.query('rollback');
      expect(order.statusCode, order.body).toBe(503);
      expect(order.headers['retry-after']).toBe('1');
      expect(order.json<{ error: { message: string } }>().error.message).toBe(busyMessage);
    } finally {
      await holder.query('rollback');
      await app.close();
    }
  });

  it('calls a wait for a pooled connection busy while the database answers, and readiness says busy, not down', async () => {
    const { app, db } = await shopWith({ connectMs: 1000, statementMs: 10_000, lockMs: 8000 });
    try {
      const tool = await insertTool(db, { available: 100_000 });
      const customer = await signUp(app);
      await holder.query('begin');
      await holder.query('select id from products where id = $1 for update', [tool.id]);
      // Ten orders wait for the product's row, each holding one of the pool's ten connections (an
      // injected request starts once it is awaited: `then` starts it now).
      const waiting = Array.from({ length: 10 }, () =>
        injectAs(app, customer, orderOf(tool.id)).then((response) => response),
      );
      expect(await lockWaits(10)).toBe(10);
      // The eleventh finds no free connection within the second it may wait.
      const eleventh = await injectAs(app, customer, { method: 'GET', url: `/api/purchase/${tool.id}` });
      expect(eleventh.statusCode, eleventh.body).toBe(503);
      expect(eleventh.headers['retry-after']).toBe('1');
      expect(eleventh.json<{ error: { message: string } }>().error.message).toBe(busyMessage);
      const ready = await app.inject({ method: 'GET', url: '/api/readyz' });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready', database: 'busy' });
      await holder.query('rollback');
      const placed = await Promise.all(waiting);
      expect(placed.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    } finally {
      await holder.query('rollback');
      await app.close();
    }
  });

  it('answers a session read that met a lock 503, not better-auth’s 500', async () => {
    const { app, db } = await shopWith({ connectMs: 5000, statementMs: 5000, lockMs: 500 });
    try {
      const customer = await signUp(app);
      // A session a day old is renewed as it is read; another transaction holds its row.
      const [row] = await db
        .update(sessions)
        .set({
          expiresAt: new Date(Date.now() + 5 * 86_400_000),
          updatedAt: new Date(Date.now() - 2 * 86_400_000),
        })
        .where(eq(sessions.userId, customer.id))
        .returning({ id: sessions.id });
      await holder.query('begin');
      await holder.query('select id from sessions where id = $1 for update', [row?.id]);
      const mine = await injectAs(app, customer, {
        method: 'GET',
        url: `/api/purchase?email=${customer.email}`,
      });
      await holder.query('rollback');
      expect(mine.statusCode, mine.body).toBe(503);
      expect(mine.headers['retry-after']).toBeDefined();
      const again = await injectAs(app, customer, {
        method: 'GET',
        url: `/api/purchase?email=${customer.email}`,
      });
      expect(again.statusCode, again.body).toBe(200);
    } finally {
      await holder.query('rollback');
      await app.close();
    }
  });

  it(
    'lets a start that meets a busy database try the demo seed again, instead of exiting with a stack trace',
    async () => {
      const fresh = `toolshop_busy_start_${randomBytes(4).toString('hex')}`;
      await onServer(serverUrl, `create database ${fresh} template ${inject('postgresTemplate')}`);
      const freshUrl = databaseUrl(serverUrl, fresh);
      const other = new pg.Client({ connectionString: freshUrl });
      await other.connect();
      let shop: ServerProcess | undefined;
      try {
        // Another process is seeding the same key and has not committed yet.
        await other.query('begin');
        await other.query(`insert into app_meta (key, value) values ('demo_seeded', 'in progress')`);
        shop = await startServerProcess({
          DATABASE_URL: freshUrl,
          DATA_DIR: 'memory://',
          SEED_DEMO: 'true',
          DB_LOCK_TIMEOUT_MS: '300',
          AUTH_SECRET: 'busy-start-secret-busy-start-secret-01',
        });
        await shop.printed(/slow or busy while adding the demo catalog/);
        await other.query('rollback');
        await shop.printed(/Seeded the demo catalog/, 60_000);
        await shop.url();
        expect(shop.output()).not.toMatch(/\n\s+at /);
      } finally {
        shop?.child.kill('SIGKILL');
        await shop?.exited;
        await other.query('rollback');
        await other.end();
        await onServer(serverUrl, `drop database if exists ${fresh} with (force)`);
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  describe('a punchout OrderRequest', () => {
    let coupa: Credential;

    /** A company with a cXML connection, and a product to order; answers the product and company. */
    async function connected(
      app: Awaited<ReturnType<typeof shopWith>>['app'],
      db: Awaited<ReturnType<typeof shopWith>>['db'],
    ) {
      await shipsToUk(db);
      coupa = {
        domain: 'NetworkId',
        identity: `COUPA-${randomBytes(3).toString('hex')}`,
        secret: 'a shared secret, busy',
      };
      const shopAdmin = await signUpAdmin(app, db);
      const { companyId } = await newCompany(app, `Busy Buyers ${randomBytes(3).toString('hex')}`);
      const made = await injectAs(app, shopAdmin, {
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
      const tool = await insertTool(db, { priceCents: 1000, available: 10_000 });
      return { tool, companyId };
    }

    const send = (app: Awaited<ReturnType<typeof shopWith>>['app'], sku: string, payloadId: string) =>
      app.inject({
        method: 'POST',
        url: '/punchout/cxml',
        headers: { 'content-type': 'text/xml' },
        payload: orderRequest(coupa, {
          payloadId,
          orderId: `PO-${payloadId}`,
          total: 1000,
          items: [{ sku, quantity: 100, unitPrice: 10 }],
        }),
      });

    it('that met a held lock is a temporary error to send again (cXML 560, HTTP 503, Retry-After), and the resend is placed', async () => {
      const { app, db } = await shopWith({ connectMs: 5000, statementMs: 5000, lockMs: 500 });
      try {
        const { tool } = await connected(app, db);
        await holder.query('begin');
        await holder.query('select id from products where id = $1 for update', [tool.id]);
        const refused = await send(app, tool.sku, 'busy-1@coupa');
        await holder.query('rollback');
        expect(refused.statusCode, refused.body).toBe(503);
        expect(refused.headers['retry-after']).toBe('1');
        expect(refused.body).toMatch(/<Status code="560" text="Temporary server error"/);
        const resent = await send(app, tool.sku, 'busy-1@coupa');
        expect(resent.statusCode, resent.body).toBe(200);
        expect(resent.body).toMatch(/<Status code="200"/);
      } finally {
        await holder.query('rollback');
        await app.close();
      }
    });

    it('takes the buyer’s company row before the products’, as every other way of ordering does', async () => {
      const { app, db } = await shopWith({ connectMs: 5000, statementMs: 10_000, lockMs: 8000 });
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        const { tool, companyId } = await connected(app, db);
        // A colleague's checkout holds the company's row (and would take the products' next).
        await holder.query('begin');
        await holder.query('select id from companies where id = $1 for update', [companyId]);
        const sending = send(app, tool.sku, 'order-of-locks@coupa').then((response) => response);
        expect(await lockWaits(1)).toBe(1);
        // While the OrderRequest waits for the company, it holds no product: the colleague can go on.
        await other.query('begin');
        await expect(
          other.query('select id from products where id = $1 for update nowait', [tool.id]),
        ).resolves.toBeDefined();
        await other.query('rollback');
        await holder.query('rollback');
        const placed = await sending;
        expect(placed.statusCode, placed.body).toBe(200);
      } finally {
        await other.query('rollback');
        await other.end();
        await holder.query('rollback');
        await app.close();
      }
    });
  });
});

describe.skipIf(Boolean(serverUrl))('a busy embedded database', () => {
  it('is not called down when its readiness check is slow on a starved machine while it answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolshop-busy-'));
    const database = await openDatabase({ dataDir: dir });
    const app = await buildApp({
      config: loadConfig({ SEED_DEMO: 'false', DATA_DIR: dir }),
      authSecret: 'test-secret-test-secret-test-secret-0123',
      database,
      catalogCacheMs: 0,
      backgroundJobs: false,
    });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/readyz' })).json()).toMatchObject({
        database: 'ok',
      });
      // The machine's threads are taken (libuv's pool: file writes, hashing): each of the pool's threads
      // opens a named pipe nobody writes to and waits there until the test lets it go, however long the
      // check takes on a busy machine (a wall-clock amount of hashing once let the check's probe through).
      const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
      const pipes = Array.from({ length: threads }, (_, n) => join(dir, `held-${n}`));
      for (const pipe of pipes) execFileSync('mkfifo', [pipe]);
      const taken = pipes.map((pipe) => readFile(pipe));
      const ready = await app.inject({ method: 'GET', url: '/api/readyz' });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready', database: 'busy' });
      // A writer opened and closed on each pipe ends its reader (its open is already waiting: the probe
      // waited for a thread).
      for (const pipe of pipes) closeSync(openSync(pipe, constants.O_WRONLY | constants.O_NONBLOCK));
      await Promise.all(taken);
      expect((await app.inject({ method: 'GET', url: '/api/readyz' })).json()).toMatchObject({
        database: 'ok',
      });
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

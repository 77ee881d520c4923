// @module-tag database-specific: a stalled or stopped database: timeouts and reconnection
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { DatabaseUnreachableError, openDatabase } from '../db/database';
import { injectAs, signUp } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { databaseUrl, onServer } from '../test/global-setup';
import { startTcpProxy } from '../test/tcp-proxy';

/**
 * A PostgreSQL that stalls (not down, just silent) behind a TCP proxy. Requests
 * answer 503 with Retry-After within the timeouts instead of hanging, readiness says the database is
 * down, liveness stays up, and the shop recovers by itself when the database answers again.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const timeouts = { connectMs: 1000, statementMs: 1000, lockMs: 1000 };

describe.skipIf(!serverUrl)('a stalled PostgreSQL', () => {
  const name = `toolshop_stall_${randomBytes(4).toString('hex')}`;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let proxiedUrl: string;

  beforeAll(async () => {
    await onServer(serverUrl, `create database ${name} template ${inject('postgresTemplate')}`);
    const direct = new URL(serverUrl);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(databaseUrl(serverUrl, name));
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    proxiedUrl = proxied.toString();
  });
  afterAll(async () => {
    await proxy.close();
    await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  });

  it('answers 503 with Retry-After within the timeout, and recovers when the database is back', async () => {
    const database = await openDatabase({ databaseUrl: proxiedUrl, dataDir: 'unused', timeouts });
    const app = await buildApp({
      config: loadConfig({ SEED_DEMO: 'false' }),
      authSecret: 'test-secret-test-secret-test-secret-0123',
      database,
      catalogCacheMs: 0,
      backgroundJobs: false,
    });
    await app.ready();
    try {
      await insertTool(database.db);
      expect((await app.inject({ method: 'GET', url: '/api/tool' })).statusCode).toBe(200);
      const customer = await signUp(app);

      proxy.stall();
      let started = Date.now();
      const stalled = await app.inject({ method: 'GET', url: '/api/tool' });
      const toUnavailableMs = Date.now() - started;
      expect(stalled.statusCode).toBe(503);
      expect(stalled.headers['retry-after']).toBe('5');
      expect(stalled.json()).toEqual({
        error: {
          code: 'UNAVAILABLE',
          message:
            'The shop cannot reach its database right now. Nothing was changed; please try again in a moment.',
        },
      });
      // The client's own limit is the statement timeout plus a second; generous room for a busy machine.
      expect(toUnavailableMs).toBeLessThan(timeouts.statementMs + 4000);

      // A signed-in route, whose session must be read first, says the same.
      const mine = await injectAs(app, customer, {
        method: 'GET',
        url: `/api/purchase?email=${customer.email}`,
      });
      expect(mine.statusCode, mine.body).toBe(503);
      expect(mine.headers['retry-after']).toBe('5');

      // better-auth's own routes say the same, not a generic 500.
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: 'http://localhost:3000' },
        payload: { email: 'someone@example.com', password: 'whatever-it-is' },
      });
      expect(signIn.statusCode).toBe(503);
      expect(signIn.headers['retry-after']).toBe('5');
      expect(signIn.json<{ error: { code: string } }>().error.code).toBe('UNAVAILABLE');

      started = Date.now();
      const ready = await app.inject({ method: 'GET', url: '/api/readyz' });
      const readyMs = Date.now() - started;
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'down' });
      expect((await app.inject({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);

      proxy.resume();
      started = Date.now();
      let recovered = 0;
      while (Date.now() - started < 15_000) {
        if ((await app.inject({ method: 'GET', url: '/api/tool' })).statusCode === 200) {
          recovered = Date.now() - started;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(recovered).toBeGreaterThan(0);
      expect((await app.inject({ method: 'GET', url: '/api/readyz' })).statusCode).toBe(200);
      console.info(
        `stall: 503 after ${toUnavailableMs} ms, readyz down after ${readyMs} ms, recovered ${recovered} ms after the database came back`,
      );
    } finally {
      proxy.resume();
      await app.close();
    }
  });

  it('says a lock held past the lock timeout is contention, not an unreachable database', async () => {
    const direct = databaseUrl(serverUrl, name);
    const database = await openDatabase({
      databaseUrl: direct,
      dataDir: 'unused',
      timeouts: { ...timeouts, statementMs: 5000 },
    });
    const app = await buildApp({
      config: loadConfig({ SEED_DEMO: 'false', RATE_LIMIT_SCALE: '1000' }),
      authSecret: 'test-secret-test-secret-test-secret-0123',
      database,
      catalogCacheMs: 0,
      backgroundJobs: false,
    });
    await app.ready();
    const { default: pg } = await import('pg');
    const holder = new pg.Client({ connectionString: direct });
    await holder.connect();
    try {
      const tool = await insertTool(database.db);
      const customer = await signUp(app);
      // Another transaction holds the product's row (a long stock count, an admin's edit).
      await holder.query('begin');
      await holder.query('select id from products where id = $1 for update', [tool.id]);
      const order = await injectAs(app, customer, {
        method: 'POST',
        url: '/api/purchase',
        payload: { toolId: tool.id, quantity: 100, name: 'Pat', address: '1 Road', number: '5550100' },
      });
      expect(order.statusCode, order.body).toBe(503);
      expect(order.headers['retry-after'], order.body).toBe('1');
      expect(order.json()).toEqual({
        error: {
          code: 'UNAVAILABLE',
          message:
            'Other orders are changing the same stock or account at this moment. Nothing was changed; please try again.',
        },
      });
      await holder.query('rollback');
      const again = await injectAs(app, customer, {
        method: 'POST',
        url: '/api/purchase',
        payload: { toolId: tool.id, quantity: 100, name: 'Pat', address: '1 Road', number: '5550100' },
      });
      expect(again.statusCode, again.body).toBe(201);
    } finally {
      await holder.end();
      await app.close();
    }
  });

  it('stops a start against a database that accepts connections but never answers, naming DATABASE_URL', async () => {
    proxy.stall();
    try {
      const started = Date.now();
      const opening = openDatabase({ databaseUrl: proxiedUrl, dataDir: 'unused', timeouts });
      await expect(opening).rejects.toThrow(DatabaseUnreachableError);
      await expect(opening).rejects.toThrow(
        /Cannot reach the database named by DATABASE_URL \(postgres:\/\/.*127\.0\.0\.1:\d+/,
      );
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      proxy.resume();
    }
  });

  it('stops a start against nothing listening, naming DATABASE_URL and hiding the password', async () => {
    const nowhere = new URL(proxiedUrl);
    nowhere.port = '1';
    nowhere.password = 'hunter2';
    const opening = openDatabase({ databaseUrl: nowhere.toString(), dataDir: 'unused', timeouts });
    await expect(opening).rejects.toThrow(/DATABASE_URL \(postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\//);
  });
});

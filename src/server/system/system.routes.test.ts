import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { openTestDatabase } from '../test/test-database';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.app.close();
});

describe('GET /api/config', () => {
  it('announces the built-in test payment provider and no Google sign-in by default', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({
      payment: { provider: 'test', publishableKey: null },
      googleSignIn: false,
      orderMinUnits: 100,
    });
  });

  it('announces Stripe and Google when they are configured', async () => {
    const configured = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
        GOOGLE_CLIENT_ID: 'client',
        GOOGLE_CLIENT_SECRET: 'secret',
      },
    });
    try {
      const response = await configured.app.inject({ method: 'GET', url: '/api/config' });
      expect(response.json()).toEqual({
        payment: { provider: 'stripe', publishableKey: 'pk_test_abc' },
        googleSignIn: true,
        orderMinUnits: 100,
      });
      expect(response.body).not.toContain('sk_test_abc');
    } finally {
      await configured.app.close();
    }
  });
});

describe('GET /api/healthz and /api/readyz', () => {
  it('healthz says the process is alive; readyz that the database answers, with the mail outbox', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });

    const ready = await ctx.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({
      status: 'ready',
      database: 'ok',
      storage: 'ok',
      mail: { pending: 0, failed: 0 },
    });
  });

  it('readyz answers 503 {database: "down"} with Retry-After when the database does not answer', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({
      config: loadConfig({ SEED_DEMO: 'false' }),
      authSecret: 'test-secret-test-secret-test-secret-0123',
      database,
      backgroundJobs: false,
    });
    await app.ready();
    try {
      await database.close();
      const ready = await app.inject({ method: 'GET', url: '/api/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'down' });
      // The process itself is still alive.
      expect((await app.inject({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});

describe('GET /api/docs', () => {
  it('serves an OpenAPI document generated from the route schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/tool',
        '/api/tools',
        '/api/buyNow/{id}',
        '/api/review',
        '/api/subscribe',
        '/api/config',
      ]),
    );
  });
});

describe('unknown API paths and security headers', () => {
  it('answers an unknown /api path with a 404 JSON error', async () => {
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/no/such/thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'There is no API endpoint DELETE /api/no/such/thing' },
    });
  });

  it('sends the security headers on every answer', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/tool' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('compresses large JSON answers for clients that accept it', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, injectAs, signUp, signUpAdmin } from './test/auth-helpers';
import { insertReview, insertTool } from './test/factories';
import { createTestApp, renderFromSource } from './test/test-app';

/**
 * Generated bodies (boundary numbers, control characters, wrong types, extra keys,
 * huge strings) sent to every write endpoint, our own and better-auth's. None may answer 5xx, and a
 * body that is refused changes nothing in the database.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;
let customer: TestUser;
let ids = { tool: '', order: '', review: '' };
let requests = 0;

beforeAll(async () => {
  // With the real page renderer, so the server-rendered pages (/shop, /tools/{id}) are fuzzed too.
  const clientDir = mkdtempSync(join(tmpdir(), 'toolshop-fuzz-'));
  writeFileSync(
    join(clientDir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Shop</title></head><body><div id="root"></div></body></html>',
  );
  ctx = await createTestApp({ clientDir, loadPageRenderer: renderFromSource });
  [admin, customer] = await Promise.all([signUpAdmin(ctx.app, ctx.db), signUp(ctx.app)]);
  const tool = await insertTool(ctx.db, { available: 1_000_000 });
  const placed = await injectAs(ctx.app, customer, {
    method: 'POST',
    url: '/api/purchase',
    payload: { toolId: tool.id, name: 'Fuzz', address: '1 Road', number: '5550100', quantity: 100 },
  });
  ids = {
    tool: tool.id,
    order: placed.json<{ insertedId: string }>().insertedId,
    review: (await insertReview(ctx.db)).id,
  };
});
afterAll(async () => {
  console.info(`fuzz: ${requests} generated requests, none answered 5xx`);
  await ctx.app.close();
});

/** What a request could change: every table a write endpoint touches (rate-limit counters aside). */
async function fingerprint(): Promise<string> {
  const result = await ctx.db.execute(sql`select
    (select count(*) from products) as products, (select coalesce(sum(available), 0) from products) as stock,
    (select count(*) from orders) as orders, (select string_agg(status::text, ',' order by id) from orders) as states,
    (select count(*) from reviews) as reviews, (select count(*) from newsletter_subscribers) as subscribers,
    (select count(*) from users) as users, (select string_agg(role::text || name, ',' order by id) from users) as roles,
    (select count(*) from mail_outbox) as mails, (select count(*) from test_payment_intents) as intents`);
  const rows = (result as { rows: unknown[] }).rows;
  return JSON.stringify(rows[0]);
}

const controlText = fc.string({
  unit: fc.constantFrom('\u0000', '\u0007', '\u001b', '\u007f', '\u2028', 'a', ' ', '\n'),
});
const hugeText = fc.constantFrom('x'.repeat(10_000), 'é'.repeat(5_000), 'y'.repeat(70_000));
const numbers = fc.constantFrom(
  0,
  -1,
  1,
  0.5,
  1e-9,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53,
  Number.MAX_VALUE,
  1e308,
  -0,
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  controlText,
  hugeText,
  numbers,
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
  fc.emailAddress(),
  fc.webUrl(),
  fc.uuid(),
);

/**
 * A body that the endpoint would take, with one or two of its fields (or a stranger) set to a generated
 * value; now and then something that is not an object at all. Starting from a valid body lets a bad
 * value get past the other fields' checks, as far as the database if nothing stops it.
 */
const bodyFor = (valid: () => Record<string, unknown>) =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .array(fc.tuple(fc.constantFrom(...Object.keys(valid()), 'extra'), value), {
          minLength: 1,
          maxLength: 2,
        })
        .map((changes) => ({ ...valid(), ...Object.fromEntries(changes) })),
    },
    { weight: 1, arbitrary: value },
  );

const pathSegment = fc.oneof(
  fc.uuid(),
  fc.string({ maxLength: 40 }),
  controlText,
  fc.constantFrom('%00', '..', '%2F'),
);

interface Endpoint {
  method: HTTPMethods;
  url: (segment: string) => string;
  /** A body the endpoint takes. */
  valid: () => Record<string, unknown>;
  as: () => TestUser | null;
}

const unique = () => Math.random().toString(36).slice(2, 10);
const nobody = () => `nobody-${unique()}@example.com`;
const none = () => ({});

const endpoints: Endpoint[] = [
  {
    method: 'POST',
    url: () => '/api/purchase',
    valid: () => ({ toolId: ids.tool, name: 'Fuzz', address: '1 Road', number: '5550100', quantity: 100 }),
    as: () => customer,
  },
  { method: 'DELETE', url: (s) => `/api/purchase/${s}`, valid: none, as: () => customer },
  {
    method: 'PATCH',
    url: (s) => `/api/purchase/${s}`,
    valid: () => ({ payment: { transactionId: 'pi_x' } }),
    as: () => customer,
  },
  {
    method: 'POST',
    url: () => '/api/create-payment-intent',
    valid: () => ({ orderId: ids.order }),
    as: () => customer,
  },
  {
    method: 'POST',
    url: () => '/api/payments/test/confirm',
    valid: () => ({
      clientSecret: 'pi_test_secret_x',
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    }),
    as: () => null,
  },
  { method: 'POST', url: () => '/api/subscribe', valid: () => ({ email: nobody() }), as: () => null },
  {
    method: 'POST',
    url: () => '/api/addreview',
    valid: () => ({ name: 'Rita', img: 'https://example.com/r.png', customer_review: 'Good', rating: 4 }),
    as: () => customer,
  },
  {
    method: 'POST',
    url: () => '/api/addproduct',
    valid: () => ({
      sku: `FUZZ-${randomUUID().slice(0, 8)}`,
      name: 'P',
      img: 'https://example.com/p.png',
      dis: 'Drill',
      category: 'Fuzz',
      min_order: 100,
      available: 1000,
      price: 1.5,
    }),
    as: () => admin,
  },
  {
    method: 'PATCH',
    url: () => `/api/tools/${ids.tool}`,
    valid: () => ({ name: 'Renamed', availableChange: 10 }),
    as: () => admin,
  },
  { method: 'DELETE', url: (s) => `/api/tools/${s}`, valid: none, as: () => admin },
  {
    method: 'PATCH',
    url: () => `/api/admin/orders/${ids.order}/status`,
    valid: () => ({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999' }),
    as: () => admin,
  },
  { method: 'PUT', url: (s) => `/api/user/admin/${s}`, valid: none, as: () => admin },
  { method: 'DELETE', url: (s) => `/api/user/${s}`, valid: none, as: () => admin },
  { method: 'DELETE', url: (s) => `/api/reviews/${s}`, valid: none, as: () => admin },
  {
    method: 'POST',
    url: () => '/api/webhooks/stripe',
    valid: () => ({ id: 'evt_1', type: 'payment_intent.succeeded' }),
    as: () => null,
  },
  {
    method: 'POST',
    url: () => '/api/auth/sign-up/email',
    valid: () => ({ name: 'Fuzz', email: nobody(), password: 'a-fine-password' }),
    as: () => null,
  },
  {
    method: 'POST',
    url: () => '/api/auth/sign-in/email',
    valid: () => ({ email: nobody(), password: 'a-fine-password' }),
    as: () => null,
  },
  {
    method: 'POST',
    url: () => '/api/auth/request-password-reset',
    valid: () => ({ email: nobody(), redirectTo: '/reset-password' }),
    as: () => null,
  },
  {
    method: 'POST',
    url: () => '/api/auth/reset-password',
    valid: () => ({ newPassword: 'a-fine-password', token: 'made-up' }),
    as: () => null,
  },
  {
    method: 'POST',
    url: () => '/api/auth/send-verification-email',
    valid: () => ({ email: nobody() }),
    as: () => null,
  },
  {
    method: 'POST',
    url: () => '/api/auth/update-user',
    valid: () => ({ name: 'Fuzz Name' }),
    as: () => customer,
  },
  {
    method: 'POST',
    url: () => '/api/auth/change-password',
    valid: () => ({ currentPassword: 'not-it-at-all', newPassword: 'a-fine-password' }),
    as: () => customer,
  },
  {
    method: 'POST',
    url: () => '/api/auth/sign-in/social',
    valid: () => ({ provider: 'google' }),
    as: () => null,
  },
  {
    method: 'POST',
    url: (s) => `/api/auth/${s}`,
    valid: () => ({ email: nobody(), password: 'a-fine-password' }),
    as: () => null,
  },
];

/** Percent-encodes any text, a lone surrogate too (as the bytes a hostile client would send for it). */
function encodeSegment(text: string): string {
  return Array.from(text, (char) => char)
    .map((char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

const nameOf = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.url(':x')}`;

describe('every write endpoint under generated input', () => {
  it.each(endpoints.map((endpoint) => [nameOf(endpoint), endpoint] as const))(
    '%s never answers 5xx, and a refused body changes nothing',
    async (_name, endpoint) => {
      await fc.assert(
        fc.asyncProperty(bodyFor(endpoint.valid), pathSegment, async (body, segment) => {
          const before = await fingerprint();
          const response = await injectAs(ctx.app, endpoint.as(), {
            method: endpoint.method,
            url: endpoint.url(encodeSegment(segment)),
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(body ?? null),
          });
          requests += 1;
          expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
          if (response.statusCode >= 400) expect(await fingerprint()).toBe(before);
        }),
        // A fixed seed keeps CI deterministic; FUZZ_SEED=<n> explores other inputs.
        { numRuns: 40, seed: Number(process.env.FUZZ_SEED ?? 20_261_122) },
      );
    },
  );
});

/** Text no form should pass along: NUL and other controls, half characters, invisible formatting. */
const hostileText = fc.string({
  unit: fc.constantFrom(
    '\u0000',
    '\u001b',
    '\uD800',
    '\uDFFF',
    '\u202E',
    '\u2066',
    '\uFEFF',
    'a',
    '%',
    '_',
    '\\',
    "'",
  ),
  minLength: 1,
});
const queryValue = fc.oneof(
  hostileText,
  fc.string(),
  fc.constantFrom('%00', '-1', '0', '1e400', '99999999999999999999', '2147483648', '', ' ', 'true', 'null'),
  fc.integer().map(String),
  hugeText.map((t) => t.slice(0, 3000)),
);

interface Read {
  url: string;
  params: string[];
  as: () => TestUser | null;
}

/** Every read that takes a query string or a path parameter, with the names it reads. */
const reads: Read[] = [
  {
    url: '/api/catalog',
    params: ['q', 'category', 'minPrice', 'maxPrice', 'sort', 'limit', 'cursor', 'inStock', 'lowStock'],
    as: () => null,
  },
  { url: '/api/tools', params: ['q'], as: () => null },
  { url: '/api/tool', params: ['q'], as: () => null },
  { url: '/api/purchase', params: ['email'], as: () => customer },
  { url: '/api/quotes', params: ['status'], as: () => customer },
  { url: '/api/admin/audit', params: ['actor', 'action', 'from', 'to', 'before', 'limit'], as: () => admin },
  { url: '/api/admin/orders', params: ['page', 'status', 'q'], as: () => admin },
  { url: '/api/admin/orders.csv', params: ['status', 'from', 'to'], as: () => admin },
  { url: '/api/admin/dashboard', params: ['days', 'from', 'to'], as: () => admin },
  { url: '/shop', params: ['q', 'category', 'minPrice', 'maxPrice', 'sort', 'cursor'], as: () => null },
];

/** Reads with a generated path segment: any text where an id or an address belongs. */
const pathReads = [
  (s: string) => `/api/tools/${s}`,
  (s: string) => `/api/buyNow/${s}`,
  (s: string) => `/api/purchase/${s}`,
  (s: string) => `/api/purchase/${s}/invoice`,
  (s: string) => `/api/users/${s}`,
  (s: string) => `/tools/${s}`,
  (s: string) => `/sitemaps/${s}`,
];

describe('every read under generated query strings and paths', () => {
  it.each(reads.map((read) => [read.url, read] as const))(
    'GET %s never answers 5xx, whatever its query string holds',
    async (_url, read) => {
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...read.params, 'extra'), queryValue, { minKeys: 1, maxKeys: 3 }),
          async (query) => {
            const search = Object.entries(query)
              .map(([name, text]) => `${name}=${encodeSegment(text)}`)
              .join('&');
            const response = await injectAs(ctx.app, read.as(), {
              method: 'GET',
              url: `${read.url}?${search}`,
            });
            requests += 1;
            expect(response.statusCode, `${read.url}?${search}: ${response.body.slice(0, 300)}`).toBeLessThan(
              500,
            );
          },
        ),
        { numRuns: 30, seed: Number(process.env.FUZZ_SEED ?? 20_261_126) },
      );
    },
  );

  it('GET with any path segment never answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...pathReads),
        fc.oneof(pathSegment, hostileText),
        async (url, segment) => {
          for (const as of [null, customer, admin]) {
            const path = url(encodeSegment(segment));
            const response = await injectAs(ctx.app, as, { method: 'GET', url: path });
            requests += 1;
            expect(response.statusCode, `${path}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 60, seed: Number(process.env.FUZZ_SEED ?? 20_261_126) },
    );
  });

  it('names the problem of a NUL in a query string, as the catalog search would meet it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/catalog?q=%00' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Search: Please remove the invisible control characters from this text',
      },
    });
  });
});

describe('multipart bodies', () => {
  const boundary = '----fuzzboundary';
  const part = (content: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n${content}`;
  const bodies = fc.oneof(
    // Cut anywhere: before, inside or after the part's headers, or before the closing boundary.
    fc
      .nat({ max: 200 })
      .map((cut) => `${part('\x89PNG\r\n\x1a\n' + 'x'.repeat(100))}\r\n--${boundary}--\r\n`.slice(0, cut)),
    fc.string().map((text) => `${part(text)}\r\n--${boundary}--\r\n`),
    fc.string().map((text) => `--${boundary}\r\n${text}`),
    fc.constant(`--${boundary}--\r\n`),
  );

  it('POST /api/admin/uploads never answers 5xx, and a cut or malformed body says so', async () => {
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const response = await injectAs(ctx.app, admin, {
          method: 'POST',
          url: '/api/admin/uploads',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload: body,
        });
        requests += 1;
        expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
      }),
      { numRuns: 60, seed: Number(process.env.FUZZ_SEED ?? 20_261_126) },
    );
  });

  it('answers an upload cut short with 400 and a sentence', async () => {
    const response = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/admin/uploads',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: part('\x89PNG\r\n\x1a\n'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(/cut short/);
  });
});

describe('numbers beyond what a column holds', () => {
  it('refuses a quantity beyond 32 bits with the stock message, not a 500', async () => {
    const response = await injectAs(ctx.app, customer, {
      method: 'POST',
      url: '/api/purchase',
      payload: { toolId: ids.tool, name: 'Big', address: '1 Road', number: '5550100', quantity: 2 ** 33 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      'Quantity: Sorry, you can not buy more than 10,000,000',
    );
  });
});

describe('an account deleted moments before', () => {
  it('writes nothing and answers 401, never 500, on every write it could make', async () => {
    const gone = await signUp(ctx.app);
    const deleted = await injectAs(ctx.app, admin, { method: 'DELETE', url: `/api/user/${gone.email}` });
    expect(deleted.statusCode).toBe(200);
    const before = await fingerprint();
    const writes = [
      {
        url: '/api/purchase',
        payload: { toolId: ids.tool, name: 'Gone', address: '1 Road', number: '5550100', quantity: 100 },
      },
      { url: '/api/quotes', payload: { toolId: ids.tool, quantity: 500 } },
      {
        url: '/api/addreview',
        payload: { name: 'Gone', img: 'https://example.com/r.png', customer_review: 'Good', rating: 4 },
      },
      { url: '/api/create-payment-intent', payload: { orderId: ids.order } },
    ];
    for (const { url, payload } of writes) {
      const response = await injectAs(ctx.app, gone, { method: 'POST', url, payload });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(401);
    }
    expect(await fingerprint()).toBe(before);
  });
});

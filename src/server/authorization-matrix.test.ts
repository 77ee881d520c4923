import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, injectAs, signUp, signUpAdmin } from './test/auth-helpers';
import { insertReview, insertTool } from './test/factories';
import {
  answerQuoteAs,
  daysFromToday,
  payOrderAs,
  placeOrderAs,
  requestQuoteAs,
  shipsToUk,
} from './test/order-helpers';
import { createTestApp } from './test/test-app';

/**
 * Every API endpoint, called as each kind of caller, with the status each must answer (DESIGN §3).
 * A new endpoint joins this table in the change that adds it.
 */
/**
 * `key` is a company's API key with every scope (another company than customer A's orders'): it is
 * refused by every route no scope opens (403; or, like a visitor, answered by a public one), so a row
 * names what a key gets only where a scope opens the route.
 */
type Caller = 'anonymous' | 'customerA' | 'customerB' | 'admin' | 'key';
const callers: Caller[] = ['anonymous', 'customerA', 'customerB', 'admin', 'key'];

interface Fixture {
  a: TestUser;
  b: TestUser;
  admin: TestUser;
  toolId: string;
  /** The fixture product's SKU. */
  sku: string;
  /** An API key with every scope, of a company of its own. */
  key: string;
  /** A new unpaid order of customer A's. */
  orderOfA: () => Promise<string>;
  /** A throw-away product, for calls that remove one. */
  spareTool: () => Promise<string>;
  /** A throw-away account, for calls that change or remove one. */
  spareAccount: () => Promise<TestUser>;
  /** A throw-away review, for calls that remove one. */
  spareReview: () => Promise<string>;
  /** A paid order of customer A's (it has an invoice). */
  paidOrderOfA: () => Promise<string>;
  /** The credit note (CN-…) of a paid order of customer A's that the shop cancelled. */
  creditNoteOfA: () => Promise<string>;
  /** A new return of customer A's (of a paid order the shop shipped). */
  returnOfA: () => Promise<string>;
  /** A new quote request of customer A's. */
  quoteOfA: () => Promise<string>;
  /** A quote of customer A's that the shop answered. */
  answeredQuoteOfA: () => Promise<string>;
  /** A new saved list of customer A's, with one line (the fixture's product). */
  listOfA: () => Promise<string>;
}

interface Row {
  method: HTTPMethods;
  /** The route as Fastify declares it. */
  path: string;
  url: (f: Fixture) => string | Promise<string>;
  payload?: Record<string, unknown> | string | Buffer | ((f: Fixture) => Promise<Record<string, unknown>>);
  headers?: Record<string, string>;
  expected: Record<Exclude<Caller, 'key'>, number> & { key?: number };
}

// The smallest real PNG (1×1), sent as an admin's product picture.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const BOUNDARY = 'matrix-boundary';

const everyone = (status: number): Row['expected'] => ({
  anonymous: status,
  customerA: status,
  customerB: status,
  admin: status,
  key: status,
});
const signedIn = (status: number) => ({
  anonymous: 401,
  customerA: status,
  customerB: status,
  admin: status,
});
const adminOnly = (status: number) => ({ anonymous: 401, customerA: 403, customerB: 403, admin: status });

const rows: Row[] = [
  { method: 'GET', path: '/api/tool', url: () => '/api/tool', expected: everyone(200) },
  { method: 'GET', path: '/api/tools', url: () => '/api/tools', expected: everyone(200) },
  { method: 'GET', path: '/api/catalog', url: () => '/api/catalog?q=m', expected: everyone(200) },
  { method: 'GET', path: '/api/categories', url: () => '/api/categories', expected: everyone(200) },
  { method: 'GET', path: '/api/buyNow/:id', url: (f) => `/api/buyNow/${f.toolId}`, expected: everyone(200) },
  {
    method: 'GET',
    path: '/api/categories/:slug',
    url: () => '/api/categories/no-such-category',
    expected: everyone(404),
  },
  {
    method: 'GET',
    path: '/api/families/:id',
    url: () => '/api/families/00000000-0000-4000-8000-000000000000',
    expected: everyone(404),
  },
  {
    method: 'PUT',
    path: '/api/admin/categories/:slug/attributes',
    url: () => '/api/admin/categories/no-such-category/attributes',
    payload: { attributes: [] },
    expected: adminOnly(404),
  },
  {
    method: 'POST',
    path: '/api/admin/families',
    url: () => '/api/admin/families',
    payload: {},
    expected: adminOnly(400),
  },
  {
    method: 'PATCH',
    path: '/api/admin/families/:id',
    url: () => '/api/admin/families/00000000-0000-4000-8000-000000000000',
    payload: { name: 'Matrix family' },
    expected: adminOnly(404),
  },
  {
    method: 'POST',
    path: '/api/admin/families/:id/variants',
    url: () => '/api/admin/families/00000000-0000-4000-8000-000000000000/variants',
    payload: { sku: 'MATRIX-V1', options: {}, price: 1, min_order: 100, available: 1 },
    expected: adminOnly(404),
  },
  {
    method: 'DELETE',
    path: '/api/admin/families/:id/variants/:toolId',
    url: (f) => `/api/admin/families/00000000-0000-4000-8000-000000000000/variants/${f.toolId}`,
    expected: adminOnly(404),
  },
  { method: 'GET', path: '/api/review', url: () => '/api/review', expected: everyone(200) },
  { method: 'GET', path: '/api/config', url: () => '/api/config', expected: everyone(200) },
  { method: 'GET', path: '/api/healthz', url: () => '/api/healthz', expected: everyone(200) },
  { method: 'GET', path: '/api/readyz', url: () => '/api/readyz', expected: everyone(200) },
  { method: 'GET', path: '/api/docs', url: () => '/api/docs', expected: everyone(200) },
  {
    method: 'POST',
    path: '/api/subscribe',
    url: () => '/api/subscribe',
    payload: { email: 'matrix@example.com' },
    expected: everyone(200),
  },
  { method: 'GET', path: '/api/auth/*', url: () => '/api/auth/get-session', expected: everyone(200) },
  {
    method: 'POST',
    path: '/api/auth/*',
    url: () => '/api/auth/sign-in/email',
    payload: { email: 'nobody@example.com', password: 'not-the-password' },
    expected: everyone(401),
  },
  {
    method: 'GET',
    path: '/api/users/:email',
    url: (f) => `/api/users/${f.a.email}`,
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  },
  { method: 'GET', path: '/api/user', url: () => '/api/user', expected: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/purchase',
    url: () => '/api/purchase',
    payload: async (f) => ({
      toolId: f.toolId,
      name: 'Matrix',
      address: 'Row 1',
      number: '5550101',
      quantity: 100,
    }),
    expected: { anonymous: 401, customerA: 201, customerB: 201, admin: 201, key: 201 },
  },
  // The cart is each signed-in buyer's own: there is no way to name another's.
  { method: 'GET', path: '/api/cart', url: () => '/api/cart', expected: { ...signedIn(200), key: 200 } },
  {
    method: 'PUT',
    path: '/api/cart/lines/:toolId',
    url: (f) => `/api/cart/lines/${f.toolId}`,
    payload: { quantity: 100 },
    expected: { ...signedIn(200), key: 200 },
  },
  {
    method: 'DELETE',
    path: '/api/cart/lines/:toolId',
    url: (f) => `/api/cart/lines/${f.toolId}`,
    expected: { ...signedIn(200), key: 200 },
  },
  { method: 'DELETE', path: '/api/cart', url: () => '/api/cart', expected: { ...signedIn(200), key: 200 } },
  {
    method: 'POST',
    path: '/api/cart/merge',
    url: () => '/api/cart/merge',
    payload: { lines: [] },
    expected: signedIn(200),
  },
  {
    method: 'POST',
    path: '/api/cart/quick-add',
    url: () => '/api/cart/quick-add',
    payload: { text: 'NO-SUCH-SKU 100', dryRun: true },
    expected: { ...signedIn(200), key: 200 },
  },
  {
    method: 'POST',
    path: '/api/cart/checkout',
    url: () => '/api/cart/checkout',
    payload: {
      name: 'Matrix',
      shipTo: { line1: 'Row 1', city: 'Leeds', postalCode: 'LS1 4AP', country: 'GB' },
      number: '5550101',
    },
    // Each caller's cart is empty at this point: a clear 400, never someone else's cart.
    expected: { ...signedIn(400), key: 400 },
  },
  {
    method: 'POST',
    path: '/api/cart/quote',
    url: () => '/api/cart/quote',
    payload: { note: 'Matrix' },
    // As for checkout: an empty cart of one's own, never another's.
    expected: signedIn(400),
  },
  {
    method: 'POST',
    path: '/api/cart/order-again',
    url: () => '/api/cart/order-again',
    payload: async (f) => ({ orderId: await f.orderOfA() }),
    // After checkout, so that the cart above was empty. Only A's own order goes back into A's cart; for B it does not exist.
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 404, key: 404 },
  },
  {
    method: 'GET',
    path: '/api/purchase',
    url: (f) => `/api/purchase?email=${encodeURIComponent(f.a.email)}`,
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 200, key: 404 },
  },
  {
    method: 'GET',
    path: '/api/purchase/preview',
    url: (f) => `/api/purchase/preview?toolId=${f.toolId}&quantity=150&country=DE`,
    expected: { ...signedIn(200), key: 200 },
  },
  {
    method: 'PUT',
    path: '/api/admin/orders/:id/freight',
    url: async (f) => `/api/admin/orders/${await f.orderOfA()}/freight`,
    payload: { freight: 120 },
    // A's order was placed with the spec's one-box address: it has no pallet freight to quote.
    expected: adminOnly(409),
  },
  {
    method: 'GET',
    path: '/api/purchase/:id',
    url: async (f) => `/api/purchase/${await f.orderOfA()}`,
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 200, key: 404 },
  },
  {
    method: 'GET',
    path: '/api/purchase/:id/invoice',
    url: async (f) => `/api/purchase/${await f.paidOrderOfA()}/invoice`,
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 200, key: 404 },
  },
  {
    method: 'GET',
    path: '/api/purchase/:id/credit-note',
    // A paid card order is never credited: it has none, for its buyer and the admin alike.
    url: async (f) => `/api/purchase/${await f.paidOrderOfA()}/credit-note`,
    expected: { anonymous: 401, customerA: 404, customerB: 404, admin: 404, key: 404 },
  },
  {
    method: 'GET',
    path: '/api/credit-notes/:number',
    // Its order's readers only; anyone else is told there is no such credit note.
    url: async (f) => `/api/credit-notes/${await f.creditNoteOfA()}`,
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 200, key: 404 },
  },
  {
    method: 'PUT',
    path: '/api/purchase/:id/lines',
    // The buyer (or a colleague who orders) changes an unpaid order; nobody else may, not the shop.
    url: async (f) => `/api/purchase/${await f.orderOfA()}/lines`,
    payload: (f) => Promise.resolve({ lines: [{ sku: f.sku, quantity: 120 }] }),
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 404, key: 404 },
  },
  {
    method: 'POST',
    path: '/api/purchase/:id/lines/preview',
    // Seeing what a change would do is the changer's alone, as the change is.
    url: async (f) => `/api/purchase/${await f.orderOfA()}/lines/preview`,
    payload: (f) => Promise.resolve({ lines: [{ sku: f.sku, quantity: 140 }] }),
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 404, key: 404 },
  },
  {
    method: 'POST',
    path: '/api/purchase/:id/cancellation',
    // The buyer asks for a paid order; nobody else may (a shop admin cancels it instead).
    url: async (f) => `/api/purchase/${await f.paidOrderOfA()}/cancellation`,
    payload: { reason: 'Matrix' },
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  },
  {
    method: 'POST',
    path: '/api/quotes',
    url: () => '/api/quotes',
    payload: async (f) => ({ toolId: f.toolId, quantity: 500_000, note: 'Matrix' }),
    expected: { anonymous: 401, customerA: 201, customerB: 201, admin: 201 },
  },
  { method: 'GET', path: '/api/quotes', url: () => '/api/quotes', expected: signedIn(200) },
  {
    method: 'GET',
    path: '/api/quotes/:id/charges',
    // What accepting would cost is its buyer's to ask: the quote is nobody else's, the admin's neither.
    url: async (f) => `/api/quotes/${await f.answeredQuoteOfA()}/charges?country=GB`,
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  },
  {
    method: 'POST',
    path: '/api/quotes/:id/accept',
    url: async (f) => `/api/quotes/${await f.answeredQuoteOfA()}/accept`,
    payload: {
      name: 'A',
      shipTo: { line1: 'A street 1', city: 'Leeds', postalCode: 'LS1 4AP', country: 'GB' },
      number: '5550100',
    },
    expected: { anonymous: 401, customerA: 201, customerB: 404, admin: 404 },
  },
  {
    method: 'PATCH',
    path: '/api/admin/quotes/:id',
    url: async (f) => `/api/admin/quotes/${await f.quoteOfA()}`,
    payload: { unitPrice: 1.5, validUntil: daysFromToday(7) },
    expected: adminOnly(200),
  },
  {
    method: 'DELETE',
    path: '/api/purchase/:id',
    url: async (f) => `/api/purchase/${await f.orderOfA()}`,
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 404, key: 404 },
  },
  {
    method: 'POST',
    path: '/api/create-payment-intent',
    url: () => '/api/create-payment-intent',
    payload: async (f) => ({ orderId: await f.orderOfA() }),
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  },
  {
    method: 'PATCH',
    path: '/api/purchase/:id',
    url: async (f) => `/api/purchase/${await f.orderOfA()}`,
    payload: { payment: { transactionId: 'pi_test_not_paid' } },
    expected: { anonymous: 401, customerA: 402, customerB: 404, admin: 404 },
  },
  {
    method: 'POST',
    path: '/api/webhooks/stripe',
    url: () => '/api/webhooks/stripe',
    payload: { id: 'evt_unsigned', type: 'payment_intent.succeeded' },
    expected: everyone(400),
  },
  {
    method: 'POST',
    path: '/api/payments/test/confirm',
    url: () => '/api/payments/test/confirm',
    payload: {
      clientSecret: 'pi_test_secret_unknown',
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    },
    expected: everyone(404),
  },
  {
    method: 'POST',
    path: '/api/addproduct',
    url: () => '/api/addproduct',
    payload: {
      sku: 'MATRIX-1',
      name: 'M',
      img: 'https://example.com/m.png',
      dis: 'M',
      category: 'Matrix',
      min_order: 100,
      available: 500,
      price: 2.5,
    },
    expected: adminOnly(201),
  },
  {
    method: 'PATCH',
    path: '/api/tools/:id',
    url: (f) => `/api/tools/${f.toolId}`,
    payload: { availableChange: 1 },
    expected: adminOnly(200),
  },
  {
    method: 'DELETE',
    path: '/api/tools/:id',
    url: async (f) => `/api/tools/${await f.spareTool()}`,
    expected: adminOnly(200),
  },
  // Companies. None of these callers belongs to a company: company calls answer 404 for
  // them, never another company's anything; creating one is checked up to its validation here.
  {
    method: 'POST',
    path: '/api/companies',
    url: () => '/api/companies',
    payload: { name: '' },
    expected: signedIn(400),
  },
  { method: 'GET', path: '/api/company', url: () => '/api/company', expected: signedIn(404) },
  {
    method: 'POST',
    path: '/api/company/invitations',
    url: () => '/api/company/invitations',
    payload: { email: 'colleague@example.com', roles: ['buyer'] },
    expected: signedIn(404),
  },
  {
    method: 'POST',
    path: '/api/invitations/:token/accept',
    url: () => `/api/invitations/${'A'.repeat(43)}/accept`,
    expected: signedIn(404),
  },
  {
    method: 'DELETE',
    path: '/api/company/invitations/:id',
    url: () => '/api/company/invitations/00000000-0000-4000-8000-000000000000',
    expected: signedIn(404),
  },
  {
    method: 'GET',
    path: '/api/invitations/:token',
    url: () => `/api/invitations/${'A'.repeat(43)}`,
    expected: signedIn(404),
  },
  {
    method: 'PATCH',
    path: '/api/company/members/:userId',
    url: (f) => `/api/company/members/${f.a.id}`,
    payload: { roles: ['viewer'] },
    expected: signedIn(404),
  },
  {
    method: 'DELETE',
    path: '/api/company/members/:userId',
    url: (f) => `/api/company/members/${f.a.id}`,
    expected: signedIn(404),
  },
  {
    method: 'PATCH',
    path: '/api/company',
    url: () => '/api/company',
    payload: { freeAddresses: false },
    expected: signedIn(404),
  },
  {
    method: 'GET',
    path: '/api/lists',
    url: () => '/api/lists',
    expected: signedIn(200),
  },
  {
    method: 'POST',
    path: '/api/lists',
    url: () => '/api/lists',
    payload: { name: 'Monthly' },
    expected: signedIn(201),
  },
  {
    method: 'GET',
    path: '/api/lists/:id',
    url: async (f) => `/api/lists/${await f.listOfA()}`,
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  },
  {
    method: 'PATCH',
    path: '/api/lists/:id',
    url: async (f) => `/api/lists/${await f.listOfA()}`,
    payload: { name: 'Renamed' },
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  },
  {
    method: 'DELETE',
    path: '/api/lists/:id',
    url: async (f) => `/api/lists/${await f.listOfA()}`,
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  },
  {
    method: 'POST',
    path: '/api/lists/:id/lines',
    url: async (f) => `/api/lists/${await f.listOfA()}/lines`,
    payload: async (f) => ({ toolId: f.toolId, quantity: 100 }),
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  },
  {
    method: 'PUT',
    path: '/api/lists/:id/lines/:toolId',
    url: async (f) => `/api/lists/${await f.listOfA()}/lines/${f.toolId}`,
    payload: { quantity: 200 },
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  },
  {
    method: 'DELETE',
    path: '/api/lists/:id/lines/:toolId',
    url: async (f) => `/api/lists/${await f.listOfA()}/lines/${f.toolId}`,
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  },
  {
    method: 'POST',
    path: '/api/lists/:id/cart',
    url: async (f) => `/api/lists/${await f.listOfA()}/cart`,
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  },
  {
    method: 'PUT',
    path: '/api/admin/companies/:id/vat-verification',
    url: () => '/api/admin/companies/00000000-0000-4000-8000-000000000000/vat-verification',
    payload: { verified: true, vatId: 'FR40123456824' },
    expected: adminOnly(404),
  },
  {
    method: 'GET',
    path: '/api/admin/tax-zones',
    url: () => '/api/admin/tax-zones',
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/tax-zones',
    url: () => '/api/admin/tax-zones',
    payload: { country: 'US', region: 'PA', rates: { standard: 6, reduced: 6 }, registration: 'PA 12345678' },
    expected: { anonymous: 401, customerA: 403, customerB: 403, admin: 201 },
  },
  {
    method: 'PUT',
    path: '/api/admin/tax-zones/:id',
    url: () => '/api/admin/tax-zones/00000000-0000-4000-8000-000000000000',
    payload: {
      country: 'US',
      region: 'OH',
      rates: { standard: 5.75, reduced: 5.75 },
      registration: 'OH 99-123456',
    },
    expected: adminOnly(404),
  },
  {
    method: 'DELETE',
    path: '/api/admin/tax-zones/:id',
    url: () => '/api/admin/tax-zones/00000000-0000-4000-8000-000000000000',
    expected: adminOnly(404),
  },
  {
    method: 'GET',
    path: '/api/admin/shipping-zones',
    url: () => '/api/admin/shipping-zones',
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/shipping-zones',
    url: () => '/api/admin/shipping-zones',
    payload: { country: 'US', region: 'PA', bands: [{ upToKg: 5, price: 12 }], palletFromKg: 300 },
    expected: { anonymous: 401, customerA: 403, customerB: 403, admin: 201 },
  },
  {
    method: 'PUT',
    path: '/api/admin/shipping-zones/:id',
    url: () => '/api/admin/shipping-zones/00000000-0000-4000-8000-000000000000',
    payload: { country: 'US', bands: [{ upToKg: 5, price: 12 }], palletFromKg: 300 },
    expected: adminOnly(404),
  },
  {
    method: 'DELETE',
    path: '/api/admin/shipping-zones/:id',
    url: () => '/api/admin/shipping-zones/00000000-0000-4000-8000-000000000000',
    expected: adminOnly(404),
  },
  {
    method: 'GET',
    path: '/api/company/tax-certificates',
    url: () => '/api/company/tax-certificates',
    expected: signedIn(404),
  },
  {
    method: 'POST',
    path: '/api/company/tax-certificates',
    url: () => '/api/company/tax-certificates',
    payload: {
      kind: 'resale',
      number: 'R-1',
      regions: ['US-PA'],
      expiresOn: '2099-01-01',
      fileName: 'r.pdf',
      content: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'),
    },
    // Nobody here belongs to a company.
    expected: signedIn(404),
  },
  {
    method: 'GET',
    path: '/api/company/tax-certificates/:id/file',
    url: () => '/api/company/tax-certificates/00000000-0000-4000-8000-000000000000/file',
    expected: signedIn(404),
  },
  {
    method: 'GET',
    path: '/api/admin/tax-certificates',
    url: () => '/api/admin/tax-certificates',
    expected: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/api/admin/tax-certificates/:id/file',
    url: () => '/api/admin/tax-certificates/00000000-0000-4000-8000-000000000000/file',
    expected: adminOnly(404),
  },
  {
    method: 'POST',
    path: '/api/admin/tax-certificates/:id/decision',
    url: () => '/api/admin/tax-certificates/00000000-0000-4000-8000-000000000000/decision',
    payload: { approve: true },
    expected: adminOnly(404),
  },
  {
    method: 'GET',
    path: '/api/company/statement',
    url: () => '/api/company/statement',
    expected: signedIn(404),
  },
  {
    method: 'GET',
    path: '/api/company/statement.pdf',
    url: () => '/api/company/statement.pdf',
    expected: signedIn(404),
  },
  {
    method: 'GET',
    path: '/api/admin/companies/:id/statement',
    url: () => '/api/admin/companies/00000000-0000-4000-8000-000000000000/statement',
    expected: adminOnly(404),
  },
  {
    method: 'POST',
    path: '/api/admin/companies/:id/adjustments',
    url: () => '/api/admin/companies/00000000-0000-4000-8000-000000000000/adjustments',
    payload: { amount: -10, date: '2026-01-02', reference: 'Matrix' },
    expected: adminOnly(404),
  },
  {
    method: 'POST',
    path: '/api/admin/companies/:id/payments',
    url: () => '/api/admin/companies/00000000-0000-4000-8000-000000000000/payments',
    payload: { amount: 10, date: '2026-01-02', reference: 'Matrix' },
    expected: adminOnly(404),
  },
  {
    method: 'PUT',
    path: '/api/company/rules',
    url: () => '/api/company/rules',
    payload: { approvalAbove: 1000, monthlyLimit: null },
    expected: signedIn(404),
  },
  {
    method: 'GET',
    path: '/api/company/approvals',
    url: () => '/api/company/approvals',
    expected: signedIn(404),
  },
  {
    method: 'POST',
    path: '/api/purchase/:id/approve',
    url: async (f) => `/api/purchase/${await f.orderOfA()}/approve`,
    payload: { total: 1000 },
    expected: signedIn(404),
  },
  {
    method: 'POST',
    path: '/api/purchase/:id/reject',
    url: async (f) => `/api/purchase/${await f.orderOfA()}/reject`,
    payload: { reason: 'Not this month' },
    expected: signedIn(404),
  },
  // A company's keys are its admins' to make, list and revoke: nobody here administers a company (the
  // key holder's company is another's), and no key makes keys.
  {
    method: 'POST',
    path: '/api/company/api-keys',
    url: () => '/api/company/api-keys',
    payload: { name: 'ERP', scopes: ['orders:read'] },
    expected: { anonymous: 401, customerA: 404, customerB: 404, admin: 404, key: 403 },
  },
  {
    method: 'GET',
    path: '/api/company/api-keys',
    url: () => '/api/company/api-keys',
    expected: { anonymous: 401, customerA: 404, customerB: 404, admin: 404, key: 403 },
  },
  {
    method: 'DELETE',
    path: '/api/company/api-keys/:id',
    url: () => '/api/company/api-keys/00000000-0000-4000-8000-000000000000',
    expected: { anonymous: 401, customerA: 404, customerB: 404, admin: 404, key: 403 },
  },
  // A company's part numbers: nobody here is in a company, and no key reads or keeps them.
  {
    method: 'GET',
    path: '/api/company/part-numbers',
    url: () => '/api/company/part-numbers',
    expected: { anonymous: 401, customerA: 404, customerB: 404, admin: 404, key: 403 },
  },
  {
    method: 'PUT',
    path: '/api/company/part-numbers',
    url: () => '/api/company/part-numbers',
    payload: { rows: [] },
    expected: { anonymous: 401, customerA: 404, customerB: 404, admin: 404, key: 403 },
  },
  // In a punchout only (a punchout's own browser session, tested in punchout.test.ts): none of these callers is in one.
  {
    method: 'GET',
    path: '/api/punchout/session',
    url: () => '/api/punchout/session',
    expected: { anonymous: 401, customerA: 404, customerB: 404, admin: 404, key: 403 },
  },
  {
    method: 'POST',
    path: '/api/punchout/transfer',
    url: () => '/api/punchout/transfer',
    expected: { anonymous: 401, customerA: 404, customerB: 404, admin: 404, key: 403 },
  },
  {
    method: 'GET',
    path: '/api/purchase/:id/punchout',
    url: async (f) => `/api/purchase/${await f.orderOfA()}/punchout`,
    // Customer A's own order did not come by punchout: 404 to A as to anyone else.
    expected: { anonymous: 401, customerA: 404, customerB: 404, admin: 404, key: 404 },
  },
  {
    method: 'POST',
    path: '/api/admin/punchout-connections',
    url: () => '/api/admin/punchout-connections',
    payload: {
      companyId: '00000000-0000-4000-8000-000000000000',
      protocol: 'oci',
      systemName: 'SAP SRM',
      username: 'matrix',
      password: 'a long password here',
      returnHosts: ['srm.example.com'],
    },
    expected: adminOnly(404),
  },
  {
    method: 'GET',
    path: '/api/admin/punchout-connections',
    url: () => '/api/admin/punchout-connections',
    expected: adminOnly(200),
  },
  {
    method: 'PUT',
    path: '/api/admin/punchout-connections/:id',
    url: () => '/api/admin/punchout-connections/00000000-0000-4000-8000-000000000000',
    payload: { systemName: 'SAP SRM', returnHosts: ['srm.example.com'], disabled: false },
    expected: adminOnly(404),
  },
  {
    method: 'DELETE',
    path: '/api/admin/punchout-connections/:id',
    url: () => '/api/admin/punchout-connections/00000000-0000-4000-8000-000000000000',
    expected: adminOnly(404),
  },
  { method: 'GET', path: '/api/admin/api-keys', url: () => '/api/admin/api-keys', expected: adminOnly(200) },
  {
    method: 'DELETE',
    path: '/api/admin/api-keys/:id',
    url: () => '/api/admin/api-keys/00000000-0000-4000-8000-000000000000',
    expected: adminOnly(404),
  },
  {
    method: 'POST',
    path: '/api/admin/webhooks',
    url: () => '/api/admin/webhooks',
    payload: { url: 'https://93.184.215.14/hooks', events: ['order.paid'] },
    expected: adminOnly(201),
  },
  { method: 'GET', path: '/api/admin/webhooks', url: () => '/api/admin/webhooks', expected: adminOnly(200) },
  {
    method: 'DELETE',
    path: '/api/admin/webhooks/:id',
    url: () => '/api/admin/webhooks/00000000-0000-4000-8000-000000000000',
    expected: adminOnly(404),
  },
  {
    method: 'GET',
    path: '/api/admin/webhooks/:id/deliveries',
    url: () => '/api/admin/webhooks/00000000-0000-4000-8000-000000000000/deliveries',
    expected: adminOnly(404),
  },
  {
    method: 'POST',
    path: '/api/admin/webhooks/:id/deliveries/:deliveryId/resend',
    url: () =>
      '/api/admin/webhooks/00000000-0000-4000-8000-000000000000/deliveries/00000000-0000-4000-8000-000000000000/resend',
    expected: adminOnly(404),
  },
  {
    method: 'POST',
    path: '/api/company/webhooks',
    url: () => '/api/company/webhooks',
    payload: { url: 'https://93.184.215.14/hooks', events: ['order.paid'] },
    expected: { anonymous: 401, customerA: 404, customerB: 404, admin: 404, key: 403 },
  },
  {
    method: 'GET',
    path: '/api/company/webhooks',
    url: () => '/api/company/webhooks',
    expected: { anonymous: 401, customerA: 404, customerB: 404, admin: 404, key: 403 },
  },
  {
    method: 'DELETE',
    path: '/api/company/webhooks/:id',
    url: () => '/api/company/webhooks/00000000-0000-4000-8000-000000000000',
    expected: { anonymous: 401, customerA: 404, customerB: 404, admin: 404, key: 403 },
  },
  {
    method: 'GET',
    path: '/api/company/webhooks/:id/deliveries',
    url: () => '/api/company/webhooks/00000000-0000-4000-8000-000000000000/deliveries',
    expected: { anonymous: 401, customerA: 404, customerB: 404, admin: 404, key: 403 },
  },
  {
    method: 'POST',
    path: '/api/company/webhooks/:id/deliveries/:deliveryId/resend',
    url: () =>
      '/api/company/webhooks/00000000-0000-4000-8000-000000000000/deliveries/00000000-0000-4000-8000-000000000000/resend',
    expected: { anonymous: 401, customerA: 404, customerB: 404, admin: 404, key: 403 },
  },
  {
    method: 'POST',
    path: '/api/company/addresses',
    url: () => '/api/company/addresses',
    payload: {
      label: 'Depot',
      name: 'Goods In',
      shipTo: { line1: '1 Road', city: 'Leeds', postalCode: 'LS1 4AP', country: 'GB' },
      number: '5550100',
    },
    expected: signedIn(404),
  },
  {
    method: 'PUT',
    path: '/api/company/addresses/:id',
    url: () => '/api/company/addresses/00000000-0000-4000-8000-000000000000',
    payload: {
      label: 'Depot',
      name: 'Goods In',
      shipTo: { line1: '1 Road', city: 'Leeds', postalCode: 'LS1 4AP', country: 'GB' },
      number: '5550100',
    },
    expected: signedIn(404),
  },
  {
    method: 'DELETE',
    path: '/api/company/addresses/:id',
    url: () => '/api/company/addresses/00000000-0000-4000-8000-000000000000',
    expected: signedIn(404),
  },
  {
    method: 'GET',
    path: '/api/admin/price-lists',
    url: () => '/api/admin/price-lists',
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/price-lists',
    url: () => '/api/admin/price-lists',
    payload: async () => ({ name: `List ${Math.random().toString(36).slice(2)}`, entries: [] }),
    expected: adminOnly(201),
  },
  {
    method: 'GET',
    path: '/api/admin/price-lists/:id',
    url: () => '/api/admin/price-lists/00000000-0000-4000-8000-000000000000',
    expected: adminOnly(404),
  },
  {
    method: 'PUT',
    path: '/api/admin/price-lists/:id',
    url: () => '/api/admin/price-lists/00000000-0000-4000-8000-000000000000',
    payload: { name: 'Nowhere', entries: [] },
    expected: adminOnly(404),
  },
  {
    method: 'DELETE',
    path: '/api/admin/price-lists/:id',
    url: () => '/api/admin/price-lists/00000000-0000-4000-8000-000000000000',
    expected: adminOnly(404),
  },
  {
    method: 'GET',
    path: '/api/admin/price-lists/:id/entries.csv',
    url: () => '/api/admin/price-lists/00000000-0000-4000-8000-000000000000/entries.csv',
    expected: adminOnly(404),
  },
  {
    method: 'POST',
    path: '/api/admin/price-lists/:id/import',
    url: () => '/api/admin/price-lists/00000000-0000-4000-8000-000000000000/import',
    headers: { 'content-type': 'text/csv' },
    payload: 'sku,price_tiers,percent_off\n',
    expected: adminOnly(404),
  },
  {
    method: 'PUT',
    path: '/api/admin/companies/:id/terms',
    url: () => '/api/admin/companies/00000000-0000-4000-8000-000000000000/terms',
    payload: { terms: 'net30', creditLimit: 50_000 },
    expected: adminOnly(404),
  },
  {
    method: 'PUT',
    path: '/api/admin/companies/:id/price-lists',
    url: () => '/api/admin/companies/00000000-0000-4000-8000-000000000000/price-lists',
    payload: [] as unknown as Record<string, unknown>,
    expected: adminOnly(404),
  },
  {
    method: 'GET',
    path: '/api/admin/companies',
    url: () => '/api/admin/companies',
    expected: adminOnly(200),
  },
  {
    method: 'PATCH',
    path: '/api/admin/companies/:id',
    url: () => '/api/admin/companies/00000000-0000-4000-8000-000000000000',
    payload: { status: 'suspended' },
    expected: adminOnly(404),
  },
  { method: 'GET', path: '/api/admin/orders', url: () => '/api/admin/orders', expected: adminOnly(200) },
  {
    method: 'PATCH',
    path: '/api/admin/orders/:id/status',
    url: async (f) => `/api/admin/orders/${await f.orderOfA()}/status`,
    payload: { status: 'shipped', carrier: 'UPS' },
    expected: adminOnly(409),
  },
  {
    method: 'POST',
    path: '/api/admin/orders/:id/shipments',
    url: async (f) => `/api/admin/orders/${await f.orderOfA()}/shipments`,
    payload: { lines: [{ sku: 'ANY-SKU', quantity: 1 }], carrier: 'UPS' },
    // An unpaid order does not ship: the admin hears why, everyone else is turned away first.
    expected: adminOnly(409),
  },
  {
    method: 'POST',
    path: '/api/admin/orders/:id/cancel/preview',
    url: async (f) => `/api/admin/orders/${await f.paidOrderOfA()}/cancel/preview`,
    payload: { reason: 'Matrix' },
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/orders/:id/cancel',
    url: async (f) => `/api/admin/orders/${await f.paidOrderOfA()}/cancel`,
    payload: { reason: 'Matrix' },
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/orders/:id/cancellation/refuse',
    // Nobody asked to cancel it: the admin hears so, everyone else is turned away first.
    url: async (f) => `/api/admin/orders/${await f.paidOrderOfA()}/cancellation/refuse`,
    payload: { reason: 'Matrix' },
    expected: adminOnly(409),
  },
  {
    method: 'POST',
    path: '/api/purchase/:id/returns',
    // Nothing of it has shipped: its buyer hears why; nobody else sees the order.
    url: async (f) => `/api/purchase/${await f.paidOrderOfA()}/returns`,
    payload: { lines: [{ sku: 'ANY-SKU', quantity: 1, reason: 'Matrix' }] },
    expected: { anonymous: 401, customerA: 409, customerB: 404, admin: 404 },
  },
  { method: 'GET', path: '/api/returns', url: () => '/api/returns', expected: signedIn(200) },
  {
    method: 'GET',
    path: '/api/returns/:id',
    url: async (f) => `/api/returns/${await f.returnOfA()}`,
    expected: { anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  },
  { method: 'GET', path: '/api/admin/returns', url: () => '/api/admin/returns', expected: adminOnly(200) },
  {
    method: 'GET',
    path: '/api/admin/credit-notes',
    url: () => '/api/admin/credit-notes',
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/documents/:number/resend',
    url: async (f) => `/api/admin/documents/${await f.creditNoteOfA()}/resend`,
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/returns/:id/approve',
    url: async (f) => `/api/admin/returns/${await f.returnOfA()}/approve`,
    payload: { instructions: 'Matrix dock' },
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/returns/:id/reject',
    url: async (f) => `/api/admin/returns/${await f.returnOfA()}/reject`,
    payload: { reason: 'Matrix' },
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/returns/:id/receive',
    // Not approved yet: the admin hears so.
    url: async (f) => `/api/admin/returns/${await f.returnOfA()}/receive`,
    payload: { lines: [{ sku: 'ANY-SKU', quantity: 1, condition: 'resellable' }] },
    expected: adminOnly(409),
  },
  {
    method: 'POST',
    path: '/api/admin/returns/:id/refund',
    url: async (f) => `/api/admin/returns/${await f.returnOfA()}/refund`,
    payload: {},
    expected: adminOnly(409),
  },
  {
    method: 'POST',
    path: '/api/admin/returns/:id/refund/preview',
    url: async (f) => `/api/admin/returns/${await f.returnOfA()}/refund/preview`,
    payload: {},
    expected: adminOnly(409),
  },
  {
    method: 'POST',
    path: '/api/addreview',
    url: () => '/api/addreview',
    payload: { name: 'Matrix', img: 'https://example.com/m.png', customer_review: 'Fine', rating: 4 },
    expected: { anonymous: 401, customerA: 201, customerB: 201, admin: 201 },
  },
  {
    method: 'PUT',
    path: '/api/user/admin/:email',
    url: async (f) => `/api/user/admin/${(await f.spareAccount()).email}`,
    expected: adminOnly(200),
  },
  {
    method: 'DELETE',
    path: '/api/user/admin/:email',
    url: async (f) => `/api/user/admin/${(await f.spareAccount()).email}`,
    expected: adminOnly(200),
  },
  {
    method: 'DELETE',
    path: '/api/user/:email',
    url: async (f) => `/api/user/${(await f.spareAccount()).email}`,
    expected: adminOnly(200),
  },
  {
    method: 'DELETE',
    path: '/api/reviews/:id',
    url: async (f) => `/api/reviews/${await f.spareReview()}`,
    expected: adminOnly(200),
  },
  { method: 'GET', path: '/api/admin/audit', url: () => '/api/admin/audit', expected: adminOnly(200) },
  {
    method: 'GET',
    path: '/api/admin/dashboard',
    url: () => '/api/admin/dashboard',
    expected: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/api/admin/products.csv',
    url: () => '/api/admin/products.csv',
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/products/import',
    url: () => '/api/admin/products/import',
    headers: { 'content-type': 'text/csv' },
    payload: 'sku,name,category,description,image,min_order,available,price_tiers,featured\n',
    expected: adminOnly(200),
  },
  {
    method: 'GET',
    path: '/api/admin/orders.csv',
    url: () => '/api/admin/orders.csv?from=2026-01-01',
    expected: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/uploads',
    url: () => '/api/admin/uploads',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
    expected: { anonymous: 401, customerA: 403, customerB: 403, admin: 201 },
  },
  {
    method: 'POST',
    path: '/api/admin/documents',
    url: () => '/api/admin/documents',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
    expected: { anonymous: 401, customerA: 403, customerB: 403, admin: 201 },
  },
];

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let fixture: Fixture;

beforeAll(async () => {
  ctx = await createTestApp();
  await shipsToUk(ctx.db);
  const [a, b, admin, tool] = await Promise.all([
    signUp(ctx.app),
    signUp(ctx.app),
    signUpAdmin(ctx.app, ctx.db),
    insertTool(ctx.db, { available: 100_000 }),
  ]);
  // A company of its own, whose admin makes a key with every scope.
  const keyHolder = await signUp(ctx.app);
  const company = await injectAs(ctx.app, keyHolder, {
    method: 'POST',
    url: '/api/companies',
    payload: { name: 'Key Holder Ltd' },
  });
  expect(company.statusCode, company.body).toBe(201);
  const made = await injectAs(ctx.app, keyHolder, {
    method: 'POST',
    url: '/api/company/api-keys',
    payload: { name: 'Matrix ERP', scopes: ['catalog:read', 'orders:read', 'orders:write'] },
  });
  expect(made.statusCode, made.body).toBe(201);
  const { key } = made.json<{ key: string }>();
  const orderOfA = async () => {
    const response = await injectAs(ctx.app, a, {
      method: 'POST',
      url: '/api/purchase',
      payload: { toolId: tool.id, name: 'A', address: 'A street 1', number: '5550100', quantity: 100 },
    });
    return response.json<{ insertedId: string }>().insertedId;
  };
  const paidOrderOfA = async () => {
    const order = await placeOrderAs(ctx.app, a, tool.id);
    await payOrderAs(ctx.app, a, order._id);
    return order._id;
  };
  const creditNoteOfA = async () => {
    const orderId = await paidOrderOfA();
    const cancelled = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: `/api/admin/orders/${orderId}/cancel`,
      payload: { reason: 'Matrix' },
    });
    return cancelled.json<{ creditNotes: { number: string }[] }>().creditNotes[0]?.number ?? '';
  };
  const returnOfA = async () => {
    const orderId = await paidOrderOfA();
    await injectAs(ctx.app, admin, {
      method: 'POST',
      url: `/api/admin/orders/${orderId}/shipments`,
      payload: { lines: [{ sku: tool.sku, quantity: 100 }], carrier: 'UPS' },
    });
    const asked = await injectAs(ctx.app, a, {
      method: 'POST',
      url: `/api/purchase/${orderId}/returns`,
      payload: { lines: [{ sku: tool.sku, quantity: 5, reason: 'Matrix' }] },
    });
    return asked.json<{ _id: string }>()._id;
  };
  const quoteOfA = async () => (await requestQuoteAs(ctx.app, a, tool.id, 1000))._id;
  const answeredQuoteOfA = async () => {
    const quoteId = await quoteOfA();
    await answerQuoteAs(ctx.app, admin, quoteId, { unitPrice: 2, validUntil: daysFromToday(3) });
    return quoteId;
  };
  const listOfA = async () => {
    const created = await injectAs(ctx.app, a, {
      method: 'POST',
      url: '/api/lists',
      payload: { name: 'A list' },
    });
    const listId = created.json<{ insertedId: string }>().insertedId;
    await injectAs(ctx.app, a, {
      method: 'PUT',
      url: `/api/lists/${listId}/lines/${tool.id}`,
      payload: { quantity: 100 },
    });
    return listId;
  };
  const spareTool = async () => (await insertTool(ctx.db)).id;
  const spareReview = async () => (await insertReview(ctx.db)).id;
  fixture = {
    a,
    b,
    admin,
    toolId: tool.id,
    sku: tool.sku,
    key,
    orderOfA,
    spareTool,
    spareAccount: () => signUp(ctx.app),
    spareReview,
    paidOrderOfA,
    creditNoteOfA,
    returnOfA,
    quoteOfA,
    answeredQuoteOfA,
    listOfA,
  };
});
afterAll(async () => {
  await ctx.app.close();
});

describe.each(rows)('$method $path', (row) => {
  it.each(callers)('as %s', async (caller) => {
    const user =
      caller === 'anonymous' || caller === 'key'
        ? null
        : fixture[caller === 'customerA' ? 'a' : caller === 'customerB' ? 'b' : 'admin'];
    const payload = typeof row.payload === 'function' ? await row.payload(fixture) : row.payload;
    const response = await injectAs(ctx.app, user, {
      method: row.method,
      url: await row.url(fixture),
      ...(payload ? { payload } : {}),
      headers: {
        ...row.headers,
        ...(caller === 'key' ? { authorization: `Bearer ${fixture.key}` } : {}),
      },
    });
    const expected =
      caller === 'key'
        ? (row.expected.key ?? (row.expected.anonymous === 401 ? 403 : row.expected.anonymous))
        : row.expected[caller];
    expect(response.statusCode, response.body.slice(0, 200)).toBe(expected);
  });
});

it('covers every API route the app declares', () => {
  const listed = new Set(rows.map((row) => `${row.method} ${row.path}`));
  const declared = ctx.routes.filter((route) => route.includes(' /api/') && !route.startsWith('HEAD '));
  expect(declared.length).toBeGreaterThan(rows.length / 2);
  expect(declared.filter((route) => !listed.has(route))).toEqual([]);
});

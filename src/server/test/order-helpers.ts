import type { Order, PlaceOrderResult } from '../../shared/api/orders.schemas';
import type { Quote } from '../../shared/api/quotes.schemas';
import type { App } from '../app';
import type { Database } from '../db/database';
import { shippingZones } from '../db/schema';
import { type TestUser, injectAs } from './auth-helpers';

/** The delivery details tests order with through the spec's one-product call (a one-box address). */
export const delivery = { name: 'Pat Buyer', address: '12 Mill Lane\nLeeds', number: '+44 113 496 0000' };

/** The same address structured, as every other way of ordering needs it (checkout, a quote's acceptance). */
export const leeds = { line1: '12 Mill Lane', city: 'Leeds', postalCode: 'LS1 4AP', country: 'GB' };
export const deliveryToLeeds = { name: delivery.name, number: delivery.number, shipTo: leeds };

/** The shop's own town (its premises in content/business.json): tests of US sales tax deliver here. */
export const pittsburgh = {
  line1: '1200 Foundry Road',
  city: 'Pittsburgh',
  region: 'PA',
  postalCode: '15201',
  country: 'US',
};

/**
 * Lets the shop deliver to the United Kingdom, free (no tax zone there: untaxed), for tests of ordering
 * that are not about freight or tax; a structured destination the shop does not deliver to is refused.
 */
export async function shipsToUk(db: Database): Promise<void> {
  await db
    .insert(shippingZones)
    .values({
      country: 'GB',
      region: null,
      bands: [{ upToGrams: 1_000_000, priceCents: 0 }],
      freeFromCents: 0,
      palletFromGrams: 10_000_000,
    })
    .onConflictDoNothing();
}

/**
 * Pennsylvania taxed at 6 % and parcels across the US ($15 up to 100 kg, a pallet from 500 kg), as
 * `admin` sets them up through the admin API (throws unless each is created): where `pittsburgh` is
 * delivered to.
 */
export async function taxesAndShipsToPennsylvania(app: App, admin: TestUser): Promise<void> {
  for (const [url, payload] of [
    [
      '/api/admin/tax-zones',
      { country: 'US', region: 'PA', rates: { standard: 6, reduced: 6, zero: 0 }, registration: 'PA 123' },
    ],
    [
      '/api/admin/shipping-zones',
      { country: 'US', bands: [{ upToKg: 100, price: 15 }], freeFrom: null, palletFromKg: 500 },
    ],
  ] as const) {
    const created = await injectAs(app, admin, { method: 'POST', url, payload });
    if (created.statusCode !== 201) throw new Error(`${url}: ${created.statusCode} ${created.body}`);
  }
}

/** Places an order through POST /purchase and answers the stored order (throws unless 201). */
export async function placeOrderAs(
  app: App,
  user: TestUser,
  toolId: string,
  {
    quantity = 100,
    ...extra
  }: { quantity?: number; company?: string; poNumber?: string; name?: string; address?: string } = {},
): Promise<Order> {
  const response = await injectAs(app, user, {
    method: 'POST',
    url: '/api/purchase',
    payload: { toolId, ...delivery, quantity, ...extra },
  });
  if (response.statusCode !== 201) throw new Error(`placing the order: ${response.body}`);
  return response.json<PlaceOrderResult>().order;
}

/**
 * Puts `lines` in `user`'s cart and checks it out to `shipTo` (POST /cart/checkout), answering the
 * order placed; throws unless each step succeeds.
 */
export async function checkOutAs(
  app: App,
  user: TestUser,
  lines: readonly { toolId: string; quantity: number }[],
  {
    shipTo,
    name = 'Dock 4',
    number = '+1 412 555 0100',
    paymentMethod = 'card',
  }: { shipTo: Record<string, string>; name?: string; number?: string; paymentMethod?: 'card' | 'account' },
): Promise<Order> {
  for (const { toolId, quantity } of lines) {
    const put = await injectAs(app, user, {
      method: 'PUT',
      url: `/api/cart/lines/${toolId}`,
      payload: { quantity },
    });
    if (put.statusCode !== 200) throw new Error(`putting ${toolId} in the cart: ${put.body}`);
  }
  const placed = await injectAs(app, user, {
    method: 'POST',
    url: '/api/cart/checkout',
    payload: { name, number, shipTo, paymentMethod },
  });
  if (placed.statusCode !== 201) throw new Error(`checking out: ${placed.body}`);
  return placed.json<PlaceOrderResult>().order;
}

/** Pays an order as its customer does: intent, the test card, then PATCH /purchase/{id}. */
export async function payOrderAs(app: App, user: TestUser, orderId: string): Promise<string> {
  const intent = await injectAs(app, user, {
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { orderId },
  });
  if (intent.statusCode !== 200) throw new Error(`the payment intent: ${intent.statusCode} ${intent.body}`);
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  const card = await injectAs(app, null, {
    method: 'POST',
    url: '/api/payments/test/confirm',
    payload: { clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
  });
  if (card.statusCode !== 200) throw new Error(`the test card: ${card.statusCode} ${card.body}`);
  const { transactionId } = card.json<{ transactionId: string }>();
  const settled = await injectAs(app, user, {
    method: 'PATCH',
    url: `/api/purchase/${orderId}`,
    payload: { payment: { transactionId } },
  });
  if (settled.statusCode !== 200) throw new Error(`paying the order: ${settled.body}`);
  return transactionId;
}

/** Requests a quote as `user` (throws unless 201). */
export async function requestQuoteAs(
  app: App,
  user: TestUser,
  toolId: string,
  quantity: number,
  note = '',
): Promise<Quote> {
  const response = await injectAs(app, user, {
    method: 'POST',
    url: '/api/quotes',
    payload: { toolId, quantity, note },
  });
  if (response.statusCode !== 201) throw new Error(`requesting the quote: ${response.body}`);
  return response.json<{ quote: Quote }>().quote;
}

/** Answers a quote as an admin (throws unless 200). */
export async function answerQuoteAs(
  app: App,
  admin: TestUser,
  quoteId: string,
  answer: { unitPrice: number; validUntil: string; shipDate?: string; reply?: string },
): Promise<Quote> {
  const response = await injectAs(app, admin, {
    method: 'PATCH',
    url: `/api/admin/quotes/${quoteId}`,
    payload: answer,
  });
  if (response.statusCode !== 200) throw new Error(`answering the quote: ${response.body}`);
  return response.json<Quote>();
}

/** A date `days` from today as a date input gives it (YYYY-MM-DD). */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A step a test takes on an order by hand (moveOrder): now, by the shop itself. */
export const TEST_STEP = {
  get at() {
    return new Date();
  },
  actor: null,
};

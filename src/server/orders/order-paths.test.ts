import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Cart } from '../../shared/api/cart.schemas';
import type { ErrorBody } from '../../shared/api/errors';
import type { ShipTo } from '../../shared/domain/addresses';
import { messages } from '../../shared/messages';
import { orders, shippingZones } from '../db/schema';
import { type TestUser, injectAs, signUpAdmin } from '../test/auth-helpers';
import { newCompany } from '../test/company-helpers';
import { insertTool } from '../test/factories';
import {
  answerQuoteAs,
  daysFromToday,
  leeds,
  placeOrderAs,
  requestQuoteAs,
  shipsToUk,
} from '../test/order-helpers';
import { type Credential, type RequestedAddress, formOf, orderRequest } from '../test/procurement-system';
import { createTestApp } from '../test/test-app';

/**
 * One door per rule (DESIGN §12): every way an order is made checks its destination by the same
 * structured-address rules (a state that is the postal code's, a postal code of its country, the
 * fields a delivery needs) and the company's address book, and refuses a bad one alike, naming the
 * field; nothing is ordered and nothing the buyer had is lost.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let shopAdmin: TestUser;
let buyer: TestUser;
let companyId: string;
let tool: Awaited<ReturnType<typeof insertTool>>;
let earlierOrderId: string;
let quoteId: string;
let apiKey: string;
const ariba: Credential = { domain: 'NetworkId', identity: 'AN-PATHS-1', secret: 'a secret for every path' };
const RETURN_HOST = 'erp.paths.example';

beforeAll(async () => {
  ctx = await createTestApp();
  await shipsToUk(ctx.db);
  await ctx.db.insert(shippingZones).values({
    country: 'US',
    region: null,
    bands: [{ upToGrams: 1_000_000, priceCents: 0 }],
    freeFromCents: 0,
    palletFromGrams: 10_000_000,
  });
  shopAdmin = await signUpAdmin(ctx.app, ctx.db);
  ({ admin: buyer, companyId } = await newCompany(ctx.app, 'Every Path Ltd'));
  tool = await insertTool(ctx.db, { priceCents: 1000, available: 100_000 });
  earlierOrderId = (await placeOrderAs(ctx.app, buyer, tool.id))._id;
  const quote = await requestQuoteAs(ctx.app, buyer, tool.id, 500);
  await answerQuoteAs(ctx.app, shopAdmin, quote._id, { unitPrice: 9, validUntil: daysFromToday(10) });
  quoteId = quote._id;
  const key = await call(buyer, 'POST', '/api/company/api-keys', { name: 'ERP', scopes: ['orders:write'] });
  expect(key.statusCode, key.body).toBe(201);
  apiKey = key.json<{ key: string }>().key;
  for (const payload of [
    {
      protocol: 'cxml',
      systemName: 'SAP Ariba',
      senderDomain: ariba.domain,
      senderIdentity: ariba.identity,
      sharedSecret: ariba.secret,
    },
    { protocol: 'oci', systemName: 'SAP SRM', username: 'paths-srm', password: 'a long oci password' },
  ]) {
    const made = await call(shopAdmin, 'POST', '/api/admin/punchout-connections', {
      companyId,
      returnHosts: [RETURN_HOST],
      ...(payload.protocol === 'oci' ? { buyerEmail: buyer.email } : {}),
      ...payload,
    });
    expect(made.statusCode, made.body).toBe(201);
  }
});
afterAll(async () => {
  await ctx.app.close();
});

function call(
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
) {
  return injectAs(ctx.app, user, {
    method,
    url,
    ...(payload ? { payload } : {}),
  });
}
const withKey = (method: 'POST' | 'PUT', url: string, payload: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${apiKey}` },
    payload: payload as Record<string, unknown>,
  });

/** A refusal as each door words it: the API's error message, or a cXML Status's code and text. */
interface Refusal {
  status: number;
  message: string;
}
const fromApi = (response: { statusCode: number; body: string }): Refusal => ({
  status: response.statusCode,
  message: (JSON.parse(response.body) as ErrorBody).error.message,
});
function fromCxml(body: string): Refusal {
  const status =
    /<Status code="(\d+)" text="[^"]*"(?: xml:lang="[^"]*")?\s*(?:\/>|>([\s\S]*?)<\/Status>)/.exec(body);
  return { status: Number(status?.[1]), message: status?.[2] ?? body };
}

const contact = { name: 'Pat Buyer', number: '+1 412 555 0100' };
const fillCart = async () => {
  expect((await call(buyer, 'PUT', `/api/cart/lines/${tool.id}`, { quantity: 100 })).statusCode).toBe(200);
};
const checkout = async (shipTo: Partial<ShipTo>) =>
  fromApi(await call(buyer, 'POST', '/api/cart/checkout', { ...contact, shipTo }));
let payloads = 0;
const cxmlOrder = async (shipTo: Partial<ShipTo>, skus = [{ sku: tool.sku, quantity: 100 }]) => {
  const address: RequestedAddress = {
    deliverTo: 'Goods In',
    ...(shipTo.line1 !== undefined ? { street: shipTo.line1 } : {}),
    ...(shipTo.city !== undefined ? { city: shipTo.city } : {}),
    ...(shipTo.region ? { state: shipTo.region } : {}),
    ...(shipTo.postalCode !== undefined ? { postalCode: shipTo.postalCode } : {}),
    ...(shipTo.country !== undefined ? { country: shipTo.country } : {}),
  };
  const document = orderRequest(ariba, {
    payloadId: `paths-${++payloads}@ariba`,
    orderId: `PO-PATHS-${payloads}`,
    total: 1000,
    items: skus.map((line) => ({ ...line, unitPrice: 10 })),
    shipTo: address,
  });
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/punchout/cxml',
    headers: { 'content-type': 'text/xml' },
    payload: document,
  });
  return fromCxml(answer.body);
};

/** Every way an order is made, each given the same destination. */
const PATHS: [string, (shipTo: Partial<ShipTo>) => Promise<Refusal>][] = [
  [
    'the specification’s call',
    async (shipTo) =>
      fromApi(
        await call(buyer, 'POST', '/api/purchase', { toolId: tool.id, quantity: 100, ...contact, shipTo }),
      ),
  ],
  [
    'the cart',
    async (shipTo) => {
      await fillCart();
      return checkout(shipTo);
    },
  ],
  [
    'quick order',
    async (shipTo) => {
      const added = await call(buyer, 'POST', '/api/cart/quick-add', { text: `${tool.sku},100` });
      expect(added.statusCode, added.body).toBe(200);
      return checkout(shipTo);
    },
  ],
  [
    'order again',
    async (shipTo) => {
      const again = await call(buyer, 'POST', '/api/cart/order-again', { orderId: earlierOrderId });
      expect(again.statusCode, again.body).toBe(200);
      return checkout(shipTo);
    },
  ],
  [
    'a quote',
    async (shipTo) =>
      fromApi(await call(buyer, 'POST', `/api/quotes/${quoteId}/accept`, { ...contact, shipTo })),
  ],
  [
    'an API key, by the specification’s call',
    async (shipTo) =>
      fromApi(await withKey('POST', '/api/purchase', { toolId: tool.id, quantity: 100, ...contact, shipTo })),
  ],
  [
    'an API key, by the cart',
    async (shipTo) => {
      expect((await withKey('PUT', `/api/cart/lines/${tool.id}`, { quantity: 100 })).statusCode).toBe(200);
      return fromApi(await withKey('POST', '/api/cart/checkout', { ...contact, shipTo }));
    },
  ],
  ['punchout cXML', (shipTo) => cxmlOrder(shipTo)],
  [
    'an OCI transfer, then its OrderRequest',
    async (shipTo) => {
      const hook = `https://${RETURN_HOST}/sap`;
      const opened = await ctx.app.inject({
        method: 'GET',
        url: `/punchout/oci?USERNAME=paths-srm&PASSWORD=${encodeURIComponent('a long oci password')}&HOOK_URL=${encodeURIComponent(hook)}`,
      });
      expect(opened.statusCode, opened.body).toBe(303);
      const cookie = String([opened.headers['set-cookie']].flat()[0]).split(';')[0] ?? '';
      const browser = (method: 'PUT' | 'POST', url: string, payload?: object) =>
        ctx.app.inject({
          method,
          url,
          headers: { cookie, origin: 'http://localhost:3000' },
          ...(payload ? { payload: payload as Record<string, unknown> } : {}),
        });
      expect((await browser('PUT', `/api/cart/lines/${tool.id}`, { quantity: 100 })).statusCode).toBe(200);
      const transfer = await browser('POST', '/api/punchout/transfer');
      expect(transfer.statusCode, transfer.body).toBe(200);
      const fields = formOf(transfer.body).fields;
      return cxmlOrder(shipTo, [
        {
          sku: fields.get('NEW_ITEM-VENDORMAT[1]') ?? '',
          quantity: Number(fields.get('NEW_ITEM-QUANTITY[1]')),
        },
      ]);
    },
  ],
];

/** Where a path's answer names the field: the API's words for the form, cXML's element for a document. */
const FIELD = {
  region: ['Ship-to region', 'ShipTo State'],
  postalCode: ['Ship-to postal code', 'ShipTo PostalCode'],
} as const;

const BAD_DESTINATIONS: {
  case: string;
  shipTo: Partial<ShipTo>;
  field: keyof typeof FIELD;
  message: string;
}[] = [
  {
    case: 'Manhattan with no state',
    shipTo: { line1: '1 Battery Park Plaza', city: 'New York', postalCode: '10004', country: 'US' },
    field: 'region',
    message: 'Please choose a state',
  },
  {
    case: 'Manhattan in the wrong state',
    shipTo: {
      line1: '1 Battery Park Plaza',
      city: 'New York',
      region: 'NJ',
      postalCode: '10004',
      country: 'US',
    },
    field: 'region',
    message:
      'Postal code 10004 is not in New Jersey but in New York: please check the state and the postal code',
  },
  {
    case: 'a made-up postal code',
    shipTo: {
      line1: '1 Battery Park Plaza',
      city: 'New York',
      region: 'NY',
      postalCode: 'NYC 1',
      country: 'US',
    },
    field: 'postalCode',
    message: 'This is not a postal code of this country (e.g. 15201 or 15201-1234)',
  },
  {
    case: 'an Ontario postcode with no province',
    shipTo: { line1: '100 Queen St W', city: 'Toronto', postalCode: 'M5H 2N2', country: 'CA' },
    field: 'region',
    message: 'Please choose a province or territory',
  },
  {
    case: 'no postal code',
    shipTo: { line1: '12 Mill Lane', city: 'Leeds', country: 'GB' },
    field: 'postalCode',
    message: 'Please enter the postal code',
  },
];

describe('every way an order is made', () => {
  describe.each(BAD_DESTINATIONS)('refuses $case', ({ shipTo, field, message }) => {
    it.each(PATHS)('through %s', async (path, order) => {
      const before = await ctx.db.select({ id: orders.id }).from(orders);
      const refusal = await order(shipTo);
      const [apiField, cxmlField] = FIELD[field];
      expect(refusal, path).toEqual(
        path.includes('OrderRequest') || path.startsWith('punchout')
          ? { status: 400, message: `${cxmlField}: ${message}` }
          : { status: 400, message: `${apiField}: ${message}` },
      );
      // Nothing was ordered, and the buyer's cart keeps what it held.
      expect(await ctx.db.select({ id: orders.id }).from(orders)).toHaveLength(before.length);
      if (path.includes('cart') || path === 'quick order' || path === 'order again') {
        const cart = (await call(buyer, 'GET', '/api/cart')).json<Cart>();
        expect(cart.lines.length).toBeGreaterThan(0);
      }
    });
  });

  it('orders a good destination through punchout, named as its ISO state code or its name', async () => {
    const iso = await cxmlOrder({
      line1: '1 Battery Park Plaza',
      city: 'New York',
      region: 'New York',
      postalCode: '10004',
      country: 'US',
    });
    expect(iso.status, iso.message).toBe(200);
    const placed = await ctx.db
      .select({ shipTo: orders.shipTo })
      .from(orders)
      .where(eq(orders.poNumber, `PO-PATHS-${payloads}`));
    expect(placed[0]?.shipTo).toMatchObject({ region: 'NY', postalCode: '10004', country: 'US' });
  });

  it('keeps a company that ships only to its address book to it on every path', async () => {
    const book = await call(buyer, 'POST', '/api/company/addresses', {
      label: 'Leeds works',
      name: 'Goods In',
      number: '+44 113 496 0000',
      shipTo: leeds,
    });
    expect(book.statusCode, book.body).toBe(201);
    const closed = await call(buyer, 'PATCH', '/api/company', { freeAddresses: false });
    expect(closed.statusCode, closed.body).toBe(200);
    const elsewhere = { line1: '9 Other Road', city: 'Leeds', postalCode: 'LS2 7UE', country: 'GB' };
    for (const [path, order] of PATHS) {
      const refusal = await order(elsewhere);
      if (path.includes('OrderRequest') || path.startsWith('punchout')) {
        expect(refusal.status, path).toBe(406);
        expect(refusal.message, path).toContain('ships only to its address book');
      } else {
        expect(refusal, path).toEqual({ status: 400, message: messages.companyAddressesOnly });
      }
    }
    // The book's own address goes through.
    expect((await cxmlOrder(leeds)).status).toBe(200);
    const reopened = await call(buyer, 'PATCH', '/api/company', { freeAddresses: true });
    expect(reopened.statusCode).toBe(200);
  });

  it('never lets a change move an order elsewhere: its body takes lines only', async () => {
    const changed = await call(buyer, 'PUT', `/api/purchase/${earlierOrderId}/lines`, {
      lines: [{ sku: tool.sku, quantity: 200 }],
      shipTo: { line1: '1 Battery Park Plaza', city: 'New York', postalCode: '10004', country: 'US' },
    });
    expect(changed.statusCode).toBe(400);
  });
});

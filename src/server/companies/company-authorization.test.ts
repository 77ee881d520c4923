import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '../../shared/api/quotes.schemas';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { payOrderAs, placeOrderAs, shipsToUk } from '../test/order-helpers';
import { startSmtpCatcher } from '../test/smtp-catcher';
import { createTestApp } from '../test/test-app';
import { joinCompany } from '../test/company-helpers';
import type { CompanyRole } from '../../shared/domain/company-roles';

/**
 * The companies' authorization matrix: every company call, and the documents a company shares, for
 * anonymous, each role of company A, company B's admin, a customer of no company and the shop's admin.
 * Another company's anything answers 404; a role that does not allow a call answers 403.
 */
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;

type Caller = 'anonymous' | 'aAdmin' | 'aBuyer' | 'aApprover' | 'aViewer' | 'bAdmin' | 'lone' | 'shopAdmin';
const CALLERS: Caller[] = [
  'anonymous',
  'aAdmin',
  'aBuyer',
  'aApprover',
  'aViewer',
  'bAdmin',
  'lone',
  'shopAdmin',
];
let users: Record<Exclude<Caller, 'anonymous'>, TestUser>;
let fixture: {
  orderId: string;
  quoteId: string;
  addressId: string;
  toolId: string;
  /** A saved list of A's buyer, with one line. */
  listId: string;
  /** Orders of A's buyer waiting for approval: one to approve, one to reject. */
  awaitingIds: [string, string];
  /** The first waiting order's total, as its approver is shown it. */
  toApproveTotal: number;
};

const join = (admin: TestUser, roles: CompanyRole[]) => joinCompany(ctx.app, smtp, admin, roles);

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
  await shipsToUk(ctx.db);
  const aAdmin = await signUp(ctx.app);
  const bAdmin = await signUp(ctx.app);
  for (const [admin, name] of [
    [aAdmin, 'Company A'],
    [bAdmin, 'Company B'],
  ] as const) {
    await injectAs(ctx.app, admin, { method: 'POST', url: '/api/companies', payload: { name } });
  }
  users = {
    aAdmin,
    aBuyer: await join(aAdmin, ['buyer']),
    aApprover: await join(aAdmin, ['approver']),
    aViewer: await join(aAdmin, ['viewer']),
    bAdmin,
    lone: await signUp(ctx.app),
    shopAdmin: await signUpAdmin(ctx.app, ctx.db),
  };
  const tool = await insertTool(ctx.db, { available: 1_000_000 });
  const order = await placeOrderAs(ctx.app, users.aBuyer, tool.id);
  await payOrderAs(ctx.app, users.aBuyer, order._id);
  const quote = await injectAs(ctx.app, users.aBuyer, {
    method: 'POST',
    url: '/api/quotes',
    payload: { toolId: tool.id, quantity: 5000 },
  });
  const address = await injectAs(ctx.app, aAdmin, {
    method: 'POST',
    url: '/api/company/addresses',
    payload: {
      label: 'Depot',
      name: 'Goods In',
      shipTo: { line1: '1 Road', city: 'Leeds', postalCode: 'LS1 4AP', country: 'GB' },
      number: '5550100',
    },
  });
  // Two orders waiting for A's approver (the threshold is 0 while they are placed).
  const rules = (approvalAbove: number | null) =>
    injectAs(ctx.app, aAdmin, {
      method: 'PUT',
      url: '/api/company/rules',
      payload: { approvalAbove, monthlyLimit: null },
    });
  await rules(0);
  const [toApprove, toReject] = [
    await placeOrderAs(ctx.app, users.aBuyer, tool.id),
    await placeOrderAs(ctx.app, users.aBuyer, tool.id),
  ];
  await rules(null);
  const list = await injectAs(ctx.app, users.aBuyer, {
    method: 'POST',
    url: '/api/lists',
    payload: { name: 'Monthly' },
  });
  const listId = list.json<{ insertedId: string }>().insertedId;
  await injectAs(ctx.app, users.aBuyer, {
    method: 'PUT',
    url: `/api/lists/${listId}/lines/${tool.id}`,
    payload: { quantity: 100 },
  });
  fixture = {
    listId,
    awaitingIds: [toApprove._id, toReject._id],
    toApproveTotal: toApprove.amount,
    orderId: order._id,
    quoteId: quote.json<{ quote: Quote }>().quote._id,
    addressId: address.json<{ insertedId: string }>().insertedId,
    toolId: tool.id,
  };
});
afterAll(async () => {
  await ctx.app.close();
  await smtp.close();
});

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: () => string;
  payload?: () => Record<string, unknown>;
  expected: Record<Caller, number>;
}

const companyA = (a: number, others: Partial<Record<Caller, number>> = {}): Record<Caller, number> => ({
  anonymous: 401,
  aAdmin: a,
  aBuyer: a,
  aApprover: a,
  aViewer: a,
  bAdmin: 404,
  lone: 404,
  shopAdmin: 404,
  ...others,
});
const adminsOfA = (status: number, others: Partial<Record<Caller, number>> = {}) =>
  companyA(403, { aAdmin: status, ...others });

const rows: [string, Row][] = [
  [
    'read an order of A',
    {
      method: 'GET',
      url: () => `/api/purchase/${fixture.orderId}`,
      expected: companyA(200, { shopAdmin: 200 }),
    },
  ],
  [
    'its invoice',
    {
      method: 'GET',
      url: () => `/api/purchase/${fixture.orderId}/invoice`,
      expected: companyA(200, { shopAdmin: 200 }),
    },
  ],
  [
    'read the company',
    { method: 'GET', url: () => '/api/company', expected: companyA(200, { bAdmin: 200 }) },
  ],
  [
    'invite a colleague',
    {
      method: 'POST',
      url: () => '/api/company/invitations',
      payload: () => ({ email: `new-${Math.random().toString(36).slice(2)}@example.com`, roles: ['viewer'] }),
      expected: adminsOfA(201, { bAdmin: 201 }),
    },
  ],
  [
    "change A's buyer's roles",
    {
      method: 'PATCH',
      url: () => `/api/company/members/${users.aBuyer.id}`,
      payload: () => ({ roles: ['buyer'] }),
      expected: adminsOfA(200),
    },
  ],
  [
    "set a colleague's monthly limit",
    {
      method: 'PATCH',
      url: () => `/api/company/members/${users.aBuyer.id}`,
      payload: () => ({ monthlyLimit: 1_000_000 }),
      expected: adminsOfA(200),
    },
  ],
  [
    'set the rules',
    {
      method: 'PUT',
      url: () => '/api/company/rules',
      payload: () => ({ approvalAbove: 1_000_000, monthlyLimit: null }),
      expected: adminsOfA(200, { bAdmin: 200 }),
    },
  ],
  [
    'list the orders waiting for approval',
    {
      method: 'GET',
      url: () => '/api/company/approvals',
      expected: companyA(403, { aApprover: 200, bAdmin: 403 }),
    },
  ],
  [
    "approve A's buyer's order",
    {
      method: 'POST',
      url: () => `/api/purchase/${fixture.awaitingIds[0]}/approve`,
      payload: () => ({ total: fixture.toApproveTotal }),
      expected: companyA(404, { aApprover: 200 }),
    },
  ],
  [
    "reject A's buyer's order",
    {
      method: 'POST',
      url: () => `/api/purchase/${fixture.awaitingIds[1]}/reject`,
      payload: () => ({ reason: 'Not this month' }),
      expected: companyA(404, { aApprover: 200 }),
    },
  ],
  [
    "read A's saved list",
    { method: 'GET', url: () => `/api/lists/${fixture.listId}`, expected: companyA(200) },
  ],
  [
    "add a product to A's saved list",
    {
      method: 'POST',
      url: () => `/api/lists/${fixture.listId}/lines`,
      payload: () => ({ toolId: fixture.toolId, quantity: 100 }),
      expected: companyA(403, { aAdmin: 200, aBuyer: 200 }),
    },
  ],
  [
    "put A's saved list into the cart",
    {
      method: 'POST',
      url: () => `/api/lists/${fixture.listId}/cart`,
      expected: companyA(403, { aAdmin: 200, aBuyer: 200 }),
    },
  ],
  [
    'make a saved list',
    {
      method: 'POST',
      url: () => '/api/lists',
      payload: () => ({ name: 'Another' }),
      expected: { ...companyA(403, { aAdmin: 201, aBuyer: 201 }), bAdmin: 201, lone: 201, shopAdmin: 201 },
    },
  ],
  [
    'add an address',
    {
      method: 'POST',
      url: () => '/api/company/addresses',
      payload: () => ({
        label: 'Yard',
        name: 'Yard',
        shipTo: { line1: '2 Road', city: 'Leeds', postalCode: 'LS1 4AP', country: 'GB' },
        number: '5550100',
      }),
      expected: adminsOfA(201, { bAdmin: 201 }),
    },
  ],
  [
    "change A's address",
    {
      method: 'PUT',
      url: () => `/api/company/addresses/${fixture.addressId}`,
      payload: () => ({
        label: 'Depot',
        name: 'Goods In',
        shipTo: { line1: '1 Road', city: 'Leeds', postalCode: 'LS1 4AP', country: 'GB' },
        number: '5550100',
      }),
      expected: adminsOfA(200),
    },
  ],
  [
    'place an order',
    {
      method: 'POST',
      url: () => '/api/purchase',
      payload: () => ({
        toolId: fixture.toolId,
        name: 'M',
        address: '1 Road',
        number: '5550100',
        quantity: 100,
      }),
      expected: { ...companyA(403, { aAdmin: 201, aBuyer: 201 }), bAdmin: 201, lone: 201, shopAdmin: 201 },
    },
  ],
  [
    'request a quote',
    {
      method: 'POST',
      url: () => '/api/quotes',
      payload: () => ({ toolId: fixture.toolId, quantity: 500 }),
      expected: { ...companyA(403, { aAdmin: 201, aBuyer: 201 }), bAdmin: 201, lone: 201, shopAdmin: 201 },
    },
  ],
];

describe.each(rows)('%s', (_name, row) => {
  it.each(CALLERS)('as %s', async (caller) => {
    const request = {
      method: row.method,
      url: row.url(),
      ...(row.payload ? { payload: row.payload() } : {}),
    };
    const response =
      caller === 'anonymous'
        ? await ctx.app.inject({ ...request, headers: { origin: 'http://localhost:3000' } })
        : await injectAs(ctx.app, users[caller], request);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(row.expected[caller]);
  });
});

describe("the lists show A's documents to A's colleagues only", () => {
  it.each(CALLERS.filter((caller) => caller !== 'anonymous'))('as %s', async (caller) => {
    const user = users[caller];
    const quotes = (await injectAs(ctx.app, user, { method: 'GET', url: '/api/quotes' })).json<Quote[]>();
    const orders = (
      await injectAs(ctx.app, user, {
        method: 'GET',
        url: `/api/purchase?email=${encodeURIComponent(user.email)}`,
      })
    ).json<{ _id: string }[]>();
    const inA = caller.startsWith('a') || caller === 'shopAdmin';
    expect(quotes.some((quote) => quote._id === fixture.quoteId)).toBe(inA);
    expect(orders.some((order) => order._id === fixture.orderId)).toBe(caller.startsWith('a'));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNotNull } from 'drizzle-orm';
import type { ErrorBody } from '../../shared/api/errors';
import type { OrderDetail } from '../../shared/api/orders.schemas';
import type { PunchoutConnection, PunchoutSessionInfo } from '../../shared/api/punchout.schemas';
import { auditLog, punchoutConnections, punchoutSessions, requestCounters, sessions } from '../db/schema';
import { clearCounters } from '../http/request-counters';
import { ORIGIN, type TestUser, injectAs, signUpAdmin } from '../test/auth-helpers';
import { newCompany } from '../test/company-helpers';
import { validateCxml, validateOci } from '../test/e-invoice-validators';
import { insertTool } from '../test/factories';
import { shipsToUk } from '../test/order-helpers';
import {
  type Credential,
  formOf,
  orderRequest,
  setupRequest,
  startProcurementSystem,
} from '../test/procurement-system';
import { startSmtpCatcher } from '../test/smtp-catcher';
import { createTestApp } from '../test/test-app';

/**
 * Punchout (DESIGN §11) end to end against a stand-in procurement system: it sends a
 * PunchOutSetupRequest, the buyer's browser follows the start page, fills the cart at the company's
 * prices and transfers it; the system receives the PunchOutOrderMessage at its BrowserFormPost address,
 * checks it against the cXML DTD and the cart, and sends the OrderRequest that becomes the order. The
 * same for OCI. Wrong secrets, used and expired start addresses, foreign return addresses, XXE and
 * oversized documents are refused; a stranger's document before it is parsed.
 */
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let procurement: Awaited<ReturnType<typeof startProcurementSystem>>;
let shopAdmin: TestUser;
let companyAdmin: TestUser;
let companyId: string;
let tool: Awaited<ReturnType<typeof insertTool>>;
const ariba: Credential = {
  domain: 'NetworkId',
  identity: 'AN01000000042',
  secret: 'correct horse battery staple',
};

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url, PUNCHOUT_ALLOW_LOCAL: 'true' } });
  await shipsToUk(ctx.db);
  procurement = await startProcurementSystem();
  shopAdmin = await signUpAdmin(ctx.app, ctx.db);
  ({ admin: companyAdmin, companyId } = await newCompany(ctx.app, 'Punchout Buyers Ltd'));
  const terms = await injectAs(ctx.app, shopAdmin, {
    method: 'PUT',
    url: `/api/admin/companies/${companyId}/terms`,
    payload: { terms: 'net30', creditLimit: 100_000 },
  });
  expect(terms.statusCode, terms.body).toBe(200);
  tool = await insertTool(ctx.db, { priceCents: 1250, available: 10_000 });
  const made = await injectAs(ctx.app, shopAdmin, {
    method: 'POST',
    url: '/api/admin/punchout-connections',
    payload: {
      companyId,
      protocol: 'cxml',
      systemName: 'SAP Ariba',
      senderDomain: ariba.domain,
      senderIdentity: ariba.identity,
      sharedSecret: ariba.secret,
      returnHosts: [procurement.host],
    },
  });
  expect(made.statusCode, made.body).toBe(201);
});
afterAll(async () => {
  await procurement.close();
  await ctx.app.close();
  await smtp.close();
});

const postCxml = (document: string, contentType = 'text/xml') =>
  ctx.app.inject({
    method: 'POST',
    url: '/punchout/cxml',
    headers: { 'content-type': contentType },
    payload: document,
  });
const statusOf = (xml: string) => {
  const status =
    /<Status code="(\d+)" text="[^"]*"(?: xml:lang="[^"]*")?\s*(?:\/>|>([\s\S]*?)<\/Status>)/.exec(xml);
  return { code: Number(status?.[1]), message: status?.[2] ?? '' };
};

/** The browser: follows the start address and keeps the session cookie it is given. */
async function follow(startUrl: string) {
  const opened = await ctx.app.inject({ method: 'GET', url: new URL(startUrl).pathname });
  const cookie = [opened.headers['set-cookie']]
    .flat()
    .filter(Boolean)
    .map((value) => String(value).split(';')[0])
    .join('; ');
  return { opened, cookie };
}
const asBrowser = (
  cookie: string,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => ctx.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });

async function punchOut(email?: string, items?: { sku: string; quantity: number; buyerPartId?: string }[]) {
  const answer = await postCxml(
    setupRequest(ariba, {
      returnUrl: procurement.url('/requisition'),
      email,
      items,
      operation: items ? 'edit' : 'create',
    }),
  );
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toContain('text/xml');
  expect(statusOf(answer.body).code, answer.body).toBe(200);
  const startUrl = /<URL>([^<]+)<\/URL>/.exec(answer.body)?.[1] ?? '';
  expect(startUrl).toMatch(/^http:\/\/localhost:3000\/punchout\/start\/[A-Za-z0-9_-]{43}$/);
  return { answer, startUrl };
}

describe('cXML punchout, from setup request to order', () => {
  it('sets up, signs the browser in once, fills the cart at the company’s prices, transfers it, and orders it', async () => {
    const { answer, startUrl } = await punchOut('pat.procurer@buyer.example');
    expect(await validateCxml(answer.body)).toMatchObject({ valid: true });

    const { opened, cookie } = await follow(startUrl);
    expect(opened.statusCode, opened.body).toBe(303);
    expect(opened.headers.location).toBe('/shop');
    expect(cookie).toMatch(/^better-auth\.session_token=/);
    // The start address works once.
    const again = await follow(startUrl);
    expect(again.opened.statusCode).toBe(410);
    expect(again.opened.body).toContain('was used already');

    const info = await asBrowser(cookie, 'GET', '/api/punchout/session');
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json<PunchoutSessionInfo>()).toMatchObject({
      protocol: 'cxml',
      systemName: 'SAP Ariba',
      company: 'Punchout Buyers Ltd',
      transferred: false,
    });
    // better-auth knows the session: the app shows the contact as signed in.
    const session = await asBrowser(cookie, 'GET', '/api/auth/get-session');
    // The contact's own account in the company, its address not confirmed by being named.
    expect(session.json<{ user: { email: string; emailVerified: boolean } }>().user).toMatchObject({
      email: 'pat.procurer@buyer.example',
      emailVerified: false,
    });
    // It changes no account: better-auth's own calls but reading itself and signing out are refused.
    const renamed = await asBrowser(cookie, 'POST', '/api/auth/update-user', { name: 'Mallory' });
    expect(renamed.statusCode, renamed.body).toBe(403);

    expect((await asBrowser(cookie, 'PUT', `/api/cart/lines/${tool.id}`, { quantity: 150 })).statusCode).toBe(
      200,
    );
    // A punchout fills the cart and transfers it: it never checks out, pays or manages the company.
    for (const [method, url] of [
      ['POST', '/api/cart/checkout'],
      ['POST', '/api/create-payment-intent'],
      ['GET', '/api/company'],
      ['GET', '/api/admin/punchout-connections'],
    ] as const) {
      const refused = await asBrowser(cookie, method, url, method === 'POST' ? {} : undefined);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
    }

    // The Transfer button is a form: it posts urlencoded, with nothing in it.
    const transfer = await ctx.app.inject({
      method: 'POST',
      url: '/api/punchout/transfer',
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    expect(transfer.headers['content-security-policy']).toContain(`form-action http://${procurement.host}`);
    const form = formOf(transfer.body);
    expect(form.action).toBe(procurement.url('/requisition'));
    // The browser posts the form, as the page makes it do.
    await fetch(form.action, { method: 'POST', body: form.fields });
    const [returned] = procurement.returned.slice(-1);
    const message = returned?.fields.get('cxml-urlencoded') ?? '';
    const check = await validateCxml(message);
    expect(check.valid, check.output).toBe(true);
    expect(message).toContain('<BuyerCookie>cookie-42</BuyerCookie>');
    // To the organisation that asked (the setup request's From), from the shop's own credential.
    expect(message).toMatch(
      /<To>\s*<Credential domain="NetworkId">\s*<Identity>BUYER-ORG-AN01000000042<\/Identity>/,
    );
    expect(message).toMatch(
      new RegExp(
        `<ItemIn quantity="150" lineNumber="1">\\s*<ItemID>\\s*<SupplierPartID>${tool.sku}</SupplierPartID>`,
      ),
    );
    expect(message).toMatch(/<UnitPrice>\s*<Money currency="USD">12\.50<\/Money>/);
    expect(message).toMatch(/<Classification domain="UNSPSC">27110000<\/Classification>/);
    expect(message).toMatch(/<Total>\s*<Money currency="USD">1875\.00<\/Money>/);
    // The lines went to the procurement system: they left the cart, so they cannot be ordered twice.
    const cartAfter = await asBrowser(cookie, 'GET', '/api/cart');
    expect(cartAfter.json<{ lines: unknown[] }>().lines).toEqual([]);
    expect((await asBrowser(cookie, 'POST', '/api/punchout/transfer')).statusCode).toBe(409);

    // The requisition approved, the system sends its purchase order.
    const po = orderRequest(ariba, {
      payloadId: 'po-1@stand-in',
      orderId: 'PO-4711',
      total: 1875,
      items: [{ sku: tool.sku, quantity: 150, unitPrice: 12.5 }],
    });
    const ordered = await postCxml(po);
    expect(statusOf(ordered.body), ordered.body).toMatchObject({
      code: 200,
      message: expect.stringMatching(/^Order \d+ placed$/) as unknown,
    });
    expect(await validateCxml(ordered.body)).toMatchObject({ valid: true });
    const orderNumber = Number(/Order (\d+)/.exec(ordered.body)?.[1]);
    // Sent again (a timeout on the system's side): the same order, not a second one.
    const resent = await postCxml(po);
    expect(statusOf(resent.body).message).toBe(`Order ${orderNumber} was placed for this payloadID already`);
    const list = await injectAs(ctx.app, shopAdmin, {
      method: 'GET',
      url: '/api/admin/punchout-connections',
    });
    const [connection] = list.json<PunchoutConnection[]>();
    expect(connection?.orders).toEqual([
      expect.objectContaining({ orderNumber, poNumber: 'PO-4711', payloadId: 'po-1@stand-in' }),
    ]);
    expect(connection?.sessions[0]).toMatchObject({
      contact: 'pat.procurer@buyer.example',
      started: true,
      transferred: true,
    });
    const order = await injectAs(ctx.app, shopAdmin, {
      method: 'GET',
      url: `/api/purchase/${connection?.orders[0]?._id}`,
    });
    expect(order.json<OrderDetail>()).toMatchObject({
      poNumber: 'PO-4711',
      paymentMethod: 'account',
      status: 'on_account',
      total: 1875,
    });
    // Its page says where it came from; an order placed otherwise says nothing of punchout.
    const origin = await injectAs(ctx.app, shopAdmin, {
      method: 'GET',
      url: `/api/purchase/${connection?.orders[0]?._id}/punchout`,
    });
    expect(origin.json()).toEqual({ systemName: 'SAP Ariba', payloadId: 'po-1@stand-in' });
    const audited = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'punchout.order'));
    expect(audited).toHaveLength(1);

    // A punchout's session ends eight hours after its start, however better-auth slides it.
    await ctx.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 9 * 3_600_000) })
      .where(isNotNull(sessions.punchoutSessionId));
    expect((await asBrowser(cookie, 'GET', '/api/punchout/session')).statusCode).toBe(401);
  });

  it('starts an edit with the requisition’s lines in the cart, and returns the buyer’s part numbers', async () => {
    const earlier = await follow((await punchOut()).startUrl);
    expect((await asBrowser(earlier.cookie, 'GET', '/api/punchout/session')).statusCode).toBe(200);
    const { startUrl } = await punchOut(undefined, [
      { sku: tool.sku, quantity: 200, buyerPartId: 'ACME-PRESS-9' },
    ]);
    const { opened, cookie } = await follow(startUrl);
    expect(opened.headers.location).toBe('/cart');
    // Both shop as the connection's buyer, whose cart is one: the earlier punchout is ended, not shared.
    expect((await asBrowser(earlier.cookie, 'GET', '/api/punchout/session')).statusCode).toBe(401);
    const transfer = await asBrowser(cookie, 'POST', '/api/punchout/transfer');
    const message = formOf(transfer.body).fields.get('cxml-urlencoded') ?? '';
    expect(message).toContain('<BuyerPartID>ACME-PRESS-9</BuyerPartID>');
    expect(message).toContain('quantity="200"');
  });

  it('refuses a wrong secret (401), a malformed document (400), unknown SKUs and wrong prices (406), naming the lines', async () => {
    const wrong = await postCxml(
      setupRequest({ ...ariba, secret: 'not the secret at all' }, { returnUrl: procurement.url('/r') }),
    );
    expect(statusOf(wrong.body)).toMatchObject({ code: 401 });
    expect(statusOf((await postCxml('<cXML><oops')).body)).toMatchObject({ code: 400 });
    expect(statusOf((await postCxml('{"not":"xml"}', 'application/json')).body)).toMatchObject({ code: 400 });
    const refused = await postCxml(
      orderRequest(ariba, {
        payloadId: 'po-bad@stand-in',
        orderId: 'PO-9',
        total: 1,
        items: [
          { sku: 'NO-SUCH-SKU', quantity: 100, unitPrice: 1 },
          { sku: tool.sku, quantity: 100, unitPrice: 9.99 },
        ],
      }),
    );
    const status = statusOf(refused.body);
    expect(status.code).toBe(406);
    const repeated = statusOf(
      (
        await postCxml(
          orderRequest(ariba, {
            payloadId: 'po-twice@stand-in',
            orderId: 'PO-10',
            total: 2500,
            items: [
              { sku: tool.sku, quantity: 100, unitPrice: 12.5 },
              { sku: tool.sku, quantity: 100, unitPrice: 12.5 },
            ],
          }),
        )
      ).body,
    );
    expect(repeated).toMatchObject({ code: 406, message: expect.stringContaining('Line 2') as unknown });
    const update = orderRequest(ariba, {
      payloadId: 'po-update@stand-in',
      orderId: 'PO-4711',
      total: 1,
      items: [{ sku: tool.sku, quantity: 100, unitPrice: 12.5 }],
    }).replace('type="new"', 'type="update"');
    expect(statusOf((await postCxml(update)).body)).toMatchObject({
      code: 406,
      message: expect.stringContaining('new orders only') as unknown,
    });
    expect(status.message).toContain('Line 1 (NO-SUCH-SKU): not a product the shop sells');
    expect(status.message).toContain(`Line 2 (${tool.sku}): ordered at $9.99 a unit, the price is $12.50`);
    expect(await validateCxml(refused.body)).toMatchObject({ valid: true });
  });

  it('refuses a return address off the connection’s hosts, an expired start address, XXE and oversized documents', async () => {
    const foreign = await postCxml(setupRequest(ariba, { returnUrl: 'https://evil.example/steal' }));
    expect(statusOf(foreign.body)).toMatchObject({
      code: 403,
      message: expect.stringContaining('not on this connection’s return hosts') as unknown,
    });

    const { startUrl } = await punchOut();
    await ctx.db.update(punchoutSessions).set({ startExpiresAt: new Date(Date.now() - 1000) });
    const expired = await follow(startUrl);
    expect(expired.opened.statusCode).toBe(410);
    expect(expired.opened.body).toContain('has expired');

    const xxe = await postCxml(
      `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY x SYSTEM "file:///etc/passwd">]><cXML payloadID="1">&x;</cXML>`,
    );
    expect(statusOf(xxe.body).code).toBe(400);
    const huge = await postCxml(`<cXML payloadID="1">${'x'.repeat(1024 * 1024 + 10)}</cXML>`);
    expect(statusOf(huge.body)).toMatchObject({ code: 413 });
  });
  it('checks the Sender before the document: a stranger’s is refused 401 unparsed, a hostile one 413, another Sender in the Header 401; each connection has its own limit (429)', async () => {
    const stranger: Credential = { domain: 'NetworkId', identity: 'AN-STRANGER', secret: 'a guess' };
    const setup = (who: Credential) => setupRequest(who, { returnUrl: procurement.url('/requisition') });
    // Broken after its Header: the stranger hears 401 (the credential comes first), the connection 400.
    const broken = (who: Credential) =>
      setup(who).replace('</PunchOutSetupRequest>', '<oops></PunchOutSetupRequest>');
    expect(statusOf((await postCxml(broken(stranger))).body)).toMatchObject({ code: 401 });
    expect(statusOf((await postCxml(broken(ariba))).body)).toMatchObject({
      code: 400,
      message: expect.stringContaining('not well-formed') as unknown,
    });
    // The document: 95,000 attributes, ~975 KB.
    const attributes = Array.from(
      { length: 95_000 },
      (_, i) => ` a${String(i).padStart(5, '0')}="${i % 2 ? '' : 'x'}"`,
    );
    const hostile = setup(stranger).replace(
      '<BuyerCookie>',
      `<Extrinsic name="x"${attributes.join('')}/><BuyerCookie>`,
    );
    expect(hostile.length).toBeGreaterThan(970 * 1024);
    expect(statusOf((await postCxml(hostile)).body)).toMatchObject({
      code: 413,
      message: expect.stringContaining('more than 32 attributes') as unknown,
    });
    // The connection's Sender ahead of the Header, a stranger's in it: the document is not the connection's.
    const sender = /<Sender>[\s\S]*?<\/Sender>/.exec(setup(ariba))?.[0] ?? '';
    const smuggled = setup(stranger).replace('<Header>', `<Path>${sender}</Path><Header>`);
    expect(statusOf((await postCxml(smuggled)).body)).toMatchObject({
      code: 401,
      message: expect.stringContaining('not the one') as unknown,
    });

    const [connection] = await ctx.db
      .select({ id: punchoutConnections.id })
      .from(punchoutConnections)
      .where(eq(punchoutConnections.senderIdentity, ariba.identity));
    const key = `punchout-connection:${connection?.id}`;
    await ctx.db
      .insert(requestCounters)
      .values({ key, count: 10_000_000, resetsAt: new Date(Date.now() + 60_000) })
      .onConflictDoUpdate({ target: requestCounters.key, set: { count: 10_000_000 } });
    const limited = await postCxml(setup(ariba));
    expect(limited.statusCode).toBe(429);
    expect(statusOf(limited.body)).toMatchObject({
      code: 429,
      message: expect.stringContaining('this connection') as unknown,
    });
    // A stranger is refused as before: counted against no connection.
    expect(statusOf((await postCxml(setup(stranger))).body)).toMatchObject({ code: 401 });
    await clearCounters(ctx.db, [key]);
    expect(statusOf((await postCxml(setup(ariba))).body)).toMatchObject({ code: 200 });
  });
});

describe('cXML punchout, the company’s rules', () => {
  it('shows an inspect’s requisition without letting it be transferred', async () => {
    const answer = await postCxml(
      setupRequest(ariba, {
        returnUrl: procurement.url('/requisition'),
        operation: 'inspect',
        items: [{ sku: tool.sku, quantity: 100 }],
      }),
    );
    const startUrl = /<URL>([^<]+)<\/URL>/.exec(answer.body)?.[1] ?? '';
    const { cookie } = await follow(startUrl);
    expect((await asBrowser(cookie, 'GET', '/api/cart')).json<{ lines: unknown[] }>().lines).toHaveLength(1);
    const transfer = await asBrowser(cookie, 'POST', '/api/punchout/transfer');
    expect(transfer.statusCode).toBe(409);
    expect(transfer.body).toContain('it is not changed here');
  });

  it('orders only to the address book of a company that ships only there', async () => {
    const only = await injectAs(ctx.app, companyAdmin, {
      method: 'PATCH',
      url: '/api/company',
      payload: { freeAddresses: false },
    });
    expect(only.statusCode, only.body).toBe(200);
    const po = (payloadId: string) =>
      orderRequest(ariba, {
        payloadId,
        orderId: 'PO-BOOK',
        total: 1250,
        items: [{ sku: tool.sku, quantity: 100, unitPrice: 12.5 }],
      });
    const refused = statusOf((await postCxml(po('po-book-1@stand-in'))).body);
    expect(refused.code).toBe(406);
    expect(refused.message).toContain(
      'ships only to its address book, and 12 Mill Lane, Leeds, LS1 4AP, United Kingdom is not in it',
    );
    const booked = await injectAs(ctx.app, companyAdmin, {
      method: 'POST',
      url: '/api/company/addresses',
      payload: {
        label: 'Leeds plant',
        name: 'Goods In',
        number: '01132496000',
        shipTo: { line1: '12 MILL LANE', city: 'Leeds', postalCode: 'ls1 4ap', country: 'GB' },
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(statusOf((await postCxml(po('po-book-2@stand-in'))).body)).toMatchObject({ code: 200 });
    await injectAs(ctx.app, companyAdmin, {
      method: 'PATCH',
      url: '/api/company',
      payload: { freeAddresses: true },
    });
  });
});

describe('OCI punchout', () => {
  it('opens from the catalog call, transfers the NEW_ITEM fields SAP reads to the HOOK_URL, and refuses a foreign one', async () => {
    const made = await injectAs(ctx.app, shopAdmin, {
      method: 'POST',
      url: '/api/admin/punchout-connections',
      payload: {
        companyId,
        protocol: 'oci',
        systemName: 'SAP SRM',
        username: 'srm-buyer',
        password: 'a long oci password',
        returnHosts: [procurement.host],
        buyerEmail: companyAdmin.email,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const call = (hook: string, password = 'a long oci password') =>
      ctx.app.inject({
        method: 'GET',
        url: `/punchout/oci?USERNAME=srm-buyer&PASSWORD=${encodeURIComponent(password)}&HOOK_URL=${encodeURIComponent(hook)}&~OkCode=ADDI&~TARGET=_top&~CALLER=CTLG`,
      });
    expect((await call(procurement.url('/sap'), 'wrong password here')).statusCode).toBe(401);
    // SAP SRM posts the catalog call as a form as often as it links it.
    const posted = await ctx.app.inject({
      method: 'POST',
      url: '/punchout/oci',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        USERNAME: 'srm-buyer',
        PASSWORD: 'a long oci password',
        HOOK_URL: procurement.url('/sap'),
        '~OkCode': 'ADDI',
      }).toString(),
    });
    expect(posted.statusCode, posted.body).toBe(303);
    const foreign = await call('https://evil.example/sap');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).toContain('not on this connection’s return hosts');

    const opened = await call(procurement.url('/sap/bc/srm?sap-client=100'));
    expect(opened.statusCode, opened.body).toBe(303);
    const cookie = String([opened.headers['set-cookie']].flat()[0]).split(';')[0] ?? '';
    expect((await asBrowser(cookie, 'PUT', `/api/cart/lines/${tool.id}`, { quantity: 120 })).statusCode).toBe(
      200,
    );
    const transfer = await asBrowser(cookie, 'POST', '/api/punchout/transfer');
    expect(transfer.statusCode, transfer.body).toBe(200);
    const form = formOf(transfer.body);
    expect(form.action).toBe(procurement.url('/sap/bc/srm?sap-client=100'));
    expect(form.target).toBe('_top');
    expect(Object.fromEntries(form.fields)).toMatchObject({
      'NEW_ITEM-DESCRIPTION[1]': tool.name.slice(0, 40),
      'NEW_ITEM-QUANTITY[1]': '120.000',
      'NEW_ITEM-UNIT[1]': 'EA',
      'NEW_ITEM-PRICE[1]': '12.50',
      'NEW_ITEM-PRICEUNIT[1]': '1',
      'NEW_ITEM-CURRENCY[1]': 'USD',
      'NEW_ITEM-VENDORMAT[1]': tool.sku,
      'NEW_ITEM-MATGROUP[1]': '27110000',
      'NEW_ITEM-LEADTIME[1]': '2',
      'NEW_ITEM-LONGTEXT_1:132[]': tool.name,
      '~OkCode': 'ADDI',
      '~CALLER': 'CTLG',
    });
    const oci = await validateOci(transfer.body);
    expect(oci.fatal, oci.output).toBe(0);
  });
});

describe('connections', () => {
  it('keep secrets hashed, refuse a taken credential and local hosts unless allowed, and are the shop admin’s alone', async () => {
    const list = (
      await injectAs(ctx.app, shopAdmin, { method: 'GET', url: '/api/admin/punchout-connections' })
    ).json<PunchoutConnection[]>();
    expect(JSON.stringify(list)).not.toContain(ariba.secret);
    const taken = await injectAs(ctx.app, shopAdmin, {
      method: 'POST',
      url: '/api/admin/punchout-connections',
      payload: {
        companyId,
        protocol: 'cxml',
        systemName: 'Coupa',
        senderDomain: 'networkid',
        senderIdentity: ariba.identity.toLowerCase(),
        sharedSecret: 'another long secret',
        returnHosts: ['coupa.example'],
      },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ErrorBody>().error.message).toBe(
      'Another connection uses this sender credential (domain and identity)',
    );
    expect(
      (await injectAs(ctx.app, companyAdmin, { method: 'GET', url: '/api/admin/punchout-connections' }))
        .statusCode,
    ).toBe(403);
    const connection = list.find((one) => one.protocol === 'cxml');
    // One that sent orders is disabled, not removed; disabled, it opens no punchout.
    expect(
      (
        await injectAs(ctx.app, shopAdmin, {
          method: 'DELETE',
          url: `/api/admin/punchout-connections/${connection?._id}`,
        })
      ).statusCode,
    ).toBe(409);
    const disabled = await injectAs(ctx.app, shopAdmin, {
      method: 'PUT',
      url: `/api/admin/punchout-connections/${connection?._id}`,
      payload: { systemName: 'SAP Ariba', returnHosts: [procurement.host], disabled: true },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(
      statusOf((await postCxml(setupRequest(ariba, { returnUrl: procurement.url('/r') }))).body).code,
    ).toBe(401);
  });
});

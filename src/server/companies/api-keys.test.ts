import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiKeys } from '../db/schema';
import { messages } from '../../shared/messages';
import type { ApiKey, CompanyApiKey, CreatedApiKey } from '../../shared/api/api-keys.schemas';
import type { ErrorBody } from '../../shared/api/errors';
import type { Order, OrderDetail, PlaceOrderResult } from '../../shared/api/orders.schemas';
import { injectAs, signUpAdmin } from '../test/auth-helpers';
import { newCompany, useCompanyTestApp } from '../test/company-helpers';
import { insertTool } from '../test/factories';
import { deliveryToLeeds, payOrderAs } from '../test/order-helpers';
import { validateDocument } from '../test/e-invoice-validators';

/**
 * A company's API keys (DESIGN §11): its admins make, list and revoke them; a key acts as
 * the company within its scopes (its ERP orders without a person, approvals and limits applied as to
 * any buyer), never as an admin of the shop or of the company; an unknown or revoked key is 401.
 */
const t = useCompanyTestApp();
const { call, join } = t;

const asKey = (
  key: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) =>
  injectAs(t.ctx.app, null, {
    method,
    url,
    headers: { authorization: `Bearer ${key}` },
    ...(payload === undefined ? {} : { payload }),
  });
const errorOf = (response: { body: string }) => (JSON.parse(response.body) as ErrorBody).error;

async function companyWithKey(
  scopes: string[],
  rules?: { approvalAbove: number | null; monthlyLimit: number | null },
) {
  const { admin, companyId } = await newCompany(t.ctx.app, 'Keyed Ltd');
  if (rules) expect((await call(admin, 'PUT', '/api/company/rules', rules)).statusCode).toBe(200);
  const made = await call(admin, 'POST', '/api/company/api-keys', { name: 'Warehouse ERP', scopes });
  expect(made.statusCode, made.body).toBe(201);
  return { admin, companyId, ...made.json<CreatedApiKey>() };
}

describe('API keys', () => {
  it('are made by a company admin, shown once, listed by name and scopes, and revoked', async () => {
    const { admin, key, prefix, _id } = await companyWithKey(['orders:read']);
    expect(key).toMatch(/^fl_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(prefix)).toBe(true);
    const listed = (await call(admin, 'GET', '/api/company/api-keys')).json<ApiKey[]>();
    expect(listed).toEqual([
      {
        _id,
        name: 'Warehouse ERP',
        scopes: ['orders:read'],
        pausedScopes: [],
        madeBy: admin.email,
        prefix,
        createdAt: expect.any(String) as unknown,
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(key);

    // A buyer of the company may not make one; nor may anyone give a scope that does not exist.
    const buyer = await join(admin, ['buyer']);
    expect(
      (await call(buyer, 'POST', '/api/company/api-keys', { name: 'Mine', scopes: ['orders:read'] }))
        .statusCode,
    ).toBe(403);
    const bad = await call(admin, 'POST', '/api/company/api-keys', { name: 'Bad', scopes: ['admin:all'] });
    expect(bad.statusCode).toBe(400);

    // Used, it says when; revoked, it is refused from the next call on.
    expect(
      (await asKey(key, 'GET', `/api/purchase?email=${encodeURIComponent(admin.email)}`)).statusCode,
    ).toBe(200);
    const used = (await call(admin, 'GET', '/api/company/api-keys')).json<ApiKey[]>();
    expect(used[0]?.lastUsedAt).not.toBeNull();
    const other = await newCompany(t.ctx.app, 'Someone Else Ltd');
    expect((await call(other.admin, 'DELETE', `/api/company/api-keys/${_id}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/api/company/api-keys/${_id}`)).statusCode).toBe(200);
    const revoked = await asKey(key, 'GET', `/api/purchase?email=${encodeURIComponent(admin.email)}`);
    expect(revoked.statusCode).toBe(401);
    expect(errorOf(revoked).message).toBe('This API key is unknown or was revoked');
    expect((await call(admin, 'GET', '/api/company/api-keys')).json<ApiKey[]>()).toEqual([]);
  });

  it('are listed to the shop’s admin with their company, who may revoke any', async () => {
    const { key, _id } = await companyWithKey(['catalog:read']);
    const shopAdmin = await signUpAdmin(t.ctx.app, t.ctx.db);
    const all = (await call(shopAdmin, 'GET', '/api/admin/api-keys')).json<CompanyApiKey[]>();
    expect(all).toContainEqual(
      expect.objectContaining({ _id, company: 'Keyed Ltd', scopes: ['catalog:read'] }),
    );
    expect(JSON.stringify(all)).not.toContain(key);
    expect((await asKey(key, 'GET', '/api/catalog')).statusCode).toBe(200);
    expect((await call(shopAdmin, 'DELETE', `/api/admin/api-keys/${_id}`)).statusCode).toBe(200);
    expect((await asKey(key, 'GET', '/api/catalog')).statusCode).toBe(401);
    expect((await call(shopAdmin, 'DELETE', `/api/admin/api-keys/${_id}`)).statusCode).toBe(404);
  });

  it('order as the company: cart, checkout, the company’s approval threshold applied; read its orders', async () => {
    const { admin, key } = await companyWithKey(['orders:read', 'orders:write'], {
      approvalAbove: 1500,
      monthlyLimit: null,
    });
    await join(admin, ['approver']);
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10 });
    expect((await asKey(key, 'PUT', `/api/cart/lines/${tool.id}`, { quantity: 200 })).statusCode).toBe(200);
    const placed = await asKey(key, 'POST', '/api/cart/checkout', deliveryToLeeds);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<PlaceOrderResult>().order;
    // $2,000 is above the company's $1,500: it waits for an approver, as any buyer's order would.
    expect(order).toMatchObject({
      status: 'awaiting_approval',
      placedBy: { name: 'Warehouse ERP (API key of ' + admin.name + ')' },
      // The ERP typed no company: the order names the one it was placed for (not "Company —").
      company: 'Keyed Ltd',
    });
    const read = await asKey(key, 'GET', `/api/purchase/${order._id}`);
    expect(read.statusCode).toBe(200);
    // Its timeline names the key: its writes are told apart from its admin's own.
    expect(read.json<OrderDetail>().history[0]?.actor).toBe(`${admin.email} (API key Warehouse ERP)`);
    // The company's admin sees the order among the company's, with the key named as who placed it.
    const listed = (await call(admin, 'GET', `/api/purchase?email=${encodeURIComponent(admin.email)}`)).json<
      Order[]
    >();
    expect(listed.map((one) => one._id)).toContain(order._id);
  });

  it('check out and read the company’s invoices as EN 16931 data', async () => {
    const { admin, key } = await companyWithKey(['orders:read', 'orders:write']);
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, weightGrams: 10 });
    expect((await asKey(key, 'PUT', `/api/cart/lines/${tool.id}`, { quantity: 100 })).statusCode).toBe(200);
    const placed = await asKey(key, 'POST', '/api/cart/checkout', deliveryToLeeds);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<PlaceOrderResult>().order;
    // A person pays it by card (a key takes no card payment); the ERP then reads its invoice.
    await payOrderAs(t.ctx.app, admin, order._id);
    const ubl = await asKey(key, 'GET', `/api/purchase/${order._id}/invoice?format=ubl`);
    expect(ubl.statusCode).toBe(200);
    const verdict = await validateDocument('en16931', ubl.body);
    expect(verdict.findings.filter((line) => !/ warning:/.test(line))).toEqual([]);
    expect(verdict.fatal).toBe(0);
  });

  it('stay within their scopes, and never act as an admin of the shop or of the company', async () => {
    const { key } = await companyWithKey(['catalog:read']);
    const tool = await insertTool(t.ctx.db, { priceCents: 1000 });
    expect((await asKey(key, 'GET', '/api/tools')).statusCode).toBe(200);
    const cart = await asKey(key, 'PUT', `/api/cart/lines/${tool.id}`, { quantity: 100 });
    expect(cart.statusCode).toBe(403);
    expect(errorOf(cart).message).toBe('This API key lacks the scope orders:write');
    for (const [method, url] of [
      ['GET', '/api/company/api-keys'],
      ['GET', '/api/company'],
      ['GET', '/api/admin/orders'],
      ['POST', '/api/create-payment-intent'],
    ] as const) {
      const refused = await asKey(key, method, url, method === 'POST' ? {} : undefined);
      expect({ url, status: refused.statusCode }).toEqual({ url, status: 403 });
      expect(errorOf(refused).message).toBe('This call is not open to API keys: sign in as a person');
    }
    for (const bad of ['fl_nope', `fl_${'A'.repeat(43)}`, 'not-a-key']) {
      expect((await asKey(bad, 'GET', '/api/cart')).statusCode).toBe(401);
    }
  });

  it('never do more than the colleague who made them: demoted, they read only; removed or deleted, they stop', async () => {
    const { admin: maker, key, _id: keyId } = await companyWithKey(['orders:read', 'orders:write']);
    const other = await join(maker, ['admin']);
    const tool = await insertTool(t.ctx.db, { priceCents: 1000, available: 100_000 });
    const order = async () => {
      const line = await asKey(key, 'PUT', `/api/cart/lines/${tool.id}`, { quantity: 100 });
      return line.statusCode === 200 ? asKey(key, 'POST', '/api/cart/checkout', deliveryToLeeds) : line;
    };
    // A colleague's order, which a removed maker's key read and changed in the report.
    const colleague = await join(maker, ['buyer']);
    expect((await call(colleague, 'PUT', `/api/cart/lines/${tool.id}`, { quantity: 100 })).statusCode).toBe(
      200,
    );
    const placed = await call(colleague, 'POST', '/api/cart/checkout', deliveryToLeeds);
    expect(placed.statusCode, placed.body).toBe(201);
    const colleaguesOrder = placed.json<PlaceOrderResult>().order;
    expect((await order()).statusCode).toBe(201);

    // Demoted to viewer: the key reads, and ordering is refused, saying why; the list shows it paused.
    expect(
      (await call(other, 'PATCH', `/api/company/members/${maker.id}`, { roles: ['viewer'] })).statusCode,
    ).toBe(200);
    expect((await asKey(key, 'GET', `/api/purchase/${colleaguesOrder._id}`)).statusCode).toBe(200);
    const refused = await order();
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(messages.apiKeyMakerMayNot('orders:write'));
    const change = await asKey(key, 'PUT', `/api/purchase/${colleaguesOrder._id}/lines`, {
      lines: [{ sku: tool.sku, quantity: 1000 }],
    });
    expect(change.statusCode).toBe(403);
    const listed = (await call(other, 'GET', '/api/company/api-keys')).json<ApiKey[]>();
    expect(listed.find((one) => one._id === keyId)).toMatchObject({
      scopes: ['orders:read', 'orders:write'],
      pausedScopes: ['orders:write'],
      madeBy: maker.email,
    });
    // Promoted again, it orders again.
    expect(
      (await call(other, 'PATCH', `/api/company/members/${maker.id}`, { roles: ['buyer'] })).statusCode,
    ).toBe(200);
    expect((await order()).statusCode).toBe(201);

    // Removed: the answer names the key it ended, which is refused at its next call for everything.
    const removed = await call(other, 'DELETE', `/api/company/members/${maker.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({
      modifiedCount: 1,
      endedApiKeys: [{ name: 'Warehouse ERP', prefix: key.slice(0, 7) }],
    });
    for (const [method, url] of [
      ['GET', `/api/purchase?email=${encodeURIComponent(maker.email)}`],
      ['GET', `/api/purchase/${colleaguesOrder._id}`],
      ['DELETE', `/api/purchase/${colleaguesOrder._id}`],
    ] as const) {
      const answer = await asKey(key, method, url);
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
    }
    // Even a key no one revoked stops when its maker is no longer in the company (the check is per
    // request, not only the revocation): the maker founds another company, the key's row restored.
    const founded = await call(maker, 'POST', '/api/companies', {
      name: 'Spin-off Ltd',
      taxId: 'GB987654321',
    });
    expect(founded.statusCode, founded.body).toBe(201);
    await t.ctx.db.update(apiKeys).set({ revokedAt: null }).where(eq(apiKeys.id, keyId));
    expect((await asKey(key, 'GET', `/api/purchase/${colleaguesOrder._id}`)).statusCode).toBe(401);
    expect((await asKey(key, 'GET', '/api/catalog')).statusCode).toBe(401);
    const still = (await call(colleague, 'GET', `/api/purchase/${colleaguesOrder._id}`)).json<OrderDetail>();
    expect(still.status).not.toBe('cancelled');

    // An account deleted by the shop takes the keys it made with it.
    const { admin: gone, key: goneKey } = await companyWithKey(['orders:read']);
    await join(gone, ['admin']);
    const shopAdmin = await signUpAdmin(t.ctx.app, t.ctx.db);
    const deleted = await call(shopAdmin, 'DELETE', `/api/user/${encodeURIComponent(gone.email)}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await asKey(goneKey, 'GET', '/api/catalog')).statusCode).toBe(401);
  });

  it('are described in the OpenAPI document as a bearer scheme', async () => {
    const spec = (await injectAs(t.ctx.app, null, { method: 'GET', url: '/api/docs' })).json<{
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    }>();
    expect(spec.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

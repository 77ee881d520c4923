import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, QuickAddResult } from '../../shared/api/cart.schemas';
import type { ErrorBody } from '../../shared/api/errors';
import type { PartNumberList } from '../../shared/api/part-numbers.schemas';
import { type TestUser, injectAs, signUp } from '../test/auth-helpers';
import { newCompany } from '../test/company-helpers';
import { insertTool } from '../test/factories';
import { createTestApp } from '../test/test-app';

/**
 * A company's own part numbers (DESIGN §11): kept by its admins, typed in quick order instead of the
 * shop's SKUs (with packs too), and shown on its cart lines; another company's numbers mean nothing.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;
let other: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin } = await newCompany(ctx.app));
  ({ admin: other } = await newCompany(ctx.app, 'Other Trading Ltd'));
  await insertTool(ctx.db, { sku: 'FT-PN-BIT', name: 'Bit', orderMultiple: 50, minOrder: 100 });
  await insertTool(ctx.db, { sku: 'FT-PN-SAW', name: 'Saw' });
});
afterAll(async () => {
  await ctx.app.close();
});

const put = (user: TestUser, rows: object[]) =>
  injectAs(ctx.app, user, { method: 'PUT', url: '/api/company/part-numbers', payload: { rows } });

describe('part numbers', () => {
  it('keeps a company’s list, refusing unknown SKUs and numbers given twice, all named', async () => {
    const refused = await put(admin, [
      { sku: 'FT-PN-BIT', partNumber: 'ACME-1' },
      { sku: 'FT-NOPE', partNumber: 'ACME-2' },
      { sku: 'FT-PN-SAW', partNumber: 'acme-1' },
    ]);
    expect(refused.statusCode).toBe(400);
    const message = refused.json<ErrorBody>().error.message;
    expect(message).toContain('row 3: part number acme-1 is already on row 1');
    expect(message).toContain('row 2: the shop has no SKU FT-NOPE');
    const saved = await put(admin, [
      { sku: 'ft-pn-bit', partNumber: 'ACME-BIT-5' },
      { sku: 'FT-PN-SAW', partNumber: 'ACME-SAW' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<PartNumberList>().rows).toEqual([
      { sku: 'FT-PN-BIT', partNumber: 'ACME-BIT-5' },
      { sku: 'FT-PN-SAW', partNumber: 'ACME-SAW' },
    ]);
    const lone = await signUp(ctx.app);
    expect((await put(lone, [])).statusCode).toBe(404);
  });

  it('takes them in quick order, packs too, and shows them on the cart', async () => {
    const response = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/cart/quick-add',
      payload: { text: 'acme-bit-5 3 BX\nACME-SAW 100' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = response.json<QuickAddResult>();
    expect(rows.map((row) => [row.sku, row.quantity, row.ok])).toEqual([
      ['FT-PN-BIT', 150, true],
      ['FT-PN-SAW', 100, true],
    ]);
    const cart = (await injectAs(ctx.app, admin, { method: 'GET', url: '/api/cart' })).json<Cart>();
    expect(cart.lines.map((line) => [line.sku, line.partNumber])).toEqual([
      ['FT-PN-BIT', 'ACME-BIT-5'],
      ['FT-PN-SAW', 'ACME-SAW'],
    ]);
  });

  it('means nothing to another company', async () => {
    const response = await injectAs(ctx.app, other, {
      method: 'POST',
      url: '/api/cart/quick-add',
      payload: { text: 'ACME-SAW 100', dryRun: true },
    });
    expect(response.json<QuickAddResult>().rows[0]).toMatchObject({ ok: false, sku: 'ACME-SAW' });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, signUp, signUpAdmin } from '../test/auth-helpers';
import { useCompanyTestApp } from '../test/company-helpers';
import { insertTool } from '../test/factories';
import { checkOutAs, payOrderAs, pittsburgh, taxesAndShipsToPennsylvania } from '../test/order-helpers';

/**
 * Issue 65: the walk of a cancellation after payment, as the code goes (scripts/walk-plugin.mjs tells
 * every function's entry): a stay is a visit to one file, from entering it until the work enters
 * another. Before billing had its room a shop admin's cancellation of a paid order walked 38 stays
 * through 19 files in 7 folders (counted by hand); traced with every function counted it was 77 stays
 * in 26 files and 12 folders, 13 of them in the orders' storage; reading the order once and carrying
 * it through the transition took it to 50 stays, 6 in the storage (docs/decisions/0010-billing-room.md);
 * the stock given back filling backorders from the rows its update locked, 49.
 * This holds the walk to what it is now, so that a change that scatters it again is seen: lower the
 * bounds when a change shortens it.
 */
const t = useCompanyTestApp();
let admin: TestUser;
let buyer: TestUser;

interface Entry {
  file: string;
  fn: string;
}

beforeAll(async () => {
  admin = await signUpAdmin(t.ctx.app, t.ctx.db);
  buyer = await signUp(t.ctx.app);
  await taxesAndShipsToPennsylvania(t.ctx.app, admin);
});

/** The functions the work enters, in order, while `during` runs. */
async function walkOf(during: () => Promise<void>): Promise<Entry[]> {
  const entries: Entry[] = [];
  const walk = globalThis as { __walk?: (file: string, fn: string) => void };
  walk.__walk = (file, fn) => entries.push({ file, fn });
  try {
    await during();
  } finally {
    delete walk.__walk;
  }
  return entries;
}

/** The stays of a walk: consecutive entries into one file are one stay. */
const staysOf = (entries: readonly Entry[]) =>
  entries.filter((entry, index) => index === 0 || entries[index - 1]?.file !== entry.file);
const folderOf = (file: string) => file.split('/').slice(0, -1).join('/');

describe('a shop admin cancels a paid order (POST /api/admin/orders/{id}/cancel)', () => {
  it('walks through the order, its billing and its stock without coming back and forth', async () => {
    const tool = await insertTool(t.ctx.db, { priceCents: 1234, weightGrams: 10, available: 1000 });
    const order = await checkOutAs(t.ctx.app, buyer, [{ toolId: tool.id, quantity: 120 }], {
      shipTo: pittsburgh,
    });
    await payOrderAs(t.ctx.app, buyer, order._id);

    let status = 0;
    const entries = await walkOf(async () => {
      const cancelled = await t.call(admin, 'POST', `/api/admin/orders/${order._id}/cancel`, {
        reason: 'Ordered twice',
      });
      status = cancelled.statusCode;
    });
    expect(status).toBe(200);
    // From the route's handler on (the request's authentication before it is every request's).
    const start = entries.findIndex((entry) => entry.file.endsWith('cancel-by-shop.ts'));
    // The server's own files: the shared domain's pure functions (formatting, arithmetic) are where the
    // rules are, called from anywhere; a stay is a visit to the server's code.
    const walk = entries.slice(start).filter((entry) => entry.file.startsWith('src/server/'));
    const stays = staysOf(walk);
    const files = new Set(walk.map((entry) => entry.file));
    const folders = new Set([...files].map(folderOf));
    console.log(
      `cancellation walk: ${stays.length} stays, ${walk.length} function entries, ${files.size} files, ${folders.size} folders\n` +
        stays.map((stay) => `  ${stay.file} ${stay.fn}`).join('\n') +
        `\n  of which in the orders' storage: ${stays.filter((stay) => stay.file.includes('orders/storage/')).length}`,
    );
    expect(start).toBeGreaterThanOrEqual(0);
    // The work went where a cancellation goes: the order, its credit note, the stock, the refund.
    for (const file of [
      'src/server/orders/cancel-by-shop.ts',
      'src/server/billing/credit-notes.ts',
      'src/server/stock/backorders.ts',
      'src/server/orders/send-refunds.ts',
    ])
      expect(files).toContain(file);
    // The order is read with its lines, credit notes and refunds once, as it is locked: the move, the
    // credit, the stock and the credit note's record carry it from there.
    expect(walk.filter((entry) => entry.fn === 'withLines')).toHaveLength(1);
    expect(stays.length).toBeLessThanOrEqual(49);
    expect(files.size).toBeLessThanOrEqual(27);
    expect(stays.filter((stay) => stay.file.includes('orders/storage/')).length).toBeLessThanOrEqual(6);
  });
});

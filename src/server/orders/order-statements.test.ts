import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import {
  checkOutAs,
  payOrderAs,
  pittsburgh,
  placeOrderAs,
  shipsToUk,
  taxesAndShipsToPennsylvania,
} from '../test/order-helpers';
import { createTestApp } from '../test/test-app';

/**
 * Issue 66: what each step of an order costs the database, counted in SQL statements (every one the
 * app sends, as drizzle logs it; a transaction's BEGIN and COMMIT besides). Counts, not times: they are
 * the same on a busy machine, and a change that adds a read to every order is seen here before a
 * benchmark shows it. Measured by this test before the order was read once per step and carried
 * through its transition (5c64c3c): POST /api/purchase 16, checkout 27, the card payment's three calls
 * 37, a shop admin's cancellation 49 (with its reads of the credit notes, which this count now leaves
 * out: 30 with them after; 28 once stock given back fills backorders from the rows its update
 * locked); the budgets are what the steps take now, to be lowered as they shrink. The bench's POST /api/purchase floor (bench/orders.mjs) is 6 statements.
 */
let statements: string[] = [];
let ctx: Awaited<ReturnType<typeof createTestApp>>;

/**
 * The outbox's and the webhooks' workers run beside each step (a step's commit nudges them): what they
 * send (claiming, rendering attachments, marking sent) is theirs, not the step's, and its timing is the
 * machine's. A step only adds to their queues.
 */
const byWorker = (sql: string) =>
  // Transactions' bounds (logged on PostgreSQL only), and the catalog's news to other processes, sent
  // once a step has committed and as the event loop gets to it.
  /^(begin|commit|rollback|savepoint|release)\b/i.test(sql) ||
  sql.startsWith('select pg_notify(') ||
  /^(select|update|delete)\b.*"(mail_outbox|webhook_deliveries|issued_document_files)"/.test(sql) ||
  /^insert into "issued_document_files"/.test(sql) ||
  /^select\b.* from "issued_documents"/.test(sql) ||
  // A credit note attached to its mail is found by the worker as the step sends its refund; the step's
  // own read of an invoiced order's credit notes is left out with them, in every run alike.
  /^select\b.* from "credit_note(s|_lines)"/.test(sql);

beforeAll(async () => {
  ctx = await createTestApp({
    onQuery: (sql) => {
      if (!byWorker(sql)) statements.push(sql);
    },
  });
  await shipsToUk(ctx.db);
});
afterAll(async () => {
  await ctx.app.close();
});

/** The statements `step` sent, printed with the step's name. */
async function counted(name: string, step: () => Promise<unknown>): Promise<string[]> {
  statements = [];
  await step();
  const sent = statements;
  statements = [];
  console.log(
    `${name}: ${sent.length} statements\n${sent.map((sql) => `  ${sql.slice(0, 110)}`).join('\n')}`,
  );
  return sent;
}

/** The reads of `table`'s rows among `sent` (a count of them, as the unpaid-order limit's, is no read of one). */
const reads = (sent: readonly string[], table: string) =>
  sent.filter(
    (sql) => sql.startsWith('select') && !sql.startsWith('select count(') && sql.includes(` from "${table}"`),
  ).length;

describe('the statements each order step sends', () => {
  it('places, pays and cancels an order within its budgets, reading the order once per step', async () => {
    const admin = await signUpAdmin(ctx.app, ctx.db);
    const buyer = await signUp(ctx.app);
    const tool = await insertTool(ctx.db, { priceCents: 1234, weightGrams: 10, available: 100_000 });
    await taxesAndShipsToPennsylvania(ctx.app, admin);
    // Warm: the first order of a process reads what later ones find cached.
    await placeOrderAs(ctx.app, buyer, tool.id);

    let orderId = '';
    const placed = await counted('POST /api/purchase', async () => {
      orderId = (await placeOrderAs(ctx.app, buyer, tool.id))._id;
    });
    expect(placed.length).toBeLessThanOrEqual(15);
    expect(reads(placed, 'orders')).toBe(0);

    const checkout = await counted(
      'POST /api/cart/checkout (after its line is put in the cart)',
      async () => {
        await checkOutAs(ctx.app, buyer, [{ toolId: tool.id, quantity: 120 }], { shipTo: pittsburgh });
      },
    );
    expect(checkout.length).toBeLessThanOrEqual(26);

    const paid = await counted('create intent, confirm the test card, PATCH /api/purchase/{id}', () =>
      payOrderAs(ctx.app, buyer, orderId),
    );
    // The PATCH: found for its caller, then locked and carried through the move and the invoice.
    expect(paid.length).toBeLessThanOrEqual(27);
    expect(reads(paid, 'orders')).toBeLessThanOrEqual(3);

    const cancelled = await counted('POST /api/admin/orders/{id}/cancel', async () => {
      const response = await injectAs(ctx.app, admin, {
        method: 'POST',
        url: `/api/admin/orders/${orderId}/cancel`,
        payload: { reason: 'Ordered twice' },
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    // With the card refund the test provider (Stripe's stand-in) makes after the commit, and its step.
    expect(cancelled.length).toBeLessThanOrEqual(28);
    // Found for the admin, then locked: the move, the credit note, the stock and the documents' record
    // carry the order from there (before: read again after each of them); after the commit, the refund's
    // step reads the status it leaves the order in.
    expect(reads(cancelled, 'orders')).toBeLessThanOrEqual(3);
    // Its lines once; then other orders' lines waiting for the stock it gives back (backorders).
    expect(reads(cancelled, 'order_lines')).toBeLessThanOrEqual(2);
  });
});

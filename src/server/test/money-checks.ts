import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/**
 * The books agree (DESIGN §11), checked over the whole database after every path a
 * test took: each problem as a sentence naming the order, none when all is well.
 * - an order's credit notes never credit more than its invoice, nor a line more units than were
 *   cancelled or returned of it;
 * - an order's card refunds (not refused) never give back more than it cost, and each refund pays out
 *   exactly its credit note;
 * - every credit note of an order on account is one ledger credit of its amount;
 * - a line never has more units shipped and cancelled than ordered, nor returned than shipped.
 */
export async function moneyProblems(db: Database): Promise<string[]> {
  const checks = [
    sql`select 'order ' || o.order_number || ' credited ' || sum(c.amount_cents) || ' of ' || o.amount_cents as problem
        from credit_notes c join orders o on o.id = c.order_id
        group by o.id, o.order_number, o.amount_cents having sum(c.amount_cents) > o.amount_cents`,
    sql`select 'order ' || o.order_number || ' line ' || l.line_number || ' credits ' || sum(cl.quantity) || ' units, more than cancelled and returned' as problem
        from credit_note_lines cl join order_lines l on l.order_id = cl.order_id and l.line_number = cl.line_number
        join orders o on o.id = l.order_id
        group by o.order_number, l.order_id, l.line_number, l.cancelled_quantity, l.returned_quantity
        having sum(cl.quantity) > l.cancelled_quantity + l.returned_quantity`,
    sql`select 'order ' || o.order_number || ' refunded ' || sum(r.amount_cents) || ' to its card of ' || o.amount_cents as problem
        from refunds r join orders o on o.id = r.order_id
        where r.method = 'card' and r.status <> 'failed'
        group by o.id, o.order_number, o.amount_cents having sum(r.amount_cents) > o.amount_cents`,
    sql`select 'refund of order ' || o.order_number || ' pays ' || r.amount_cents || ' for credit note ' || c.number || ' of ' || c.amount_cents as problem
        from refunds r join credit_notes c on c.id = r.credit_note_id join orders o on o.id = r.order_id
        where r.amount_cents <> c.amount_cents`,
    sql`select 'credit note ' || c.number || ' of order ' || o.order_number || ' is not on the ledger as ' || -c.amount_cents as problem
        from credit_notes c join orders o on o.id = c.order_id
        where o.payment_method = 'account' and not exists (
          select 1 from ledger_entries e where e.credit_note_id = c.id and e.amount_cents = -c.amount_cents)`,
    sql`select 'order ' || o.order_number || ' line ' || l.line_number || ' has ' || l.shipped_quantity || ' shipped, ' || l.cancelled_quantity || ' cancelled of ' || l.quantity as problem
        from order_lines l join orders o on o.id = l.order_id
        where l.shipped_quantity + l.cancelled_quantity > l.quantity or l.returned_quantity > l.shipped_quantity`,
  ];
  const problems: string[] = [];
  for (const check of checks) {
    const result = await db.execute(check);
    const rows = (result as { rows: { problem: string }[] }).rows;
    problems.push(...rows.map((row) => row.problem));
  }
  return problems;
}

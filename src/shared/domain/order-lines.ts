/**
 * An order is made of lines: one product each. Its one-phrase description comes from its lines here;
 * its totals are its charges' (shared/domain/order-charges.ts) and, once issued, its documents'
 * breakdown (shared/domain/document-breakdown.ts).
 */

/**
 * Who placed an order, by name, as mails greet them and its documents name them: as it was then, or the
 * recipient's on an order from before that was kept.
 */
export const placedByOf = (order: { placedByName: string | null; buyerName: string }) =>
  order.placedByName ?? order.buyerName;

/** The most lines one order (and one cart) may have. */
export const MAX_ORDER_LINES = 200;

/**
 * The order's items in one phrase, as the spec's `itemName` and a list's row show them: the first
 * line's name, with "+ 2 more" when there are more.
 */
export function itemsSummary(lines: readonly { name: string }[]): string {
  const [first] = lines;
  if (!first) return '';
  return lines.length === 1 ? first.name : `${first.name} + ${lines.length - 1} more`;
}

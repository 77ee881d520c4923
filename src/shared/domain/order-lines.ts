/**
 * An order is made of lines: one product each. Its totals and its one-phrase description
 * come from its lines here, and nowhere else.
 */

/** What the totals are made of: each line's units and what they cost. */
export interface LineAmount {
  quantity: number;
  amountCents: number;
}

/** The most lines one order (and one cart) may have. */
export const MAX_ORDER_LINES = 200;

/** Every unit of every line, and what they cost together. */
export function orderTotals(lines: readonly LineAmount[]): { quantity: number; amountCents: number } {
  let quantity = 0;
  let amountCents = 0;
  for (const line of lines) {
    quantity += line.quantity;
    amountCents += line.amountCents;
  }
  return { quantity, amountCents };
}

/**
 * The order's items in one phrase, as the spec's `itemName` and a list's row show them: the first
 * line's name, with "+ 2 more" when there are more.
 */
export function itemsSummary(lines: readonly { name: string }[]): string {
  const [first] = lines;
  if (!first) return '';
  return lines.length === 1 ? first.name : `${first.name} + ${lines.length - 1} more`;
}

import { packProblem } from '../../shared/domain/units';
import { lowerBound } from '../../shared/domain/order-quantity';
import { messages } from '../../shared/messages';
import type { SessionUser } from '../identity/request-user';
import type { Database, Executor } from '../db/database';
import { findOrderable } from '../records/products.repository';
import { DomainError } from '../http/domain-error';
import type { MailContext } from '../mail/mail-layout';
import { queueMail } from '../mail/outbox';
import { cartLinesOf, emptyCart } from '../orders/cart';
import { assertMayOrder } from '../orders/place-order';
import { quoteRequestedMail } from './quote-mails';
import { type FullQuote, insertQuote } from './quotes.repository';

export interface QuoteRequest {
  lines: readonly { toolId: string; quantity: number }[];
  note: string;
}

/**
 * Stores a quote request in the caller's transaction and queues the shop's mail: every product must
 * exist, and every quantity reach the product's smallest order (whatever the stock). A refusal names
 * each line that falls short, when there are several.
 */
export async function insertQuoteRequest(
  tx: Executor,
  { minUnits, mail }: { minUnits: number; mail: MailContext },
  user: SessionUser,
  { lines, note }: QuoteRequest,
): Promise<FullQuote> {
  assertMayOrder(user);
  const found = await findOrderable(tx, { ids: [...new Set(lines.map((line) => line.toolId))] });
  const byId = new Map(found.map((product) => [product.id, product]));
  const problems: string[] = [];
  const asked = lines.flatMap(({ toolId, quantity }, index) => {
    const product = byId.get(toolId);
    if (!product) throw new DomainError('NOT_FOUND', messages.productNotFound);
    const lower = lowerBound(product.minOrder, minUnits, product.orderMultiple);
    // Above the stock is a quote's business (the shop may make more); below the minimum or in part packs is not.
    const problem =
      quantity < lower
        ? messages.quoteBelowMinimum(lower)
        : packProblem(quantity, { multiple: product.orderMultiple, lower, upper: Number.MAX_SAFE_INTEGER });
    if (problem)
      problems.push(lines.length === 1 ? problem : messages.onLine(index + 1, product.name, problem));
    return [{ productId: product.id, sku: product.sku, name: product.name, quantity }];
  });
  if (problems.length > 0) throw new DomainError('VALIDATION_FAILED', problems.join(' '));
  const quote = await insertQuote(
    tx,
    {
      userId: user.id,
      companyId: user.company?.id ?? null,
      email: user.email.toLowerCase(),
      buyerName: user.name,
      note,
    },
    asked,
  );
  await queueMail(tx, quoteRequestedMail(mail, quote));
  return quote;
}

/**
 * A customer asks for a price (POST /api/quotes): on one product's quantity, or on several products at
 * once: beyond the stock, or a negotiated price on a large order. The shop is told by mail in the same
 * transaction.
 */
export async function requestQuote(
  { db, minUnits, mail }: { db: Database; minUnits: number; mail: MailContext },
  user: SessionUser,
  request: QuoteRequest,
): Promise<FullQuote> {
  const quote = await db.transaction((tx) => insertQuoteRequest(tx, { minUnits, mail }, user, request));
  mail.nudge();
  return quote;
}

/**
 * The buyer's whole cart becomes one quote request (POST /api/cart/quote), and the cart empties in the
 * same transaction: its lines now wait for the shop's prices, and accepting the quote orders them.
 */
export async function requestQuoteForCart(
  { db, minUnits, mail }: { db: Database; minUnits: number; mail: MailContext },
  user: SessionUser,
  note: string,
): Promise<FullQuote> {
  const quote = await db.transaction(async (tx) => {
    const cart = await cartLinesOf(tx, user.id, { lock: true });
    if (cart.length === 0) throw new DomainError('VALIDATION_FAILED', messages.cartEmpty);
    const requested = await insertQuoteRequest(tx, { minUnits, mail }, user, {
      lines: cart.map((line) => ({ toolId: line.productId, quantity: line.quantity })),
      note,
    });
    await emptyCart(tx, user.id);
    return requested;
  });
  mail.nudge();
  return quote;
}

import type { SessionUser } from '../auth/session';
import type { CatalogCache } from '../catalog/catalog-cache';
import { findProduct, reserveStockFor } from '../catalog/products.repository';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import type { MailContext } from '../mail/mail-layout';
import type { OrderRow } from '../orders/orders.repository';
import { type DeliveryFields, holdUnpaidOrderSlot, insertUnpaidOrder } from '../orders/place-order';
import { canAcceptQuote } from '../../shared/domain/quote-status';
import { messages } from '../../shared/messages';
import { formatUnits } from '../../shared/numbers';
import { findQuoteFor, moveQuote, quoteExpired } from './quotes.repository';

export interface AcceptQuoteDeps {
  db: Database;
  catalogCache: CatalogCache;
  holdHours: number;
  maxUnpaid: number;
  mail: MailContext;
  now?: () => Date;
}

/**
 * A customer accepts their answered quote before it expires (POST /api/quotes/{id}/accept): in one
 * transaction the quote becomes accepted, its quantity is reserved from the stock as it is now, and an
 * unpaid order at the quoted unit price is stored, with its 'order placed' mail. Too little stock, an
 * expired quote or one accepted already refuse it and change nothing.
 */
export async function acceptQuote(
  { db, catalogCache, holdHours, maxUnpaid, mail, now = () => new Date() }: AcceptQuoteDeps,
  user: SessionUser,
  quoteId: string,
  details: DeliveryFields,
): Promise<OrderRow> {
  const placed = await db.transaction(async (tx) => {
    const quote = await findQuoteFor(tx, user, quoteId);
    const at = now();
    if (quote.status === 'answered' && !canAcceptQuote(quote, at)) throw quoteExpired();
    await holdUnpaidOrderSlot(tx, user, maxUnpaid);
    // The arbiter between two acceptances at once: only one moves the quote.
    const accepted = await moveQuote(tx, quoteId, 'accepted', { stillValidAt: at });
    const product = accepted.productId
      ? await reserveStockFor(tx, accepted.productId, accepted.quantity, null)
      : null;
    if (!product) {
      const current = accepted.productId ? await findProduct(tx, accepted.productId) : undefined;
      if (!current) throw new DomainError('OUT_OF_STOCK', messages.productNotFound);
      throw new DomainError(
        'OUT_OF_STOCK',
        `Only ${formatUnits(current.available)} units are in stock now, fewer than the ${formatUnits(accepted.quantity)} of this quote. Nothing was ordered; please try again later or contact us.`,
      );
    }
    const row = await insertUnpaidOrder(tx, {
      user,
      details,
      product,
      quantity: accepted.quantity,
      unitPriceCents: accepted.unitPriceCents ?? 0,
      holdHours,
      mail,
      placedAt: at,
      quoteId: accepted.id,
    });
    return { row, stock: { id: product.id, available: product.available } };
  });
  catalogCache.stockChanged([placed.stock]);
  mail.nudge();
  return placed.row;
}

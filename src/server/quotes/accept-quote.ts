import type { SessionUser } from '../auth/session';
import type { CatalogCache } from '../catalog/catalog-cache';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import type { MailContext } from '../mail/mail-layout';
import { takeStockUpTo } from '../orders/backorders';
import type { PlacedOrder } from '../orders/orders.repository';
import { type DeliveryFields, holdUnpaidOrderSlot, insertUnpaidOrder } from '../orders/place-order';
import { canAcceptQuote } from '../../shared/domain/quote-status';
import { messages } from '../../shared/messages';
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
 * transaction the quote becomes accepted, its quantity is reserved from the stock as it is now (what
 * is missing is backordered when the answer gave a ship date for it), and an unpaid order at the quoted
 * unit price is stored, with its 'order placed' mail. Too little stock without a ship date, an expired
 * quote or one accepted already refuse it and change nothing.
 */
export async function acceptQuote(
  { db, catalogCache, holdHours, maxUnpaid, mail, now = () => new Date() }: AcceptQuoteDeps,
  user: SessionUser,
  quoteId: string,
  details: DeliveryFields,
): Promise<PlacedOrder> {
  const placed = await db.transaction(async (tx) => {
    const quote = await findQuoteFor(tx, user, quoteId);
    const at = now();
    if (quote.status === 'answered' && !canAcceptQuote(quote, at)) throw quoteExpired();
    await holdUnpaidOrderSlot(tx, user, maxUnpaid);
    // The arbiter between two acceptances at once: only one moves the quote.
    const accepted = await moveQuote(tx, quoteId, 'accepted', { stillValidAt: at });
    // A quote answered with a ship date takes what is in stock and backorders the rest, which new
    // stock fills first; one answered without needs its whole quantity in stock now.
    const taking = accepted.productId ? await takeStockUpTo(tx, accepted.productId, accepted.quantity) : null;
    if (!taking) throw new DomainError('OUT_OF_STOCK', messages.productNotFound);
    const { product, taken } = taking;
    if (taken < accepted.quantity && accepted.shipDate === null) {
      throw new DomainError('OUT_OF_STOCK', messages.quoteStockShort(taken, accepted.quantity));
    }
    const unitPriceCents = accepted.unitPriceCents ?? 0;
    const row = await insertUnpaidOrder(tx, {
      user,
      details,
      lines: [
        {
          productId: product.id,
          sku: product.sku,
          name: product.name,
          quantity: accepted.quantity,
          unitPriceCents,
          amountCents: unitPriceCents * accepted.quantity,
          priceSource: 'quote',
          priceSourceRef: accepted.id,
          backorderedUnits: accepted.quantity - taken,
        },
      ],
      holdHours,
      mail,
      placedAt: at,
      quoteId: accepted.id,
      shipDate: accepted.shipDate,
    });
    return { row, stock: { id: product.id, available: product.available } };
  });
  catalogCache.stockChanged([placed.stock]);
  mail.nudge();
  return placed.row;
}

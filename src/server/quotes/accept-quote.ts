import type { ChargesPreview } from '../../shared/api/cart.schemas';
import type { ShopDetails } from '../config/shop-details';
import { countOrderPlaced } from '../metrics/metrics';
import { previewCharges } from '../tax/charges';
import type { Place } from '../tax/places';
import type { SessionUser } from '../identity/request-user';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import { type ProductStock, takeStockUpTo } from '../records/products.repository';
import type { PlacedOrder } from '../orders/storage/orders.repository';
import { type DeliveryFields, holdUnpaidOrderSlot, insertUnpaidOrder } from '../orders/place-order';
import { type OrderProcessDeps, runOrderWork } from '../orders/order-process';
import { canAcceptQuote } from '../../shared/domain/quote-status';
import { messages } from '../../shared/messages';
import { type FullQuote, findQuoteFor, moveQuote, quotedLineCents, quoteExpired } from './quotes.repository';

export interface AcceptQuoteDeps extends OrderProcessDeps {
  holdHours: number;
  maxUnpaid: number;
}

/**
 * A customer accepts their answered quote before it expires (POST /api/quotes/{id}/accept): in one
 * transaction the quote becomes accepted, each line's quantity is reserved from the stock as it is now
 * (products taken in id order, so overlapping acceptances never deadlock; what is missing is
 * backordered when the answer gave a ship date), and one unpaid order of the quote's lines at the
 * quoted prices is stored, with its 'order placed' mail. Too little stock without a ship date, a
 * product gone, an expired quote or one accepted already refuse it and change nothing.
 */
export async function acceptQuote(
  deps: AcceptQuoteDeps,
  user: SessionUser,
  quoteId: string,
  details: DeliveryFields,
): Promise<PlacedOrder> {
  const { holdHours, maxUnpaid } = deps;
  const placed = await runOrderWork(deps, async (work) => {
    const { tx, at } = work;
    const quote = await findQuoteFor(tx, user, quoteId);
    if (quote.status === 'answered' && !canAcceptQuote(quote, at)) throw quoteExpired();
    const rules = await holdUnpaidOrderSlot(tx, user, maxUnpaid);
    // The arbiter between two acceptances at once: only one moves the quote.
    await moveQuote(tx, quoteId, 'accepted', { stillValidAt: at });
    const about = (line: FullQuote['lines'][number], problem: string) =>
      quote.lines.length === 1 ? problem : messages.onLine(line.lineNumber, line.name, problem);

    // A quote answered with a ship date takes what is in stock and backorders the rest, which new
    // stock fills first; one answered without needs every line's whole quantity in stock now.
    const taken = new Map<number, number>();
    const units = new Map<number, string>();
    const stock: ProductStock[] = [];
    const problems = new Map<number, string>();
    const byProduct = [...quote.lines].sort((a, b) => (a.productId ?? '').localeCompare(b.productId ?? ''));
    for (const line of byProduct) {
      const taking = line.productId ? await takeStockUpTo(tx, line.productId, line.quantity) : null;
      if (!taking) {
        problems.set(line.lineNumber, about(line, messages.quoteProductGone));
        continue;
      }
      taken.set(line.lineNumber, taking.taken);
      units.set(line.lineNumber, taking.product.unit);
      stock.push({ id: taking.product.id, available: taking.product.available });
      if (taking.taken < line.quantity && quote.shipDate === null) {
        problems.set(line.lineNumber, about(line, messages.quoteStockShort(taking.taken, line.quantity)));
      }
    }
    if (problems.size > 0) {
      const inLineOrder = [...problems].sort(([a], [b]) => a - b).map(([, problem]) => problem);
      throw new DomainError('OUT_OF_STOCK', inLineOrder.join(' '));
    }

    work.stockMoved(stock);
    return insertUnpaidOrder(work, {
      user,
      rules,
      details,
      lines: quote.lines.map((line) => {
        const unitPriceCents = line.unitPriceCents ?? 0;
        return {
          productId: line.productId,
          sku: line.sku,
          name: line.name,
          unit: units.get(line.lineNumber) ?? null,
          quantity: line.quantity,
          unitPriceCents,
          amountCents: quotedLineCents(line),
          priceSource: 'quote' as const,
          priceSourceRef: quote.id,
          priceSourceLabel: null,
          backorderedUnits: line.quantity - (taken.get(line.lineNumber) ?? 0),
        };
      }),
      holdHours,
      quoteId: quote.id,
      shipDate: quote.shipDate,
    });
  });
  countOrderPlaced('quote', placed);
  return placed;
}

/**
 * What accepting the caller's quote would cost delivered to `place` (GET /api/quotes/{id}/charges):
 * its lines at the quoted prices, with the freight and tax by rate the order would carry. A line whose
 * product is gone is not charged: accepting is refused, saying which.
 */
export async function previewAcceptance(
  db: Database,
  user: SessionUser,
  quoteId: string,
  place: Place,
  { seller, notForResale }: { seller: ShopDetails; notForResale?: boolean | undefined },
): Promise<ChargesPreview> {
  const quote = await findQuoteFor(db, user, quoteId);
  const lines = quote.lines.flatMap((line) =>
    line.productId
      ? [{ productId: line.productId, quantity: line.quantity, amountCents: quotedLineCents(line) }]
      : [],
  );
  return previewCharges(db, lines, place, { companyId: user.company?.id ?? null, seller, notForResale });
}

import { lowerBound } from '../../shared/domain/order-quantity';
import { messages } from '../../shared/messages';
import type { SessionUser } from '../auth/session';
import { findProduct } from '../catalog/products.repository';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import type { MailContext } from '../mail/mail-layout';
import { queueMail } from '../mail/outbox';
import { quoteRequestedMail } from './quote-mails';
import { type QuoteRow, insertQuote } from './quotes.repository';

/**
 * A customer asks for a price (POST /api/quotes): for more than the stock, or a negotiated price on a
 * large order. Any quantity from the product's smallest order up is accepted, whatever the stock; the
 * shop is told by mail in the same transaction.
 */
export async function requestQuote(
  { db, minUnits, mail }: { db: Database; minUnits: number; mail: MailContext },
  user: SessionUser,
  input: { toolId: string; quantity: number; note: string },
): Promise<QuoteRow> {
  const quote = await db.transaction(async (tx) => {
    const product = await findProduct(tx, input.toolId);
    if (!product) throw new DomainError('NOT_FOUND', messages.productNotFound);
    const lower = lowerBound(product.minOrder, minUnits);
    if (input.quantity < lower) {
      throw new DomainError('VALIDATION_FAILED', messages.quoteBelowMinimum(lower));
    }
    const row = await insertQuote(tx, {
      userId: user.id,
      email: user.email.toLowerCase(),
      buyerName: user.name,
      productId: product.id,
      itemName: product.name,
      sku: product.sku,
      quantity: input.quantity,
      note: input.note,
    });
    await queueMail(tx, quoteRequestedMail(mail, row));
    return row;
  });
  mail.nudge();
  return quote;
}

import { formatQuoteNumber } from '../../shared/domain/document-numbers';
import { formatCents } from '../../shared/money';
import { formatUnits } from '../../shared/numbers';
import { type MailContext, businessMail, formatMailTime } from '../mail/mail-layout';
import type { Mail } from '../mail/mailer';
import type { QuoteRow } from './quotes.repository';

type QuoteMailContext = Pick<MailContext, 'shop' | 'publicUrl'>;

function quoteFacts(quote: QuoteRow): [string, string][] {
  return [
    ['Quote', formatQuoteNumber(quote.quoteNumber)],
    ['Item', `${quote.itemName} (${quote.sku})`],
    ['Quantity', `${formatUnits(quote.quantity)} units`],
  ];
}

/** To the shop (content/business.json's address): a customer asks for a price. */
export function quoteRequestedMail(ctx: QuoteMailContext, quote: QuoteRow): Mail {
  return businessMail({
    to: ctx.shop.email,
    subject: `Quote request ${formatQuoteNumber(quote.quoteNumber)}: ${formatUnits(quote.quantity)} × ${quote.itemName}`,
    greeting: 'Hello,',
    lead: [`${quote.buyerName} (${quote.email}) asks for a price:`],
    facts: [...quoteFacts(quote), ['Note', quote.note || '(none)']],
    action: { url: `${ctx.publicUrl}/dashboard/quotes`, label: 'Answer the quote' },
    shop: ctx.shop,
  });
}

/** To the customer: the shop's price and until when it holds. */
export function quoteAnsweredMail(ctx: QuoteMailContext, quote: QuoteRow): Mail {
  const unit = quote.unitPriceCents ?? 0;
  return businessMail({
    to: quote.email,
    subject: `Your quote ${formatQuoteNumber(quote.quoteNumber)}: ${formatCents(unit)} per unit`,
    greeting: `Hello ${quote.buyerName},`,
    lead: [
      `We can offer ${formatUnits(quote.quantity)} units of ${quote.itemName} at ${formatCents(unit)} per unit. Accept the quote before it expires and we reserve the stock for your order.`,
    ],
    facts: [
      ...quoteFacts(quote),
      ['Unit price', formatCents(unit)],
      ['Total', formatCents(unit * quote.quantity)],
      ['Valid until', quote.validUntil ? formatMailTime(quote.validUntil) : ''],
      ...(quote.shipDate ? ([['Units not in stock ship by', quote.shipDate]] as [string, string][]) : []),
      ...(quote.reply ? ([['Our note', quote.reply]] as [string, string][]) : []),
    ],
    action: { url: `${ctx.publicUrl}/dashboard/myQuotes`, label: 'See and accept the quote' },
    shop: ctx.shop,
  });
}

/** To the customer: the shop cannot offer this. */
export function quoteDeclinedMail(ctx: QuoteMailContext, quote: QuoteRow): Mail {
  return businessMail({
    to: quote.email,
    subject: `Your quote request ${formatQuoteNumber(quote.quoteNumber)}`,
    greeting: `Hello ${quote.buyerName},`,
    lead: [`We are sorry: we cannot offer a price for this request.`],
    facts: [
      ...quoteFacts(quote),
      ...(quote.reply ? ([['Our note', quote.reply]] as [string, string][]) : []),
    ],
    action: { url: `${ctx.publicUrl}/shop`, label: 'Browse the shop' },
    shop: ctx.shop,
  });
}

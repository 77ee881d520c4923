import { formatQuoteNumber } from '../../shared/domain/document-numbers';
import { formatCents } from '../../shared/money';
import { formatUnits } from '../../shared/numbers';
import { type MailContext, businessMail, formatMailTime } from '../mail/mail-layout';
import type { Mail } from '../mail/mailer';
import { itemsSummary } from '../../shared/domain/order-lines';
import { type FullQuote, quotedLineCents } from './quotes.repository';

type QuoteMailContext = Pick<MailContext, 'shop' | 'publicUrl'>;

/** A line as a mail lists it: `Name (SKU): 250 units`, with its price and amount once answered. */
const lineFact = (line: FullQuote['lines'][number]): [string, string] => [
  `${line.name} (${line.sku})`,
  `${formatUnits(line.quantity)} units` +
    (line.unitPriceCents === null
      ? ''
      : ` at ${formatCents(line.unitPriceCents)} = ${formatCents(line.unitPriceCents * line.quantity)}`),
];

const quotedTotalCents = (quote: FullQuote) =>
  quote.lines.reduce((sum, line) => sum + quotedLineCents(line), 0);

/** The quote at a glance: its number and items, then a fact per line. */
function quoteFacts(quote: FullQuote): [string, string][] {
  return [
    ['Quote', `${formatQuoteNumber(quote.quoteNumber)}: ${itemsSummary(quote.lines)}`],
    ...quote.lines.map(lineFact),
  ];
}

/** To the shop (content/business.json's address): a customer asks for a price. */
export function quoteRequestedMail(ctx: QuoteMailContext, quote: FullQuote): Mail {
  return businessMail({
    to: ctx.shop.email,
    subject: `Quote request ${formatQuoteNumber(quote.quoteNumber)}: ${formatUnits(quote.quantity)} × ${itemsSummary(quote.lines)}`,
    greeting: 'Hello,',
    lead: [`${quote.buyerName} (${quote.email}) asks for a price:`],
    facts: [...quoteFacts(quote), ['Note', quote.note || '(none)']],
    action: { url: `${ctx.publicUrl}/dashboard/quotes`, label: 'Answer the quote' },
    shop: ctx.shop,
  });
}

/** To the customer: the shop's price and until when it holds. */
export function quoteAnsweredMail(ctx: QuoteMailContext, quote: FullQuote): Mail {
  const [only] = quote.lines.length === 1 ? quote.lines : [];
  const total = formatCents(quotedTotalCents(quote));
  const offer = only
    ? `We can offer ${formatUnits(only.quantity)} units of ${only.name} at ${formatCents(only.unitPriceCents ?? 0)} per unit.`
    : `We can offer the ${quote.lines.length} lines you asked for at the prices below, ${total} in all.`;
  return businessMail({
    to: quote.email,
    subject: `Your quote ${formatQuoteNumber(quote.quoteNumber)}: ${
      only ? `${formatCents(only.unitPriceCents ?? 0)} per unit` : `${total} for ${quote.lines.length} lines`
    }`,
    greeting: `Hello ${quote.buyerName},`,
    lead: [`${offer} Accept the quote before it expires and we reserve the stock for your order.`],
    facts: [
      ...quoteFacts(quote),
      ['Total', `${formatUnits(quote.quantity)} units, ${total}`],
      ['Valid until', quote.validUntil ? formatMailTime(quote.validUntil) : ''],
      ...(quote.shipDate ? ([['Units not in stock ship by', quote.shipDate]] as [string, string][]) : []),
      ...(quote.reply ? ([['Our note', quote.reply]] as [string, string][]) : []),
    ],
    action: { url: `${ctx.publicUrl}/dashboard/myQuotes`, label: 'See and accept the quote' },
    shop: ctx.shop,
  });
}

/** To the customer: the shop cannot offer this. */
export function quoteDeclinedMail(ctx: QuoteMailContext, quote: FullQuote): Mail {
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

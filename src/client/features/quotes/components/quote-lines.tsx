import type { Quote } from '../../../../shared/api/quotes.schemas';
import { LineItems } from '../../../components/line-items';
import { formatUnits } from '../../../lib/format';

/** A quote's lines: what is asked for, and once answered, each line's price; `stock` adds the stock now. */
export function QuoteLines({ quote, stock = false }: { quote: Quote; stock?: boolean }) {
  return (
    <LineItems
      caption={`The lines of quote ${quote.quoteNumber}`}
      testId="quote-line"
      lines={quote.lines.map((line) => ({
        ...line,
        remark: stock && line.available !== null ? `${formatUnits(line.available)} in stock now` : undefined,
      }))}
    />
  );
}

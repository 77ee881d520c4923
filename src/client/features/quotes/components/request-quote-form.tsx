import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import type { Tool } from '../../../../shared/api/catalog.schemas';
import { type Quote, quoteNote, quoteQuantity } from '../../../../shared/api/quotes.schemas';
import type { QuantityBounds } from '../../../../shared/domain/order-quantity';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { formatUnits } from '../../../lib/format';
import { useRequestQuote } from '../api/quotes';

function quoteFormSchema(lower: number) {
  return z.object({
    note: quoteNote,
    quantity: quoteQuantity.min(lower, { error: `A quote is for at least ${formatUnits(lower)} units` }),
  });
}
type QuoteFormValues = z.input<ReturnType<typeof quoteFormSchema>>;
type QuoteFormOutput = z.output<ReturnType<typeof quoteFormSchema>>;

/**
 * 'Request a quote' on the buy page (DESIGN §9): for more units than the stock, or a price for a large
 * order. Folded until asked for; the shop answers by mail and on My Quotes.
 */
export function RequestQuoteForm({ tool, bounds }: { tool: Tool; bounds: QuantityBounds }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<Quote | null>(null);
  const request = useRequestQuote();
  // A quote is most often for more than can be bought now: start just above the stock.
  const suggested = Math.max(bounds.lower, bounds.upper + 1);
  const form = useForm<QuoteFormValues, unknown, QuoteFormOutput>({
    resolver: zodResolver(quoteFormSchema(bounds.lower)),
    defaultValues: { quantity: suggested, note: '' },
  });
  const { errors } = form.formState;
  // The button that opened the form goes away with it: focus moves into the form, and back to the
  // button when the form folds again, so a keyboard user is never left on the page's top.
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) form.setFocus('quantity');
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open, form]);

  function onSubmit(values: QuoteFormOutput) {
    request.mutate(
      { toolId: tool._id, ...values },
      {
        onSuccess: (quote) => {
          setSent(quote);
          setOpen(false);
          form.reset();
        },
      },
    );
  }

  return (
    <Card className="mt-4 shadow-sm">
      <Card.Body className="p-4">
        <h2 className="h5">Need more, or a price for a large order?</h2>
        {sent && (
          <Alert variant="success" className="small" data-testid="quote-sent">
            Quote request {sent.quoteNumber} for {formatUnits(sent.quantity)} units sent. We will answer by
            email; you can follow it on{' '}
            <Link className="alert-link" to={paths.myQuotes}>
              My Quotes
            </Link>
            .
          </Alert>
        )}
        {!open ? (
          <>
            <p className="small text-secondary">
              Ask us for a quote on any quantity from {formatUnits(bounds.lower)} units, beyond the{' '}
              {formatUnits(bounds.upper)} in stock too.
            </p>
            <Button ref={opener} variant="outline-dark" onClick={() => setOpen(true)}>
              Request a quote
            </Button>
          </>
        ) : (
          <Form
            noValidate
            aria-label="Request a quote"
            onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
          >
            <FormField
              controlId="quote-quantity"
              label="Quantity"
              error={errors.quantity?.message}
              type="number"
              min={bounds.lower}
              step={1}
              {...form.register('quantity', { valueAsNumber: true })}
            />
            <FormField
              controlId="quote-note"
              label={
                <>
                  Note <span className="text-secondary small">(optional: delivery dates, packaging)</span>
                </>
              }
              error={errors.note?.message}
              as="textarea"
              rows={3}
              {...form.register('note')}
            />
            <div className="d-flex gap-2">
              <Button type="submit" variant="dark" disabled={request.isPending}>
                Send the request
              </Button>
              <Button variant="link" onClick={() => setOpen(false)}>
                Cancel
              </Button>
            </div>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { useForm } from 'react-hook-form';
import { notify } from '../../lib/notify';
import type { z } from 'zod';
import { AnswerQuoteBody, type Quote } from '../../../shared/api/quotes.schemas';
import { QuoteStatus } from '../../../shared/domain/quote-status';
import { FormField } from '../../components/form-field';
import { QueryState } from '../../components/query-state';
import { useAnswerQuote, useQuotes } from '../../features/quotes/api/quotes';
import { QuoteCells } from '../../features/quotes/components/quote-cells';
import { formatUnits } from '../../lib/format';
import { formatCents } from '../../../shared/money';

type AnswerValues = z.input<typeof AnswerQuoteBody>;
type AnswerOutput = z.output<typeof AnswerQuoteBody>;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const priceValue = (v: string) => (v === '' ? undefined : Number(v));

/** A quote of several lines is priced line by line, against each product's stock now. */
function LinePrices({
  quote,
  form,
}: {
  quote: Quote;
  form: ReturnType<typeof useForm<AnswerValues, unknown, AnswerOutput>>;
}) {
  const prices = form.watch('lines') ?? [];
  const errors = form.formState.errors.lines;
  const totalCents = quote.lines.reduce((sum, line, index) => {
    const price = Number(prices[index]?.unitPrice);
    return Number.isFinite(price) ? sum + Math.round(price * 100) * line.quantity : sum;
  }, 0);
  return (
    <Table size="sm" className="align-middle quote-answer-lines" aria-label="Unit price of each line">
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col" className="text-end">
            Units
          </th>
          <th scope="col" className="text-end">
            Unit price ($)
          </th>
        </tr>
      </thead>
      <tbody>
        {quote.lines.map((line, index) => (
          <tr key={line.line} data-testid="quote-line">
            <td>
              {line.name}
              <span className="d-block small text-secondary font-monospace">{line.sku}</span>
              {line.available !== null && (
                <span
                  className={`d-block small ${line.available < line.quantity ? 'text-danger-emphasis' : 'text-secondary'}`}
                >
                  In stock now: {formatUnits(line.available)}
                </span>
              )}
            </td>
            <td className="text-end">{formatUnits(line.quantity)}</td>
            <td className="text-end">
              <input
                type="hidden"
                value={line.line}
                {...form.register(`lines.${index}.line`, { valueAsNumber: true })}
              />
              <Form.Control
                type="number"
                step="0.01"
                min="0.01"
                size="sm"
                className="ms-auto quote-line-price"
                aria-label={`Unit price of ${line.name}`}
                isInvalid={Boolean(errors?.[index]?.unitPrice)}
                {...form.register(`lines.${index}.unitPrice`, { setValueAs: priceValue })}
              />
              <Form.Control.Feedback type="invalid">
                {errors?.[index]?.unitPrice?.message}
              </Form.Control.Feedback>
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2} className="text-end">
            Total
          </th>
          <td className="text-end fw-semibold" data-testid="quote-answer-total">
            {formatCents(totalCents)}
          </td>
        </tr>
      </tfoot>
    </Table>
  );
}

/** The admin's answer: a unit price per line and the last day they hold, or a decline; a note either way. */
function AnswerQuoteModal({ quote, onClose }: { quote: Quote | null; onClose: () => void }) {
  const answer = useAnswerQuote();
  const several = (quote?.lines.length ?? 0) > 1;
  const form = useForm<AnswerValues, unknown, AnswerOutput>({
    resolver: zodResolver(AnswerQuoteBody),
    defaultValues: { validUntil: inDays(14), reply: '' },
  });
  const { errors } = form.formState;
  const beyondStock = quote?.lines.some((line) => line.available !== null && line.available < line.quantity);

  function send(body: AnswerOutput) {
    if (!quote) return;
    answer.mutate(
      { quoteId: quote._id, answer: body },
      {
        onSuccess: (answered) => {
          notify.success(
            answered.status === 'declined'
              ? `Quote ${answered.quoteNumber} declined; the customer has been told`
              : `Quote ${answered.quoteNumber} answered; the customer has been mailed`,
          );
          onClose();
        },
      },
    );
  }

  return (
    <Modal show={quote !== null} onHide={onClose} centered aria-labelledby="answer-quote-title">
      <Form noValidate onSubmit={(event) => void form.handleSubmit(send)(event)}>
        <Modal.Header closeButton closeLabel="Dismiss">
          <Modal.Title as="h2" className="h5" id="answer-quote-title">
            Answer quote {quote?.quoteNumber}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {quote && several && (
            <>
              <p>
                {quote.name} ({quote.email}) asks for {quote.lines.length} lines,{' '}
                {formatUnits(quote.quantity)} units.
                {quote.note && <span className="d-block text-secondary">“{quote.note}”</span>}
              </p>
              <LinePrices quote={quote} form={form} />
            </>
          )}
          {quote && !several && (
            <p>
              {quote.name} ({quote.email}) asks for {formatUnits(quote.quantity)} × {quote.itemName} (
              <span className="font-monospace">{quote.sku}</span>).
              {quote.note && <span className="d-block text-secondary">“{quote.note}”</span>}
              {quote.available !== null && (
                <span className="d-block mt-1" data-testid="quote-stock">
                  In stock now: <strong>{formatUnits(quote.available)} units</strong>
                  {quote.available < quote.quantity &&
                    `; the other ${formatUnits(quote.quantity - quote.available)} are backordered when the customer accepts, and ship by the date below.`}
                </span>
              )}
            </p>
          )}
          {!several && (
            <FormField
              controlId="answer-price"
              label="Unit price ($)"
              error={errors.unitPrice?.message}
              type="number"
              step="0.01"
              min="0.01"
              {...form.register('unitPrice', { setValueAs: priceValue })}
            />
          )}
          <FormField
            controlId="answer-valid"
            label="Valid until (end of day, UTC)"
            error={errors.validUntil?.message}
            type="date"
            {...form.register('validUntil')}
          />
          {beyondStock && (
            <FormField
              controlId="answer-ship-date"
              label="Ship date for the units not in stock"
              error={errors.shipDate?.message}
              type="date"
              {...form.register('shipDate', { setValueAs: (v: string) => (v === '' ? undefined : v) })}
            />
          )}
          <FormField
            controlId="answer-reply"
            label={
              <>
                Note to the customer <span className="text-secondary small">(optional)</span>
              </>
            }
            error={errors.reply?.message}
            as="textarea"
            rows={2}
            {...form.register('reply')}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button
            variant="outline-danger"
            className="me-auto"
            disabled={answer.isPending}
            onClick={() => send({ declined: true, reply: form.getValues('reply') ?? '' })}
          >
            Decline
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" variant="dark" disabled={answer.isPending}>
            Send the price
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** /dashboard/quotes (admin): quote requests to answer, and every quote's state. */
export function QuotesPage() {
  const [status, setStatus] = useState<QuoteStatus | 'all'>('requested');
  const quotes = useQuotes(status);
  const [answering, setAnswering] = useState<Quote | null>(null);
  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <h2 className="h4 mb-0">Quotes</h2>
        <Form.Select
          aria-label="Show quotes that are"
          className="w-auto"
          value={status}
          onChange={(event) => setStatus(event.target.value as QuoteStatus | 'all')}
        >
          <option value="requested">Waiting for an answer</option>
          {QuoteStatus.options
            .filter((state) => state !== 'requested')
            .map((state) => (
              <option key={state} value={state}>
                {state.charAt(0).toUpperCase() + state.slice(1)}
              </option>
            ))}
          <option value="all">All quotes</option>
        </Form.Select>
      </div>
      <QueryState query={quotes} what="the quotes">
        {(list) =>
          list.length === 0 ? (
            <p className="text-secondary">No quotes here.</p>
          ) : (
            <Table responsive striped className="align-middle bg-white table-stack">
              <thead>
                <tr>
                  <th>Customer</th>
                  <th>Quote</th>
                  <th>Item</th>
                  <th>Price</th>
                  <th>Status</th>
                  <th>Action</th>
                </tr>
              </thead>
              <tbody>
                {list.map((quote) => (
                  <tr key={quote._id}>
                    <td data-label="Customer" className="text-break">
                      <div>
                        {quote.name}
                        <div className="small text-secondary">{quote.email}</div>
                      </div>
                    </td>
                    <QuoteCells quote={quote} show="note" />
                    <td data-label="Action">
                      {quote.status === 'requested' && (
                        <Button size="sm" variant="dark" onClick={() => setAnswering(quote)}>
                          Answer
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )
        }
      </QueryState>
      <AnswerQuoteModal key={answering?._id ?? 'none'} quote={answering} onClose={() => setAnswering(null)} />
    </>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import type { z } from 'zod';
import type { Quote } from '../../../shared/api/quotes.schemas';
import { DeliveryForm as AcceptQuoteForm } from '../../../shared/api/orders.schemas';
import { canAcceptQuote } from '../../../shared/domain/quote-status';
import { formatDollars } from '../../../shared/money';
import { QueryState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { afterPlacing } from '../../features/orders/after-placing';
import { useCurrentUser } from '../../features/auth/api/use-current-user';
import { useMyOrders } from '../../features/orders/api/orders';
import { DeliveryFields, deliveryDefaults } from '../../features/orders/components/delivery-fields';
import { ShipToPicker } from '../../features/companies/components/ship-to-picker';
import { useAcceptQuote, useQuoteCharges, useQuotes } from '../../features/quotes/api/quotes';
import { ResaleCheck } from '../../features/companies/components/resale-check';
import { ChargesSummary } from '../../components/charges-summary';
import { placeOfAddress } from '../../../shared/domain/addresses';
import { QuoteCells } from '../../features/quotes/components/quote-cells';
import { QuoteLines } from '../../features/quotes/components/quote-lines';
import { formatUnits } from '../../lib/format';

type AcceptValues = z.input<typeof AcceptQuoteForm>;
type AcceptOutput = z.output<typeof AcceptQuoteForm>;

/** Accepting asks where the order goes, as the buy form does, then opens its payment page. */
function AcceptQuoteModal({ quote, onClose }: { quote: Quote | null; onClose: () => void }) {
  const { user } = useCurrentUser();
  const accept = useAcceptQuote();
  const navigate = useNavigate();
  // Where the buyer's latest order went: a quote is usually delivered to the same place.
  const latest = useMyOrders(user?.email).data?.[0];
  const form = useForm<AcceptValues, unknown, AcceptOutput>({
    resolver: zodResolver(AcceptQuoteForm),
    values: deliveryDefaults(latest, user?.name ?? ''),
    resetOptions: { keepDirtyValues: true },
  });
  // The freight and tax where it goes, as the order will carry them, beside the quoted prices.
  const place = placeOfAddress(useWatch({ control: form.control, name: 'shipTo' }));
  const notForResale = useWatch({ control: form.control, name: 'notForResale' }) === true;
  const charges = useQuoteCharges(quote?._id, place, notForResale);

  function onSubmit(details: AcceptOutput) {
    if (!quote) return;
    accept.mutate(
      { quoteId: quote._id, details },
      {
        onSuccess: ({ order }) => {
          const next = afterPlacing(order, `Quote accepted: order ${order.orderNumber} is placed`);
          notify.success(next.notice);
          onClose();
          void navigate(next.to);
        },
      },
    );
  }

  return (
    <Modal show={quote !== null} onHide={onClose} centered aria-labelledby="accept-quote-title">
      <FormProvider {...form}>
        <Form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
          <Modal.Header closeButton closeLabel="Dismiss">
            <Modal.Title as="h2" className="h5" id="accept-quote-title">
              Accept quote {quote?.quoteNumber}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {quote && quote.amount !== null && (
              <>
                {quote.unitPrice !== null ? (
                  <p>
                    {formatUnits(quote.quantity)} × {quote.itemName} at {formatDollars(quote.unitPrice)}:{' '}
                    <strong>{formatDollars(quote.amount)}</strong>. We reserve the stock when you accept.
                  </p>
                ) : (
                  <>
                    <p>
                      {quote.lines.length} lines, {formatUnits(quote.quantity)} units:{' '}
                      <strong>{formatDollars(quote.amount)}</strong>. We reserve the stock when you accept,
                      and they become one order.
                    </p>
                    <div className="mb-3">
                      <QuoteLines quote={quote} />
                    </div>
                  </>
                )}
              </>
            )}
            <ShipToPicker idPrefix="accept" />
            <DeliveryFields idPrefix="accept" />
            <ResaleCheck idPrefix="accept" />
            <ChargesSummary charges={place ? charges.data : null} pending={charges.isFetching} />
            {accept.error && (
              <Alert variant="danger" className="mt-3 mb-0">
                {accept.error.message}
              </Alert>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" variant="warning" className="fw-semibold" disabled={accept.isPending}>
              Accept and order
            </Button>
          </Modal.Footer>
        </Form>
      </FormProvider>
    </Modal>
  );
}

/** /dashboard/myQuotes: the customer's quote requests, the shop's answers, and Accept. */
export function MyQuotesPage() {
  const quotes = useQuotes();
  const [accepting, setAccepting] = useState<Quote | null>(null);
  return (
    <QueryState query={quotes} what="your quotes">
      {(list) => (
        <>
          <h2 className="h4 mb-3">My Quotes: {list.length}</h2>
          {list.length === 0 ? (
            <p className="text-secondary">
              No quotes yet. Ask for one from any product&apos;s page, or for your whole cart.{' '}
              <Link to={paths.shop}>Browse</Link>
            </p>
          ) : (
            <Table responsive striped className="align-middle bg-white table-stack">
              <thead>
                <tr>
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
                    <QuoteCells quote={quote} show="reply" />
                    <td data-label="Action">
                      {canAcceptQuote(quote, new Date()) && (
                        <Button
                          size="sm"
                          variant="warning"
                          className="fw-semibold"
                          onClick={() => setAccepting(quote)}
                        >
                          Accept
                        </Button>
                      )}
                      {quote.orderId && (
                        <Link className="btn btn-sm btn-outline-dark" to={paths.payment(quote.orderId)}>
                          View order
                        </Link>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          <AcceptQuoteModal
            key={accepting?._id ?? 'none'}
            quote={accepting}
            onClose={() => setAccepting(null)}
          />
        </>
      )}
    </QueryState>
  );
}

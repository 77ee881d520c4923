import { zodResolver } from '@hookform/resolvers/zod';
import { SkuLabel } from '../components/sku-label';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Cart, CartLine } from '../../shared/api/cart.schemas';
import { ContractPrice } from '../components/contract-price';
import { useCompany } from '../features/companies/api/companies';
import { useStatement } from '../features/credit/api/credit';
import { termsLabel } from '../features/credit/components/statement-view';
import { type DeliveryDetails, DeliveryForm } from '../../shared/api/orders.schemas';
import { placeOfAddress } from '../../shared/domain/addresses';
import { ChargesSummary } from '../components/charges-summary';
import { quantityBounds, quantityProblem } from '../../shared/domain/order-quantity';
import { packProblem } from '../../shared/domain/units';
import { nextBreak, priceOrder } from '../../shared/domain/price-tiers';
import { messages } from '../../shared/messages';
import { dollarsToCents, formatCents, formatDollars } from '../../shared/money';
import { PageSpinner } from '../components/page-spinner';
import { QueryState } from '../components/query-state';
import { paths } from '../config/paths';
import { afterPlacing } from '../features/orders/after-placing';
import { SaveToList } from '../features/lists/components/save-to-list';
import {
  useCart,
  useCartCharges,
  useCheckout,
  useRemoveCartLine,
  useRequestCartQuote,
  useSetCartLine,
} from '../features/cart/api/cart';
import { type OrderedAgain, orderedAgainIn } from '../features/cart/order-again';
import { removeVisitorLine, setVisitorLine, visitorCart } from '../lib/cart-store';
import { DeliveryFields, deliveryDefaults } from '../features/orders/components/delivery-fields';
import { ShipToPicker } from '../features/companies/components/ship-to-picker';
import { ResaleCheck } from '../features/companies/components/resale-check';
import { toolQuery } from '../features/catalog/api/get-tool';
import { formatUnits } from '../lib/format';
import { notify } from '../lib/notify';
import { useCurrentUser } from '../lib/session-store';
import { usePageMeta } from '../lib/use-page-meta';
import { usePublicConfigData } from '../lib/public-config';
import { TransferCard } from '../features/punchout/components/transfer-card';

/**
 * /cart: every line with its price break, total and verdict, quantities changed in place, and
 * checkout of the whole cart as one order. A visitor's cart is kept in this browser and priced here by
 * the same tier rule; it joins their account's cart when they sign in to check out.
 */
export function CartPage() {
  usePageMeta('Your cart');
  const { user, isPending } = useCurrentUser();
  if (isPending) return <PageSpinner />;
  return (
    <div className="container py-4 py-md-5">
      <h1 className="h2 mb-4">Your cart</h1>
      {user ? <BuyerCart buyer={user} /> : <VisitorCart />}
    </div>
  );
}

/** A quantity typed into a line, sent when it is left or Enter is pressed (not on every keystroke). */
function QuantityInput({
  line,
  label,
  onChange,
  disabled,
}: {
  line: { quantity: number; orderMultiple: number };
  label: string;
  onChange: (quantity: number) => void;
  disabled?: boolean;
}) {
  const [value, setValue] = useState(String(line.quantity));
  const [shown, setShown] = useState(line.quantity);
  if (shown !== line.quantity) {
    setShown(line.quantity);
    setValue(String(line.quantity));
  }
  const commit = () => {
    const quantity = Number(value);
    if (!Number.isInteger(quantity) || quantity < 1) {
      setValue(String(line.quantity));
      notify.error(messages.quantityWhole);
      return;
    }
    const pack = packProblem(quantity, {
      multiple: line.orderMultiple,
      lower: 1,
      upper: Number.MAX_SAFE_INTEGER,
    });
    if (pack) {
      setValue(String(line.quantity));
      notify.error(pack);
      return;
    }
    if (quantity !== line.quantity) onChange(quantity);
  };
  return (
    <Form.Control
      type="number"
      min={line.orderMultiple}
      step={line.orderMultiple}
      inputMode="numeric"
      size="sm"
      className="cart-quantity ms-auto"
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => setValue(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
    />
  );
}

function LinesTable({
  lines,
  total,
  onQuantity,
  onRemove,
  busy,
}: {
  lines: (Pick<
    CartLine,
    | 'toolId'
    | 'sku'
    | 'name'
    | 'quantity'
    | 'orderMultiple'
    | 'unitPrice'
    | 'amount'
    | 'problem'
    | 'nextBreak'
  > &
    Partial<Pick<CartLine, 'priceSource' | 'priceList' | 'listUnitPrice' | 'partNumber'>>)[];
  total: number;
  onQuantity: (toolId: string, quantity: number) => void;
  onRemove: (toolId: string) => void;
  busy: boolean;
}) {
  return (
    <>
      <Table className="align-middle cart-lines table-stack" aria-label="Cart lines">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="text-end">
              Quantity
            </th>
            <th scope="col" className="text-end">
              Unit price
            </th>
            <th scope="col" className="text-end">
              Amount
            </th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.toolId} data-testid="cart-line">
              <td data-label="Product">
                <div>
                  <Link to={paths.tool(line.toolId)}>{line.name}</Link>
                  <div className="small text-secondary font-monospace">
                    <SkuLabel sku={line.sku} partNumber={line.partNumber} />
                  </div>
                  {line.problem && (
                    <div className="small text-danger-emphasis" role="note">
                      {line.problem}
                    </div>
                  )}
                </div>
              </td>
              <td className="text-end" data-label="Quantity">
                <QuantityInput
                  line={line}
                  label={`Quantity of ${line.name}`}
                  disabled={busy}
                  onChange={(quantity) => onQuantity(line.toolId, quantity)}
                />
              </td>
              <td className="text-end" data-label="Unit price">
                {/* One block: stacked on a phone, the cell is a flex row, and its parts must not overlap. */}
                <div>
                  <span className="text-nowrap">{formatDollars(line.unitPrice)}</span>
                  {line.nextBreak && (
                    <div className="small text-secondary" data-testid="next-break">
                      From {formatUnits(line.nextBreak.minQuantity)} units:{' '}
                      <span className="text-nowrap">{formatDollars(line.nextBreak.unitPrice)} each</span>
                    </div>
                  )}
                  {line.priceSource === 'contract' && line.priceList && (
                    <ContractPrice
                      list={line.priceList}
                      unitPrice={line.unitPrice}
                      listUnitPrice={line.listUnitPrice ?? null}
                    />
                  )}
                </div>
              </td>
              <td className="text-end text-nowrap fw-semibold" data-label="Amount">
                {formatDollars(line.amount)}
              </td>
              <td className="text-end" data-label="">
                <Button
                  variant="link"
                  size="sm"
                  className="text-danger"
                  disabled={busy}
                  aria-label={`Remove ${line.name}`}
                  onClick={() => onRemove(line.toolId)}
                >
                  Remove
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p className="text-end fs-5 mb-0">
        Total <strong data-testid="cart-total">{formatDollars(total)}</strong>
      </p>
    </>
  );
}

function EmptyCart() {
  return (
    <div className="alert alert-light border">
      Your cart is empty.{' '}
      <Link className="alert-link" to={paths.shop}>
        Browse the shop
      </Link>{' '}
      and choose Add to cart, or paste a list of SKUs into{' '}
      <Link className="alert-link" to={paths.quickOrder}>
        Quick order
      </Link>
      .
    </div>
  );
}

/** What 'Order again' or a list's 'Add all to cart' did: whose lines are in, and the note on each that changed. */
function OrderedAgainNotes({ again }: { again: OrderedAgain }) {
  return (
    <Alert variant={again.notes.length ? 'warning' : 'success'} className="mb-4" role="status">
      <p className="mb-0">
        The lines of {again.from} are in your cart
        {again.notes.length ? ', with these changes:' : ', as they were.'}
      </p>
      {again.notes.length > 0 && (
        <ul className="mb-0 mt-2 small">
          {again.notes.map((note) => (
            <li key={note.line}>
              <strong>
                Line {note.line}, {note.name}
              </strong>
              {note.sku && <span className="font-monospace"> ({note.sku})</span>}: {note.message}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

function BuyerCart({ buyer }: { buyer: { name: string; email: string; punchout: boolean } }) {
  const again = orderedAgainIn(useLocation().state);
  const cart = useCart();
  const setLine = useSetCartLine();
  const removeLine = useRemoveCartLine();
  const report = (error: Error) => notify.error(error.message);
  return (
    <QueryState query={cart} what="your cart">
      {(data) =>
        data.lines.length === 0 ? (
          <>
            {again && <OrderedAgainNotes again={again} />}
            <EmptyCart />
          </>
        ) : (
          <div className="row g-4">
            {again && (
              <div className="col-12">
                <OrderedAgainNotes again={again} />
              </div>
            )}
            <div className="col-lg-8">
              <LinesTable
                lines={data.lines}
                total={data.total}
                busy={setLine.isPending || removeLine.isPending}
                onQuantity={(toolId, quantity) => setLine.mutate({ toolId, quantity }, { onError: report })}
                onRemove={(toolId) => removeLine.mutate(toolId, { onError: report })}
              />
              {!buyer.punchout && <SaveToList what="your cart" body={{ fromCart: true }} size="sm" />}
            </div>
            <div className="col-lg-4">
              {buyer.punchout ? (
                <TransferCard ready={data.ready} />
              ) : (
                <>
                  <CheckoutForm cart={data} buyer={buyer} details={again?.details} />
                  <CartQuoteForm />
                </>
              )}
            </div>
          </div>
        )
      }
    </QueryState>
  );
}

function CheckoutForm({
  cart,
  buyer,
  details,
}: {
  cart: Cart;
  buyer: { name: string; email: string };
  /** Where an order placed again went, to fill the form (a new PO number is the buyer's to give). */
  details?: DeliveryDetails | undefined;
}) {
  const navigate = useNavigate();
  const checkout = useCheckout();
  const company = useCompany();
  // A company with terms may pay on account; card stays open to every buyer.
  const statement = useStatement({ enabled: Boolean(company.data) });
  const terms = statement.data?.terms ?? 'card';
  const [paymentMethod, setPaymentMethod] = useState<'card' | 'account'>('card');
  const form = useForm({
    resolver: zodResolver(DeliveryForm),
    defaultValues: details ?? deliveryDefaults(null, buyer.name),
  });
  // The order's freight and tax where it goes, as checkout will charge them.
  const place = placeOfAddress(useWatch({ control: form.control, name: 'shipTo' }));
  const charges = useCartCharges(place, useWatch({ control: form.control, name: 'notForResale' }) === true);
  return (
    <Card className="shadow-sm">
      <Card.Body className="p-4">
        <h2 className="h5 mb-3">Check out</h2>
        <p className="mb-3">
          {cart.lines.length} {cart.lines.length === 1 ? 'line' : 'lines'},{' '}
          {formatUnits(cart.lines.reduce((sum, line) => sum + line.quantity, 0))} units:{' '}
          <strong>{formatDollars(cart.total)}</strong>
        </p>
        {!cart.ready && (
          <Alert variant="warning" className="small">
            Some lines cannot be ordered as they are: change or remove them first.
          </Alert>
        )}
        {checkout.error && (
          <Alert variant="danger" className="small" role="alert">
            {checkout.error.message}
          </Alert>
        )}
        <FormProvider {...form}>
          <Form
            noValidate
            aria-label="Check out"
            onSubmit={(event) =>
              void form.handleSubmit((details) =>
                checkout.mutate(
                  { ...details, paymentMethod: terms === 'card' ? 'card' : paymentMethod },
                  {
                    onSuccess: ({ order }) => {
                      const next = afterPlacing(order);
                      notify.success(next.notice);
                      void navigate(next.to);
                    },
                  },
                ),
              )(event)
            }
          >
            <ShipToPicker idPrefix="checkout" />
            <DeliveryFields idPrefix="checkout" />
            <ResaleCheck idPrefix="checkout" />
            <ChargesSummary charges={place ? charges.data : null} pending={charges.isFetching} />
            {terms !== 'card' && statement.data && (
              <fieldset className="mb-3" aria-describedby="checkout-credit">
                <legend className="form-label fs-6">Payment</legend>
                <Form.Check
                  type="radio"
                  id="checkout-pay-card"
                  name="paymentMethod"
                  label="Pay by card now"
                  checked={paymentMethod === 'card'}
                  onChange={() => setPaymentMethod('card')}
                />
                <Form.Check
                  type="radio"
                  id="checkout-pay-account"
                  name="paymentMethod"
                  label={`Pay on account (${termsLabel(terms)}): invoiced now, paid by bank transfer`}
                  checked={paymentMethod === 'account'}
                  onChange={() => setPaymentMethod('account')}
                />
                <div id="checkout-credit" className="form-text">
                  Your company has {formatDollars(statement.data.available)} of credit available.
                </div>
              </fieldset>
            )}
            <div className="d-grid">
              <Button
                type="submit"
                variant="warning"
                size="lg"
                className="fw-semibold"
                disabled={!cart.ready || checkout.isPending || Boolean(charges.data?.problem)}
              >
                {paymentMethod === 'account' && terms !== 'card' ? 'Place order on account' : 'Place order'}
              </Button>
            </div>
          </Form>
        </FormProvider>
      </Card.Body>
    </Card>
  );
}

/**
 * 'Request a quote' for the whole cart: for more than the stock, or a better price on a large order.
 * The lines move from the cart to the quote; the shop answers each line's price by mail and on My Quotes.
 */
function CartQuoteForm() {
  const navigate = useNavigate();
  const request = useRequestCartQuote();
  const [note, setNote] = useState('');
  return (
    <details className="card shadow-sm mt-3">
      <summary className="card-body py-3">
        Need more than the stock, or a better price? Request a quote
      </summary>
      <Form
        className="px-4 pb-4"
        aria-label="Request a quote for the cart"
        onSubmit={(event) => {
          event.preventDefault();
          request.mutate(note, {
            onSuccess: (quote) => {
              notify.success(`Quote ${quote.quoteNumber} requested: we will answer by mail`);
              void navigate(paths.myQuotes);
            },
          });
        }}
      >
        <p className="small text-secondary">
          Every line of your cart goes into one quote request, and the cart empties. We answer with a price
          for each line; accepting the quote orders them all.
        </p>
        {request.error && (
          <Alert variant="danger" className="small" role="alert">
            {request.error.message}
          </Alert>
        )}
        <Form.Group className="mb-3" controlId="cart-quote-note">
          <Form.Label>
            Note to the shop <span className="text-secondary small">(optional)</span>
          </Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </Form.Group>
        <div className="d-grid">
          <Button type="submit" variant="outline-dark" disabled={request.isPending}>
            Request a quote
          </Button>
        </div>
      </Form>
    </details>
  );
}

/** A visitor's cart: kept in this browser, each product read and priced here; sign in to check out. */
function VisitorCart() {
  const [lines, setLines] = useState(visitorCart);
  const config = usePublicConfigData();
  const floor = config?.orderMinUnits ?? 1;
  const tools = useQueries({ queries: lines.map((line) => toolQuery(line.toolId)) });
  if (lines.length === 0) return <EmptyCart />;
  if (tools.some((tool) => tool.isPending)) return <PageSpinner />;
  const priced = lines.flatMap((line, index) => {
    const tool = tools[index]?.data;
    if (!tool) return [];
    const tiers = tool.priceTiers.map((tier) => ({
      minQuantity: tier.minQuantity,
      priceCents: dollarsToCents(tier.price),
    }));
    const { unitPriceCents, amountCents } = priceOrder(tiers, line.quantity);
    const next = nextBreak(tiers, line.quantity, tool.available);
    const problem = quantityProblem(line.quantity, quantityBounds(tool, floor));
    return [
      {
        toolId: tool._id,
        sku: tool.sku,
        name: tool.name,
        quantity: line.quantity,
        orderMultiple: tool.orderMultiple,
        unitPrice: unitPriceCents / 100,
        amount: amountCents / 100,
        nextBreak: next && { minQuantity: next.minQuantity, unitPrice: next.priceCents / 100 },
        problem: problem?.message ?? null,
      },
    ];
  });
  const totalCents = priced.reduce((sum, line) => sum + dollarsToCents(line.amount), 0);
  return (
    <div className="row g-4">
      <div className="col-lg-8">
        <LinesTable
          lines={priced}
          total={totalCents / 100}
          busy={false}
          onQuantity={(toolId, quantity) => {
            setVisitorLine(toolId, quantity);
            setLines(visitorCart());
          }}
          onRemove={(toolId) => {
            removeVisitorLine(toolId);
            setLines(visitorCart());
          }}
        />
      </div>
      <div className="col-lg-4">
        <Card className="shadow-sm">
          <Card.Body className="p-4">
            <h2 className="h5 mb-3">Check out</h2>
            <p>
              {formatCents(totalCents)} for {priced.length} {priced.length === 1 ? 'line' : 'lines'}. Sign in
              to place the order: this cart comes with you.
            </p>
            <div className="d-grid gap-2">
              <Link
                className="btn btn-warning btn-lg fw-semibold"
                to={paths.login}
                state={{ from: { pathname: paths.cart, search: '', hash: '' } }}
              >
                Sign in to check out
              </Link>
              <Link className="btn btn-outline-secondary" to={paths.register}>
                Create an account
              </Link>
            </div>
          </Card.Body>
        </Card>
      </div>
    </div>
  );
}

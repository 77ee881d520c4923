import type { ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { notify } from '../../../lib/notify';
import { z } from 'zod';
import type { Tool } from '../../../../shared/api/catalog.schemas';
import { DeliveryDetails, type Order, requireShipTo } from '../../../../shared/api/orders.schemas';
import { placeOfAddress } from '../../../../shared/domain/addresses';
import { ChargesSummary } from '../../../components/charges-summary';
import {
  type QuantityBounds,
  canBeOrdered,
  quantityBounds,
  quantityAgain,
  quantityProblem,
} from '../../../../shared/domain/order-quantity';
import { type CentsTier, priceOrder, volumeNudge } from '../../../../shared/domain/price-tiers';
import { messages } from '../../../../shared/messages';
import { dollarsToCents, formatCents, formatDollars } from '../../../../shared/money';
import { paths } from '../../../config/paths';
import { formatDateTime, formatUnits } from '../../../lib/format';
import { useChargesPreview, usePlaceOrder } from '../api/orders';
import { FormField } from '../../../components/form-field';
import { DeliveryFields, deliveryDefaults } from './delivery-fields';
import { AddToCartButton } from '../../../components/add-to-cart-button';
import { afterPlacing } from '../after-placing';

/** The buy form's rules: the order body's, with the quantity checked against this product's bounds. */
function buyFormSchema(bounds: QuantityBounds) {
  return DeliveryDetails.extend({
    quantity: z
      .number({ error: 'Please enter a quantity' })
      .int({ error: messages.quantityWhole })
      .superRefine((quantity, ctx) => {
        const problem = quantityProblem(quantity, bounds);
        if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
      }),
  }).superRefine(requireShipTo);
}
type BuyFormValues = z.input<ReturnType<typeof buyFormSchema>>;
type BuyFormOutput = z.output<ReturnType<typeof buyFormSchema>>;

/**
 * The order's unit price and total as the quantity changes, priced by the rule the server charges
 * (shared/domain/price-tiers), and a nudge when a cheaper break is near.
 */
function LivePrice({
  tiers,
  quantity,
  bounds,
  onAdd,
}: {
  tiers: CentsTier[];
  quantity: number;
  bounds: QuantityBounds;
  onAdd: (units: number) => void;
}) {
  const valid = Number.isInteger(quantity) && quantityProblem(quantity, bounds) === null;
  const price = valid ? priceOrder(tiers, quantity) : null;
  const nudge = valid ? volumeNudge(tiers, quantity, bounds.upper) : null;
  return (
    <div className="live-price mb-4" aria-live="polite">
      {price ? (
        <p className="mb-1">
          <span className="text-secondary">Unit price</span>{' '}
          <strong data-testid="unit-price">{formatCents(price.unitPriceCents)}</strong>
          <span className="text-secondary ms-3">Subtotal</span>{' '}
          <strong data-testid="order-total">{formatCents(price.amountCents)}</strong>
        </p>
      ) : (
        <p className="mb-1 text-secondary">Enter a quantity to see your price.</p>
      )}
      {nudge && (
        <p className="volume-nudge small mb-0">
          Add {formatUnits(nudge.addUnits)} more units to pay {formatCents(nudge.unitPriceCents)} per unit:{' '}
          {formatCents(nudge.totalCents)} in all,{' '}
          {nudge.totalChangeCents < 0
            ? `${formatCents(-nudge.totalChangeCents)} less than now`
            : nudge.totalChangeCents === 0
              ? 'the same as now'
              : `${formatCents(nudge.totalChangeCents)} more (${formatCents(Math.round(nudge.totalChangeCents / nudge.addUnits))} a unit for the ${formatUnits(nudge.addUnits)} added)`}
          .{' '}
          <Button
            size="sm"
            variant="link"
            className="p-0 align-baseline"
            onClick={() => onAdd(nudge.addUnits)}
          >
            Add {formatUnits(nudge.addUnits)} units
          </Button>
        </p>
      )}
    </div>
  );
}

/** After Buy Now: the order's number, total and hold, and the way to pay it at once. */
function OrderPlacedPanel({ order, onAnother }: { order: Order; onAnother: () => void }) {
  return (
    <Card className="shadow-sm border-success" data-testid="order-placed">
      <Card.Body className="p-4">
        <h2 className="h4 mb-3">Order {order.orderNumber} placed</h2>
        <dl className="row mb-3">
          <dt className="col-5">Item</dt>
          <dd className="col-7">
            {formatUnits(order.quantity)} × {order.itemName}
          </dd>
          <dt className="col-5">Order total</dt>
          <dd className="col-7 fw-semibold" data-testid="placed-total">
            {formatDollars(order.amount)}
          </dd>
          {order.poNumber && (
            <>
              <dt className="col-5">PO number</dt>
              <dd className="col-7">{order.poNumber}</dd>
            </>
          )}
          {order.holdExpiresAt && (
            <>
              <dt className="col-5">Reserved until</dt>
              <dd className="col-7">{formatDateTime(order.holdExpiresAt)}</dd>
            </>
          )}
        </dl>
        {order.status === 'awaiting_approval' ? (
          <p className="small text-secondary">
            Your company’s rules ask an approver to approve this order first: we have asked them, and mailed
            you the order. You can pay it once it is approved.
          </p>
        ) : order.status === 'awaiting_freight' ? (
          <p className="small text-secondary">
            {messages.freightBeingQuoted}. Its stock is kept for you meanwhile.
          </p>
        ) : (
          <p className="small text-secondary">
            We have mailed you the order. Pay before the reservation ends and we ship it.
          </p>
        )}
        <div className="d-flex flex-wrap gap-2">
          {order.status === 'awaiting_approval' || order.status === 'awaiting_freight' ? (
            <Link className="btn btn-outline-dark btn-lg" to={paths.myOrders}>
              See my orders
            </Link>
          ) : (
            <Link className="btn btn-warning btn-lg fw-semibold" to={paths.payment(order._id)}>
              Pay now
            </Link>
          )}
          <Button variant="outline-secondary" size="lg" onClick={onAnother}>
            Place another order
          </Button>
        </div>
      </Card.Body>
    </Card>
  );
}

/**
 * The right side of /buyNow/{toolId} (spec §2, §5 Buy Now; DESIGN §5.2: the real bounds from the start).
 * `minUnits` is the shop-wide smallest order (GET /api/config). `previous` is an earlier order being
 * placed again: its quantity (within today's bounds), address, phone and company fill the form.
 */
export function BuyForm({
  tool,
  buyer,
  minUnits,
  previous,
  shipTo,
}: {
  tool: Tool;
  buyer: { name: string; email: string };
  minUnits: number;
  previous?: Order | undefined;
  /** A choice of where the order goes, above the delivery fields (a company's address book). */
  shipTo?: ReactNode;
}) {
  const bounds = quantityBounds(tool, minUnits);
  const again = previous ? quantityAgain(previous.quantity, bounds) : null;
  const defaults = { ...deliveryDefaults(previous, buyer.name), quantity: again?.quantity ?? bounds.lower };
  // The stock can change while the page is open; react-hook-form takes this render's resolver, so the
  // form always checks against the latest figures.
  const form = useForm<BuyFormValues, unknown, BuyFormOutput>({
    resolver: zodResolver(buyFormSchema(bounds)),
    defaultValues: defaults,
  });
  const placeOrder = usePlaceOrder();
  const [placed, setPlaced] = useState<Order | null>(null);
  const { errors } = form.formState;
  const tiers = tool.priceTiers.map((tier) => ({
    minQuantity: tier.minQuantity,
    priceCents: dollarsToCents(tier.price),
  }));
  const quantity = useWatch({ control: form.control, name: 'quantity' });
  // Freight and tax as the server finds them for the address and quantity typed so far.
  const place = placeOfAddress(useWatch({ control: form.control, name: 'shipTo' }));
  const orderable = Number.isInteger(quantity) && quantityProblem(quantity, bounds) === null;
  const notForResale = useWatch({ control: form.control, name: 'notForResale' }) === true;
  const charges = useChargesPreview(tool._id, orderable ? quantity : null, place, notForResale);

  function onSubmit(values: BuyFormOutput) {
    placeOrder.mutate(
      { toolId: tool._id, email: buyer.email, ...values },
      {
        onSuccess: ({ order }) => {
          // The spec's words for an order to pay; a pallet or an approval says what happens instead.
          notify.success(order.status === 'unpaid' ? messages.orderPlaced : afterPlacing(order).notice);
          form.reset({ ...defaults, quantity: bounds.lower, poNumber: '' });
          setPlaced(order);
        },
      },
    );
  }

  if (placed) return <OrderPlacedPanel order={placed} onAnother={() => setPlaced(null)} />;

  if (!canBeOrdered(bounds)) {
    return (
      <Alert variant="warning">
        <Alert.Heading as="h2" className="h5">
          Below minimum order: {formatUnits(bounds.upper)} left
        </Alert.Heading>
        <p>
          Not available for bulk orders right now: the smallest order is {formatUnits(bounds.lower)} units.
          Request a quote below and we will tell you when and at what price we can deliver.
        </p>
        <Button variant="warning" className="fw-semibold" disabled>
          Buy Now
        </Button>
      </Alert>
    );
  }

  return (
    <Card className="shadow-sm">
      <Card.Body className="p-4">
        <h2 className="h4 mb-3">Place your order</h2>
        {again?.note && (
          <Alert variant="info" className="small" data-testid="order-again-note">
            {again.note}
          </Alert>
        )}
        <FormProvider {...form}>
          <Form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} aria-label="Buy Now">
            <Form.Group className="mb-3" controlId="buy-email">
              <Form.Label>Email</Form.Label>
              <Form.Control
                type="email"
                value={buyer.email}
                readOnly
                plaintext
                className="px-2 bg-body-tertiary rounded"
              />
            </Form.Group>
            {shipTo}
            <DeliveryFields idPrefix="buy" />
            <FormField
              groupClassName="mb-2"
              controlId="buy-quantity"
              label="Quantity"
              error={errors.quantity?.message}
              hint={
                <>
                  At least {formatUnits(bounds.lower)} units; at most {formatUnits(bounds.upper)} can be
                  ordered now.
                  {bounds.multiple > 1 && <> Sold in packs of {formatUnits(bounds.multiple)}.</>}
                </>
              }
              type="number"
              min={bounds.lower}
              max={bounds.upper}
              step={bounds.multiple}
              {...form.register('quantity', { valueAsNumber: true })}
            />
            <LivePrice
              tiers={tiers}
              quantity={quantity}
              bounds={bounds}
              onAdd={(units) => form.setValue('quantity', quantity + units, { shouldValidate: true })}
            />
            {orderable && (
              <ChargesSummary
                charges={place ? charges.data : null}
                pending={charges.isFetching}
                testId="buy-charges"
              />
            )}
            <div className="d-grid gap-2">
              <Button
                type="submit"
                variant="warning"
                size="lg"
                className="fw-semibold"
                disabled={placeOrder.isPending}
              >
                Buy Now
              </Button>
              <AddToCartButton
                toolId={tool._id}
                name={tool.name}
                quantity={quantity}
                className="btn btn-outline-dark"
              />
            </div>
          </Form>
        </FormProvider>
      </Card.Body>
    </Card>
  );
}

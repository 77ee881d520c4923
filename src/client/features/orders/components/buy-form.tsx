import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { z } from 'zod';
import type { Tool } from '../../../../shared/api/catalog.schemas';
import { PlaceOrderBody } from '../../../../shared/api/orders.schemas';
import {
  type QuantityBounds,
  canBeOrdered,
  quantityBounds,
  quantityProblem,
} from '../../../../shared/domain/order-quantity';
import { type CentsTier, priceOrder, volumeNudge } from '../../../../shared/domain/price-tiers';
import { messages } from '../../../../shared/messages';
import { centsToDollars, dollarsToCents, formatDollars } from '../../../../shared/money';
import { formatUnits } from '../../../lib/format';
import { usePlaceOrder } from '../api/orders';
import { FormField } from '../../../components/form-field';

/** The buy form's rules: the order body's, with the quantity checked against this product's bounds. */
function buyFormSchema(bounds: QuantityBounds) {
  return PlaceOrderBody.pick({ name: true, address: true, number: true }).extend({
    quantity: z
      .number({ error: 'Please enter a quantity' })
      .int({ error: 'The quantity must be a whole number' })
      .superRefine((quantity, ctx) => {
        const problem = quantityProblem(quantity, bounds);
        if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
      }),
  });
}
type BuyFormValues = z.input<ReturnType<typeof buyFormSchema>>;

const cents = (cents: number) => formatDollars(centsToDollars(cents));

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
          <strong data-testid="unit-price">{cents(price.unitPriceCents)}</strong>
          <span className="text-secondary ms-3">Order total</span>{' '}
          <strong data-testid="order-total">{cents(price.amountCents)}</strong>
        </p>
      ) : (
        <p className="mb-1 text-secondary">Enter a quantity to see your price.</p>
      )}
      {nudge && (
        <p className="volume-nudge small mb-0">
          Add {formatUnits(nudge.addUnits)} more units to pay {cents(nudge.unitPriceCents)} per unit (save{' '}
          {cents(nudge.savingCents)} on this order){' '}
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

/**
 * The right side of /buyNow/{toolId} (spec §2, §5 Buy Now; DESIGN §5.2: the real bounds from the start).
 * `minUnits` is the shop-wide smallest order (GET /api/config).
 */
export function BuyForm({
  tool,
  buyer,
  minUnits,
}: {
  tool: Tool;
  buyer: { name: string; email: string };
  minUnits: number;
}) {
  const bounds = quantityBounds(tool, minUnits);
  const defaults = { name: buyer.name, address: '', number: '', quantity: bounds.lower };
  // The stock can change while the page is open; react-hook-form takes this render's resolver, so the
  // form always checks against the latest figures.
  const form = useForm<BuyFormValues>({
    resolver: zodResolver(buyFormSchema(bounds)),
    defaultValues: defaults,
  });
  const placeOrder = usePlaceOrder();
  const { errors } = form.formState;
  const tiers = tool.priceTiers.map((tier) => ({
    minQuantity: tier.minQuantity,
    priceCents: dollarsToCents(tier.price),
  }));
  const quantity = useWatch({ control: form.control, name: 'quantity' });

  function onSubmit(values: BuyFormValues) {
    placeOrder.mutate(
      { toolId: tool._id, email: buyer.email, ...values },
      {
        onSuccess: () => {
          toast.success(messages.orderPlaced);
          form.reset(defaults);
        },
      },
    );
  }

  if (!canBeOrdered(bounds)) {
    return (
      <Alert variant="warning">
        <Alert.Heading as="h2" className="h5">
          Below minimum order: {formatUnits(bounds.upper)} left
        </Alert.Heading>
        <p>
          Not available for bulk orders right now: the smallest order is {formatUnits(bounds.lower)} units.
          Please check back soon.
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
        <Form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} aria-label="Buy Now">
          <FormField
            controlId="buy-name"
            label="Name"
            error={errors.name?.message}
            autoComplete="name"
            {...form.register('name')}
          />
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
          <FormField
            controlId="buy-address"
            label="Address"
            error={errors.address?.message}
            as="textarea"
            rows={2}
            autoComplete="street-address"
            {...form.register('address')}
          />
          <FormField
            controlId="buy-number"
            label="Phone number"
            error={errors.number?.message}
            type="number"
            autoComplete="tel"
            inputMode="tel"
            {...form.register('number')}
          />
          <FormField
            groupClassName="mb-2"
            controlId="buy-quantity"
            label="Quantity"
            error={errors.quantity?.message}
            hint={
              <>
                At least {formatUnits(bounds.lower)} units; at most {formatUnits(bounds.upper)} can be ordered
                now.
              </>
            }
            type="number"
            min={bounds.lower}
            max={bounds.upper}
            step={1}
            {...form.register('quantity', { valueAsNumber: true })}
          />
          <LivePrice
            tiers={tiers}
            quantity={quantity}
            bounds={bounds}
            onAdd={(units) => form.setValue('quantity', quantity + units, { shouldValidate: true })}
          />
          <div className="d-grid">
            <Button
              type="submit"
              variant="warning"
              size="lg"
              className="fw-semibold"
              disabled={placeOrder.isPending}
            >
              Buy Now
            </Button>
          </div>
        </Form>
      </Card.Body>
    </Card>
  );
}

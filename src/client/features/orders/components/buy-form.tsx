import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
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
import { messages } from '../../../../shared/messages';
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
          Not available for bulk orders right now
        </Alert.Heading>
        Only {formatUnits(bounds.upper)} units are in stock and the smallest order is{' '}
        {formatUnits(bounds.lower)}. Please check back soon.
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
            groupClassName="mb-4"
            controlId="buy-quantity"
            label="Quantity"
            error={errors.quantity?.message}
            hint={
              <>
                From {formatUnits(bounds.lower)} to {formatUnits(bounds.upper)} units.
              </>
            }
            type="number"
            min={bounds.lower}
            max={bounds.upper}
            step={1}
            {...form.register('quantity', { valueAsNumber: true })}
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

import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import type { Order } from '../../../../shared/api/orders.schemas';
import { notify } from '../../../lib/notify';
import { useQuoteFreight } from '../api/admin-orders';

/**
 * An order too heavy for a parcel waits for the shop's freight: a shop admin types the
 * pallet's price, the buyer is mailed, and the order can be paid (or goes on its company's account).
 */
export function QuoteFreightForm({ order }: { order: Order }) {
  const quote = useQuoteFreight();
  const [value, setValue] = useState('');
  return (
    <Form
      aria-label={`Quote the freight of order ${order.orderNumber}`}
      className="border rounded p-3 mb-3"
      onSubmit={(event) => {
        event.preventDefault();
        quote.mutate(
          { orderId: order._id, freight: Number(value) },
          {
            onSuccess: (quoted) =>
              notify.success(`Freight quoted: order ${quoted.orderNumber} ${nextStep(quoted)}`),
          },
        );
      }}
    >
      <p className="small mb-2">This order ships on a pallet: its buyer waits for your freight price.</p>
      {quote.error && (
        <Alert variant="danger" className="small">
          {quote.error.message}
        </Alert>
      )}
      <Form.Label htmlFor={`freight-${order._id}`}>Freight</Form.Label>
      <InputGroup style={{ maxWidth: 280 }}>
        <InputGroup.Text>$</InputGroup.Text>
        <Form.Control
          id={`freight-${order._id}`}
          inputMode="decimal"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <Button type="submit" variant="dark" disabled={quote.isPending}>
          Quote freight
        </Button>
      </InputGroup>
    </Form>
  );
}

/** Where a quoted order went, as its total decided (setFreight): the approvers, the account, or to be paid. */
function nextStep(quoted: Order): string {
  if (quoted.status === 'awaiting_approval') return 'went to its company’s approvers';
  if (quoted.status === 'on_account') return 'is invoiced on the company’s account';
  return 'can be paid by card';
}

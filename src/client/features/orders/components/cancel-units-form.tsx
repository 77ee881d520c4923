import { type SubmitEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { UnitsPerLine, askedUnits } from './units-per-line';
import type { Order } from '../../../../shared/api/orders.schemas';
import { messages } from '../../../../shared/messages';
import { notify } from '../../../lib/notify';
import { useCancelOrder, usePreviewCancelOrder } from '../api/admin-orders';
import type { CancelOrderBody, CancelPreview } from '../../../../shared/api/admin-orders.schemas';
import { ConfirmModal } from '../../../components/confirm-modal';
import { formatDollars } from '../../../../shared/money';
import { formatUnits } from '../../../lib/format';
import { lineStillOpen } from '../ready-to-ship';

/**
 * Cancel units that have not shipped (the admin's order page): how many of each line, and why, for the
 * buyer's credit note. 'Cancel the whole order' takes every unit left. The server credits them at the
 * order's prices and rates and refunds the card or the company's account; its refusal shows here.
 */
export function CancelUnitsForm({ order }: { order: Order }) {
  const cancelOrder = useCancelOrder();
  const preview = usePreviewCancelOrder();
  const id = useId();
  const open = order.lines.filter((line) => line.sku !== null && lineStillOpen(line) > 0);
  const [units, setUnits] = useState<Record<number, string>>({});
  const [reason, setReason] = useState(order.cancellationRequest?.reason ?? '');
  // The cancellation asked, and what the server says it would do: confirmed before it is done.
  const [asking, setAsking] = useState<{ body: CancelOrderBody; would: CancelPreview } | null>(null);
  if (open.length === 0) return null;
  const nothingShipped = order.lines.every((line) => line.shippedQuantity === 0);

  function ask(lines: { sku: string; quantity: number }[] | undefined) {
    const body = { reason, ...(lines ? { lines } : {}) };
    preview.mutate({ orderId: order._id, body }, { onSuccess: (would) => setAsking({ body, would }) });
  }

  function send(body: CancelOrderBody) {
    cancelOrder.mutate(
      { orderId: order._id, body },
      {
        onSuccess: (after) => {
          notify.success(
            after.status === 'cancelled'
              ? messages.orderCancelledByShop(order.orderNumber)
              : messages.cancelledUnits(order.orderNumber),
          );
          setUnits({});
          setReason('');
        },
        onSettled: () => setAsking(null),
      },
    );
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    ask(askedUnits(open, units));
  }

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h3 className="h6 text-uppercase text-secondary" id={`${id}-title`}>
        Cancel units
      </h3>
      <p className="small text-secondary mb-2">
        Units not shipped yet. Their stock goes back; the buyer gets a credit note and{' '}
        {order.paymentMethod === 'account' ? 'a credit on the company’s account' : 'a refund to the card'}.
      </p>
      <UnitsPerLine
        caption="Units of each line to cancel"
        lines={open}
        available={lineStillOpen}
        availableTitle="Not shipped"
        takeTitle="Cancel"
        verb="cancel"
        units={units}
        onChange={setUnits}
      />
      <Form.Group controlId={`${id}-reason`}>
        <Form.Label>Reason (the buyer reads it on the credit note)</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
      </Form.Group>
      {(cancelOrder.error ?? preview.error) && (
        <Alert variant="danger" className="mt-3 mb-0">
          {(cancelOrder.error ?? preview.error)?.message}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2 mt-3">
        <Button type="submit" variant="outline-danger" disabled={cancelOrder.isPending || preview.isPending}>
          Cancel these units
        </Button>
        <Button
          variant="danger"
          disabled={cancelOrder.isPending || preview.isPending}
          onClick={() => ask(undefined)}
        >
          {nothingShipped ? 'Cancel the whole order' : 'Cancel every unit not shipped'}
        </Button>
      </div>
      <ConfirmModal
        show={asking !== null}
        title={
          asking?.would.wholeOrder
            ? `Cancel order ${order.orderNumber}?`
            : `Cancel units of order ${order.orderNumber}?`
        }
        confirmLabel={asking?.would.wholeOrder ? 'Cancel the order' : 'Cancel the units'}
        busy={cancelOrder.isPending}
        onConfirm={() => asking && send(asking.body)}
        onClose={() => setAsking(null)}
      >
        {asking && <p className="mb-0">{cancellationWords(asking.would)}</p>}
      </ConfirmModal>
    </Form>
  );
}

/** What a cancellation would do, in words: the units, and the money that goes back and where. */
function cancellationWords({ units, wholeOrder, credit }: CancelPreview): string {
  const what = `${formatUnits(units)} ${units === 1 ? 'unit is' : 'units are'} cancelled${wholeOrder ? ', and with them the order' : ''}.`;
  if (!credit) return `${what} Nothing was charged for them, so nothing is refunded.`;
  const where =
    credit.to === 'card' ? 'refunded to the card it was paid with' : 'credited to the company’s account';
  return `${what} A credit note gives back ${formatDollars(credit.amount)}, ${where}.`;
}

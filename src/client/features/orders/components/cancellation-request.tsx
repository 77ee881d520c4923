import { type SubmitEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { Order } from '../../../../shared/api/orders.schemas';
import { buyerMayAskToCancel } from '../../../../shared/domain/cancellation';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useRefuseCancellation } from '../api/admin-orders';
import { useRequestCancellation } from '../api/orders';

/**
 * The buyer's side (their order page): a paid order that has not shipped can be asked to be cancelled,
 * with a reason; once asked, the page says so until the shop answers.
 */
export function RequestCancellation({ order }: { order: Order }) {
  const request = useRequestCancellation();
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  if (order.cancellationRequest) {
    return (
      <Alert variant="info" className="mb-0">
        You asked on {formatDateTime(order.cancellationRequest.at)} for this order to be cancelled. The shop
        answers by mail; if it cancels the order, the card is refunded.
      </Alert>
    );
  }
  if (!buyerMayAskToCancel(order.status)) return null;
  if (!asking) {
    return (
      <Button variant="outline-danger" size="sm" onClick={() => setAsking(true)}>
        Ask to cancel this order
      </Button>
    );
  }
  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate(
      { orderId: order._id, reason },
      { onSuccess: () => notify.success('Your request was sent to the shop') },
    );
  }
  return (
    <Form noValidate onSubmit={onSubmit}>
      <Form.Group controlId={`${id}-reason`}>
        <Form.Label>Why should the order be cancelled?</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Form.Group>
      {request.error && (
        <Alert variant="danger" className="mt-2 mb-0">
          {request.error.message}
        </Alert>
      )}
      <div className="d-flex gap-2 mt-2">
        <Button type="submit" variant="danger" size="sm" disabled={request.isPending}>
          Send the request
        </Button>
        <Button variant="link" size="sm" onClick={() => setAsking(false)}>
          Keep the order
        </Button>
      </div>
    </Form>
  );
}

/**
 * The shop's side (the admin's order page): the buyer's request with its reason; the cancel form below
 * accepts it (its reason filled in), or this refuses it with the shop's reason, mailed to the buyer.
 */
export function AnswerCancellationRequest({ order }: { order: Order }) {
  const refuse = useRefuseCancellation();
  const id = useId();
  const [reason, setReason] = useState('');
  const asked = order.cancellationRequest;
  if (!asked) return null;
  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    refuse.mutate(
      { orderId: order._id, reason },
      { onSuccess: () => notify.success('The buyer is told the order stays') },
    );
  }
  return (
    <Alert variant="warning" className="mb-0">
      <p className="mb-2">
        <strong>{asked.by ?? order.email}</strong> asked on {formatDateTime(asked.at)} for this order to be
        cancelled: “{asked.reason}”. Cancel it below (the buyer is refunded and mailed the credit note), or
        refuse:
      </p>
      <Form noValidate onSubmit={onSubmit} className="d-flex flex-wrap gap-2 align-items-end">
        <Form.Group controlId={`${id}-refuse`} className="flex-grow-1">
          <Form.Label className="small mb-1">Why the order stays</Form.Label>
          <Form.Control
            size="sm"
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
          />
        </Form.Group>
        <Button type="submit" size="sm" variant="outline-dark" disabled={refuse.isPending}>
          Refuse the request
        </Button>
      </Form>
      {refuse.error && <div className="text-danger small mt-2">{refuse.error.message}</div>}
    </Alert>
  );
}

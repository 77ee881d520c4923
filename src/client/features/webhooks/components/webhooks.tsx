import { type SubmitEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import {
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventType,
} from '../../../../shared/api/webhooks.schemas';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import {
  type WebhookSide,
  useCreateWebhook,
  useDeleteWebhook,
  useDeliveries,
  useSendAgain,
  useWebhooks,
} from '../api/webhooks';

const EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.placed': 'an order is placed',
  'order.changed':
    'an order’s lines are changed (its new total, and where it went: to be paid, approved, quoted)',
  'order.paid': 'an order is paid by card',
  'order.shipped': 'a shipment leaves',
  'order.cancelled': 'an order is cancelled, expires or is rejected',
  'invoice.issued': 'an invoice is issued (paid, or on account)',
  'credit_note.issued': 'a credit note is issued',
  'return.updated': 'a return is requested, decided, received or refunded',
};

const STATUS_VARIANTS: Record<WebhookDelivery['status'], string> = {
  pending: 'warning',
  delivered: 'success',
  failed: 'danger',
};

/**
 * Webhooks (DESIGN §11): where the shop POSTs its events as they happen, each signed with the
 * webhook's secret; a log of every delivery's tries, and 'Send again'. The shop's admin hears of every
 * order (`side` admin), a company's admin of the company's own.
 */
export function Webhooks({ side }: { side: WebhookSide }) {
  const webhooks = useWebhooks(side);
  const create = useCreateWebhook(side);
  const id = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['order.placed', 'order.shipped']);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: () => {
          setUrl('');
          notify.success('The webhook is registered: copy its secret now, it is not shown again');
        },
      },
    );
  }

  return (
    <Card className="shadow-sm mb-4" style={{ maxWidth: 960 }}>
      <Card.Body className="p-4">
        <h3 className="h5" id={`${id}-title`}>
          Webhooks
        </h3>
        <p className="small text-secondary">
          {side === 'admin'
            ? 'Your own systems hear of every order as it happens. '
            : 'Your systems hear of your company’s orders as they happen. '}
          Each event is POSTed as JSON <code>{'{id, type, createdAt, data}'}</code>, signed in the header{' '}
          <code>Forgeline-Signature: t=…,v1=…</code> (HMAC-SHA256 of <code>t.body</code> under the secret),
          and tried again for a day until your address answers 2xx. An event may arrive twice: tell repeats by
          its <code>id</code>.
        </p>
        {create.data && (
          <Alert variant="success" role="status">
            <p className="mb-1">The webhook’s signing secret (copy it now, it is not shown again):</p>
            <code className="user-select-all d-block text-break" data-testid="new-webhook-secret">
              {create.data.secret}
            </code>
          </Alert>
        )}
        {webhooks.data && webhooks.data.length > 0 && (
          <ul className="list-unstyled" aria-label="Webhooks">
            {webhooks.data.map((webhook) => (
              <WebhookItem key={webhook._id} side={side} webhook={webhook} />
            ))}
          </ul>
        )}
        <Form noValidate onSubmit={onSubmit} aria-label="Register a webhook">
          <Form.Group className="mb-2" controlId={`${id}-url`}>
            <Form.Label>Address (https://)</Form.Label>
            <Form.Control
              type="url"
              value={url}
              maxLength={2000}
              placeholder="https://erp.example.com/forgeline-events"
              onChange={(event) => setUrl(event.target.value)}
            />
          </Form.Group>
          <fieldset className="mb-2">
            <legend className="fs-6 mb-1">Events</legend>
            {WEBHOOK_EVENTS.map((type) => (
              <Form.Check
                key={type}
                id={`${id}-${type}`}
                label={`${type}: ${EVENT_LABELS[type]}`}
                checked={events.includes(type)}
                onChange={(event) =>
                  setEvents(event.target.checked ? [...events, type] : events.filter((one) => one !== type))
                }
              />
            ))}
          </fieldset>
          {create.error && <Alert variant="danger">{create.error.message}</Alert>}
          <Button type="submit" variant="outline-dark" disabled={create.isPending}>
            Register the webhook
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

function WebhookItem({ side, webhook }: { side: WebhookSide; webhook: Webhook }) {
  const remove = useDeleteWebhook(side);
  const [open, setOpen] = useState(false);
  const last = webhook.lastDelivery;
  return (
    <li className="border-bottom py-2">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <div className="flex-grow-1 text-break">
          <strong>{webhook.url}</strong>
          <div className="small text-secondary">
            {webhook.events.join(', ')} · registered {formatDateTime(webhook.createdAt)}
            {webhook.company && side === 'admin' ? ` · ${webhook.company}` : ''}
          </div>
          <div className="small">
            {last
              ? `Last event ${formatDateTime(last.at)}: ${last.status}${last.statusCode ? ` (${last.statusCode})` : ''}`
              : 'No events yet'}
            {webhook.pending > 0 && ` · ${webhook.pending} waiting`}
            {webhook.failed > 0 && <span className="text-danger"> · {webhook.failed} failed</span>}
          </div>
        </div>
        <Button size="sm" variant="outline-secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(webhook._id, { onSuccess: () => notify.success(`${webhook.url} is removed`) })
          }
        >
          Remove
        </Button>
      </div>
      {open && <DeliveryLog side={side} webhookId={webhook._id} />}
    </li>
  );
}

function DeliveryLog({ side, webhookId }: { side: WebhookSide; webhookId: string }) {
  const deliveries = useDeliveries(side, webhookId);
  const sendAgain = useSendAgain(side, webhookId);
  if (deliveries.isPending) return <p className="small text-secondary mt-2">Loading the deliveries…</p>;
  if (!deliveries.data || deliveries.data.length === 0) {
    return <p className="small text-secondary mt-2">Nothing was sent to this webhook yet.</p>;
  }
  return (
    <Table size="sm" responsive className="table-stack small mt-2 mb-0" aria-label="Deliveries">
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Queued</th>
          <th scope="col">State</th>
          <th scope="col">Tries (newest first)</th>
          <th scope="col">Next try</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {deliveries.data.map((delivery) => (
          <tr key={delivery._id}>
            <td data-label="Event">
              {delivery.type}
              <div className="text-secondary text-break">{delivery.eventId}</div>
            </td>
            <td data-label="Queued">{formatDateTime(delivery.createdAt)}</td>
            <td data-label="State">
              <Badge
                bg={STATUS_VARIANTS[delivery.status]}
                text={delivery.status === 'pending' ? 'dark' : undefined}
              >
                {delivery.status}
              </Badge>
            </td>
            <td data-label="Tries">
              {delivery.attempts === 0
                ? 'none yet'
                : delivery.tries
                    .slice(0, 5)
                    .map((tried) => tried.statusCode ?? tried.error ?? 'no answer')
                    .join(' · ')}
              {delivery.attempts > 5 && ` (${delivery.attempts} in all)`}
            </td>
            <td data-label="Next try">
              {delivery.nextAttemptAt ? formatDateTime(delivery.nextAttemptAt) : '—'}
            </td>
            <td>
              <Button
                size="sm"
                variant="outline-dark"
                disabled={sendAgain.isPending}
                onClick={() =>
                  sendAgain.mutate(delivery._id, {
                    onSuccess: () => notify.success(`${delivery.type} is on its way again`),
                  })
                }
              >
                Send again
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

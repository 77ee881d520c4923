import { type SubmitEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import type { Order } from '../../../../shared/api/orders.schemas';
import { paths } from '../../../config/paths';
import { formatUnits } from '../../../lib/format';
import { useRequestReturn } from '../api/returns';

/** A line's shipped units not returned yet (the server also checks the return window). */
const returnable = (line: Order['lines'][number]) => line.shippedQuantity - line.returnedQuantity;

/**
 * 'Return items' on a shipped order (the buyer's order page): how many units of each shipped line come
 * back and why, and a note. The shop approves the return and mails how to send them.
 */
export function ReturnItemsForm({ order }: { order: Order }) {
  const request = useRequestReturn();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [units, setUnits] = useState<Record<number, string>>({});
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [note, setNote] = useState('');
  const lines = order.lines.filter((line) => line.sku !== null && returnable(line) > 0);
  if (request.data) {
    return (
      <Alert variant="success" className="mb-0">
        Return {request.data.number} is asked for. We mail you how to send the units once the shop has
        approved it (see <Link to={paths.myReturns}>My Returns</Link>).
      </Alert>
    );
  }
  if (lines.length === 0) return null;
  if (!open) {
    return (
      <Button variant="outline-dark" size="sm" onClick={() => setOpen(true)}>
        Return items
      </Button>
    );
  }
  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate({
      orderId: order._id,
      body: {
        lines: lines.flatMap((line) => {
          const quantity = Number(units[line.line] ?? 0);
          return line.sku && quantity > 0
            ? [{ sku: line.sku, quantity, reason: reasons[line.line] ?? '' }]
            : [];
        }),
        ...(note ? { note } : {}),
      },
    });
  }
  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h3 className="h6 text-uppercase text-secondary" id={`${id}-title`}>
        Return items
      </h3>
      {lines.map((line) => (
        <fieldset key={line.line} className="border rounded p-2 mb-2">
          <legend className="fs-6 mb-1">
            <span className="font-monospace">{line.sku}</span> {line.name}{' '}
            <span className="small text-secondary">
              ({formatUnits(returnable(line))} shipped, not returned)
            </span>
          </legend>
          <div className="row g-2">
            <Form.Group className="col-4" controlId={`${id}-units-${line.line}`}>
              <Form.Label className="small mb-0">Units</Form.Label>
              <Form.Control
                type="number"
                inputMode="numeric"
                min={0}
                max={returnable(line)}
                placeholder="0"
                value={units[line.line] ?? ''}
                onChange={(event) => setUnits({ ...units, [line.line]: event.target.value })}
              />
            </Form.Group>
            <Form.Group className="col-8" controlId={`${id}-reason-${line.line}`}>
              <Form.Label className="small mb-0">Why</Form.Label>
              <Form.Control
                value={reasons[line.line] ?? ''}
                maxLength={300}
                onChange={(event) => setReasons({ ...reasons, [line.line]: event.target.value })}
              />
            </Form.Group>
          </div>
        </fieldset>
      ))}
      <Form.Group controlId={`${id}-note`}>
        <Form.Label className="small mb-0">Note for the shop (optional)</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          maxLength={1000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </Form.Group>
      {request.error && (
        <Alert variant="danger" className="mt-2 mb-0">
          {request.error.message}
        </Alert>
      )}
      <div className="d-flex gap-2 mt-2">
        <Button type="submit" variant="dark" size="sm" disabled={request.isPending}>
          Ask to return these units
        </Button>
        <Button variant="link" size="sm" onClick={() => setOpen(false)}>
          Never mind
        </Button>
      </div>
    </Form>
  );
}

import { type SubmitEvent, useEffect, useId, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { Order } from '../../../../shared/api/orders.schemas';
import { MAX_ORDER_LINES } from '../../../../shared/domain/order-lines';
import { buyerMayChange } from '../../../../shared/domain/order-status';
import { formatDollars } from '../../../../shared/money';
import { formatUnits } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useChangeOrderLines, useChangePreview } from '../api/orders';

/** Whether the buyer may change this order's lines: not yet paid or invoiced, and not priced by a quote. */
export const mayChangeOrder = (order: Pick<Order, 'status' | 'quoteId'>) =>
  buyerMayChange(order.status) && order.quoteId === null;

interface Row {
  sku: string;
  /** The product's name as the order has it (a line added here is named by the server's answer). */
  name: string | null;
  quantity: string;
}

const rowsOf = (order: Order): Row[] =>
  order.lines.flatMap((line) =>
    line.sku ? [{ sku: line.sku, name: line.name, quantity: String(line.quantity) }] : [],
  );

/**
 * The order's lines as the buyer wants them: each line's units, a line removed, a line added by SKU.
 * Saved, the server prices every line again, reserves the stock all or nothing and charges tax and
 * freight again; its refusal (a line over the stock, below the smallest order) is shown here and the
 * order stays as it was.
 */
export function ChangeOrderForm({ order, onChanged }: { order: Order; onChanged: (order: Order) => void }) {
  const change = useChangeOrderLines();
  const id = useId();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(order));
  // The lines as they stand, asked of the server a moment after the buyer stops typing: what the order
  // would come to (tax and freight included) and where it would go, before it is saved.
  const wanted = useMemo(
    () =>
      rows.every((row) => /^\d{1,7}$/.test(row.quantity) && Number(row.quantity) > 0)
        ? rows.map((row) => ({ sku: row.sku, quantity: Number(row.quantity) }))
        : null,
    [rows],
  );
  const [asked, setAsked] = useState(wanted);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(wanted), 400);
    return () => clearTimeout(timer);
  }, [wanted]);
  const preview = useChangePreview(order._id, asked);
  const [added, setAdded] = useState({ sku: '', quantity: '' });
  const [addProblem, setAddProblem] = useState<string | null>(null);

  const setQuantity = (index: number, quantity: string) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, quantity } : row)));

  function addLine() {
    const sku = added.sku.trim().toUpperCase();
    if (!sku || !added.quantity) return setAddProblem('Give the SKU and the units of the line to add.');
    if (rows.some((row) => row.sku === sku)) {
      return setAddProblem(`${sku} is already a line: change its units above.`);
    }
    setAddProblem(null);
    setRows([...rows, { sku, name: null, quantity: added.quantity }]);
    setAdded({ sku: '', quantity: '' });
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const lines = rows.map((row) => ({ sku: row.sku, quantity: Number(row.quantity) }));
    change.mutate(
      { orderId: order._id, lines },
      {
        onSuccess: (changed) => {
          notify.success(`Order ${changed.orderNumber} changed: now ${formatDollars(changed.total)}`);
          onChanged(changed);
        },
      },
    );
  }

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 className="h5" id={`${id}-title`}>
        The lines of order {order.orderNumber}
      </h2>
      <p className="small text-secondary">
        Saving prices every line again at today’s prices for you, with its tax and freight; a company’s order
        goes to its approvers again when its new total needs their approval.
      </p>
      <div className="table-responsive">
        <table className="table table-sm align-middle mb-2">
          <caption className="visually-hidden">The order’s lines as they will be</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="text-end">
                Units
              </th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.sku}>
                <td>
                  <span className="font-monospace">{row.sku}</span>
                  <div className="small text-secondary">{row.name ?? 'Added: priced when saved'}</div>
                </td>
                <td className="text-end" style={{ width: '9rem' }}>
                  <Form.Control
                    type="number"
                    inputMode="numeric"
                    min={1}
                    aria-label={`Units of ${row.sku}`}
                    value={row.quantity}
                    onChange={(event) => setQuantity(index, event.target.value)}
                  />
                </td>
                <td className="text-end" style={{ width: '1%' }}>
                  <Button
                    variant="link"
                    size="sm"
                    className="text-danger"
                    disabled={rows.length === 1}
                    aria-label={`Remove ${row.sku}`}
                    onClick={() => setRows(rows.filter((_, at) => at !== index))}
                  >
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length < MAX_ORDER_LINES && (
        <fieldset className="border rounded p-2 mb-3">
          <legend className="float-none w-auto px-1 fs-6 mb-0">Add a line</legend>
          <div className="d-flex flex-wrap gap-2 align-items-end">
            <Form.Group controlId={`${id}-sku`} className="flex-grow-1">
              <Form.Label className="small mb-1">SKU</Form.Label>
              <Form.Control
                value={added.sku}
                maxLength={64}
                autoComplete="off"
                onChange={(event) => setAdded({ ...added, sku: event.target.value })}
              />
            </Form.Group>
            <Form.Group controlId={`${id}-units`} style={{ width: '9rem' }}>
              <Form.Label className="small mb-1">Units</Form.Label>
              <Form.Control
                type="number"
                inputMode="numeric"
                min={1}
                value={added.quantity}
                onChange={(event) => setAdded({ ...added, quantity: event.target.value })}
              />
            </Form.Group>
            <Button variant="outline-dark" onClick={addLine}>
              Add line
            </Button>
          </div>
          {addProblem && <div className="text-danger small mt-1">{addProblem}</div>}
        </fieldset>
      )}
      {change.error && (
        <Alert variant="danger" className="mb-3">
          {change.error.message}
        </Alert>
      )}
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Button type="submit" variant="warning" className="fw-semibold" disabled={change.isPending}>
          Save changes
        </Button>
        <span className="small text-secondary">
          Now {formatUnits(order.quantity)} units, {formatDollars(order.total)}
        </span>
      </div>
      <ChangePreview order={order} preview={preview.data} problem={preview.error?.message ?? null} />
    </Form>
  );
}

const WOULD_GO: Partial<Record<Order['status'], string>> = {
  awaiting_approval: 'It would go to your company’s approvers again.',
  awaiting_freight: 'It would ship on a pallet: the shop quotes its freight before it can be paid.',
  on_account: 'It would be invoiced on your company’s account.',
};

/** What the order would come to with the lines as they stand: its charges, and where it would go. */
function ChangePreview({
  order,
  preview,
  problem,
}: {
  order: Order;
  preview: Order | undefined;
  problem: string | null;
}) {
  if (problem) return <p className="small text-danger mt-2 mb-0">{problem}</p>;
  if (!preview) return null;
  const tax = preview.taxes.reduce((sum, part) => sum + part.amount, 0);
  const freight =
    preview.freightStatus === 'quoted' && preview.freight === null
      ? 'freight quoted by the shop'
      : `freight ${formatDollars(preview.freight ?? 0)}`;
  return (
    <p className="small mt-2 mb-0" data-testid="change-preview" aria-live="polite">
      With these lines: {formatUnits(preview.quantity)} units, subtotal {formatDollars(preview.subtotal)},{' '}
      {freight}, tax {formatDollars(tax)}, <strong>total {formatDollars(preview.total)}</strong>.{' '}
      {preview.status !== order.status ? (WOULD_GO[preview.status] ?? '') : ''}
    </p>
  );
}

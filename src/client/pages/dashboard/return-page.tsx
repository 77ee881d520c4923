import { type SubmitEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link, useParams } from 'react-router';
import type { Return } from '../../../shared/api/returns.schemas';
import { QueryState } from '../../components/query-state';
import { paths } from '../../config/paths';
import { usePreviewReturnRefund, useReturn, useReturnStep } from '../../features/returns/api/returns';
import { ConfirmModal } from '../../components/confirm-modal';
import { formatDollars } from '../../../shared/money';
import { ReturnStatusBadge, ReturnSummary } from '../../features/returns/components/return-summary';
import { notify } from '../../lib/notify';
import { usePageMeta } from '../../lib/use-page-meta';

/** The shop's next step on a return, by its state: approve or refuse, record what arrived, refund. */
function NextStep({ item }: { item: Return }) {
  const step = useReturnStep(item._id);
  const preview = usePreviewReturnRefund(item._id);
  const [refunding, setRefunding] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [arrived, setArrived] = useState<Record<string, string>>(() =>
    Object.fromEntries(item.lines.flatMap((line) => [[`${line.line}-resellable`, String(line.quantity)]])),
  );
  const [fee, setFee] = useState('');
  const done = (message: string) => ({ onSuccess: () => notify.success(message) });
  const error = step.error && (
    <Alert variant="danger" className="mt-2 mb-0">
      {step.error.message}
    </Alert>
  );

  if (item.status === 'requested') {
    return (
      <Form noValidate onSubmit={(event) => event.preventDefault()}>
        <Form.Group controlId="return-answer">
          <Form.Label>Return instructions, or why it is refused (mailed to the buyer)</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            maxLength={1000}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </Form.Group>
        {error}
        <div className="d-flex gap-2 mt-2">
          <Button
            variant="dark"
            disabled={step.isPending}
            onClick={() =>
              step.mutate(
                { step: 'approve', body: { instructions: text } },
                done(`Return ${item.number} approved`),
              )
            }
          >
            Approve with these instructions
          </Button>
          <Button
            variant="outline-danger"
            disabled={step.isPending}
            onClick={() =>
              step.mutate({ step: 'reject', body: { reason: text } }, done(`Return ${item.number} refused`))
            }
          >
            Refuse for this reason
          </Button>
        </div>
      </Form>
    );
  }
  if (item.status === 'approved') {
    const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      const lines = item.lines.flatMap((line) =>
        (['resellable', 'damaged'] as const).flatMap((condition) => {
          const quantity = Number(arrived[`${line.line}-${condition}`] ?? 0);
          return line.sku && quantity > 0 ? [{ sku: line.sku, quantity, condition }] : [];
        }),
      );
      step.mutate({ step: 'receive', body: { lines } }, done(`Return ${item.number} received`));
    };
    return (
      <Form noValidate onSubmit={onSubmit} aria-label="What arrived">
        <p className="mb-2">What arrived of each line? Resellable units go back to stock.</p>
        {item.lines.map((line) => (
          <div key={line.line} className="row g-2 align-items-end mb-2">
            <div className="col-12 col-sm-4">
              <span className="font-monospace">{line.sku}</span> ({line.quantity} expected)
            </div>
            {(['resellable', 'damaged'] as const).map((condition) => (
              <Form.Group
                key={condition}
                className="col-6 col-sm-4"
                controlId={`arrived-${line.line}-${condition}`}
              >
                <Form.Label className="small mb-0">
                  {condition === 'resellable' ? 'Resellable' : 'Damaged'} units of {line.sku}
                </Form.Label>
                <Form.Control
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={line.quantity}
                  placeholder="0"
                  value={arrived[`${line.line}-${condition}`] ?? ''}
                  onChange={(event) =>
                    setArrived({ ...arrived, [`${line.line}-${condition}`]: event.target.value })
                  }
                />
              </Form.Group>
            ))}
          </div>
        ))}
        {error}
        <Button type="submit" variant="dark" className="mt-2" disabled={step.isPending}>
          Record what arrived
        </Button>
      </Form>
    );
  }
  if (item.status === 'received') {
    const body = fee ? { restockingFeePercent: Number(fee) } : {};
    // Asked first: the server says what its credit note would give back, by the same rules.
    const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      preview.mutate(body, { onSuccess: (would) => setRefunding(would.creditNote?.amount ?? 0) });
    };
    const confirm = () =>
      step.mutate(
        { step: 'refund', body },
        { ...done(`Return ${item.number} refunded`), onSettled: () => setRefunding(null) },
      );
    return (
      <Form noValidate onSubmit={onSubmit} aria-label="Refund">
        <Form.Group controlId="return-fee" style={{ maxWidth: '16rem' }}>
          <Form.Label>Restocking fee, percent (optional)</Form.Label>
          <Form.Control
            type="number"
            inputMode="decimal"
            min={0}
            max={50}
            placeholder="0"
            value={fee}
            onChange={(event) => setFee(event.target.value)}
          />
        </Form.Group>
        {error}
        {preview.error && (
          <Alert variant="danger" className="mt-2 mb-0">
            {preview.error.message}
          </Alert>
        )}
        <Button type="submit" variant="dark" className="mt-2" disabled={step.isPending || preview.isPending}>
          Refund the units received
        </Button>
        <ConfirmModal
          show={refunding !== null}
          title={`Refund return ${item.number}?`}
          confirmLabel="Refund"
          busy={step.isPending}
          onConfirm={confirm}
          onClose={() => setRefunding(null)}
        >
          <p className="mb-0">
            A credit note gives back {formatDollars(refunding ?? 0)}
            {fee ? ` (less a ${fee} % restocking fee)` : ''}, to the card it was paid with or the company’s
            account.
          </p>
        </ConfirmModal>
      </Form>
    );
  }
  return null;
}

/** /dashboard/returns/{id} (admin): one return, and the shop's next step on it. */
export function ReturnPage() {
  const { returnId = '' } = useParams();
  const found = useReturn(returnId);
  usePageMeta(found.data ? `Return ${found.data.number}` : 'Return');
  return (
    <QueryState query={found} what="the return">
      {(item) => (
        <>
          <Link to={paths.returns}>← All returns</Link>
          <div className="d-flex flex-wrap align-items-center gap-2 my-2">
            <h2 className="h4 mb-0">Return {item.number}</h2>
            <ReturnStatusBadge status={item.status} />
            <span>
              of <Link to={paths.orderDetail(item.orderId)}>order {item.orderNumber}</Link>
            </span>
          </div>
          <Card className="mb-3">
            <Card.Body>
              <ReturnSummary item={item} />
            </Card.Body>
          </Card>
          {['requested', 'approved', 'received'].includes(item.status) && (
            <Card>
              <Card.Body>
                <NextStep item={item} />
              </Card.Body>
            </Card>
          )}
        </>
      )}
    </QueryState>
  );
}

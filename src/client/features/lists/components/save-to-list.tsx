import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { AddToListBody } from '../../../../shared/api/lists.schemas';
import { notify } from '../../../lib/notify';
import { useAddToList, useCreateList, useLists } from '../api/lists';

const NEW_LIST = 'new';

/**
 * 'Save to a list': puts a product (with a quantity), the cart or an order's lines onto one
 * of the buyer's saved lists, or onto a new one named here. Repeated products add up on the list.
 */
export function SaveToList({
  what,
  body,
  quantity: initialQuantity,
  size,
  defaultName = '',
}: {
  /** What is saved, for the dialog's title: "Circular Saw", "your cart", "order 10042". */
  what: string;
  /** The lines to add; a product's takes the quantity typed into the dialog. */
  body: AddToListBody | ((quantity: number) => AddToListBody);
  /** For a product: the quantity the dialog starts with. */
  quantity?: number;
  size?: 'sm' | 'lg';
  defaultName?: string;
}) {
  const [open, setOpen] = useState(false);
  const lists = useLists(open);
  const create = useCreateList();
  const add = useAddToList();
  const [choice, setChoice] = useState(NEW_LIST);
  const [name, setName] = useState(defaultName);
  const [quantity, setQuantity] = useState(String(initialQuantity ?? ''));
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const busy = create.isPending || add.isPending;
  const close = () => {
    setOpen(false);
    setProblem(null);
  };

  async function save() {
    setProblem(null);
    const units = Number(quantity);
    if (typeof body === 'function' && (!Number.isInteger(units) || units < 1)) {
      setProblem('Please enter a whole number of units');
      return;
    }
    try {
      const listId = choice === NEW_LIST ? await create.mutateAsync(name) : choice;
      const listName =
        choice === NEW_LIST ? name : (lists.data?.find((list) => list._id === choice)?.name ?? 'the list');
      const result = await add.mutateAsync({
        listId,
        body: typeof body === 'function' ? body(units) : body,
      });
      notify.success(
        `Saved to ${listName}: ${result.added} ${result.added === 1 ? 'line' : 'lines'}` +
          (result.skipped.length
            ? `; ${result.skipped.length} left out (${result.skipped[0]?.message})`
            : ''),
      );
      close();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <>
      <Button variant="outline-dark" size={size} onClick={() => setOpen(true)}>
        Save to a list
      </Button>
      <Modal show={open} onHide={close} centered aria-labelledby={titleId}>
        <Form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Modal.Header closeButton closeLabel="Dismiss">
            <Modal.Title as="h2" className="h5" id={titleId}>
              Save {what} to a list
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {problem && (
              <Alert variant="danger" className="small" role="alert">
                {problem}
              </Alert>
            )}
            <Form.Group className="mb-3" controlId={`${titleId}-list`}>
              <Form.Label>List</Form.Label>
              <Form.Select value={choice} onChange={(event) => setChoice(event.target.value)}>
                <option value={NEW_LIST}>A new list…</option>
                {lists.data?.map((list) => (
                  <option key={list._id} value={list._id}>
                    {list.name} ({list.lineCount} {list.lineCount === 1 ? 'line' : 'lines'})
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            {choice === NEW_LIST && (
              <Form.Group className="mb-3" controlId={`${titleId}-name`}>
                <Form.Label>Name of the new list</Form.Label>
                <Form.Control
                  value={name}
                  maxLength={100}
                  placeholder="Monthly site order"
                  onChange={(event) => setName(event.target.value)}
                />
              </Form.Group>
            )}
            {typeof body === 'function' && (
              <Form.Group controlId={`${titleId}-quantity`}>
                <Form.Label>Units</Form.Label>
                <Form.Control
                  type="number"
                  inputMode="numeric"
                  min={1}
                  value={quantity}
                  onChange={(event) => setQuantity(event.target.value)}
                />
              </Form.Group>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
            <Button type="submit" variant="dark" disabled={busy}>
              Save to the list
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </>
  );
}

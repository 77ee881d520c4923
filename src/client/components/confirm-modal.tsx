import { useId, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { notify } from '../lib/notify';

interface ConfirmModalProps {
  show: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question before something that cannot be undone (react-bootstrap's 300/150 ms fades). */
export function ConfirmModal({
  show,
  title,
  children,
  confirmLabel,
  busy = false,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel="Dismiss">
        <Modal.Title as="h2" className="h5" id={titleId}>
          {title}
        </Modal.Title>
      </Modal.Header>
      {children && <Modal.Body>{children}</Modal.Body>}
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

interface Mutation<V, R> {
  mutate: (variables: V, callbacks: { onSuccess: (result: R) => void; onSettled: () => void }) => void;
  isPending: boolean;
}

/**
 * Ask first, then change: `ask(item)` opens the question about `item`; confirming runs the mutation
 * for it, toasts `done(item, answer)` once the server agrees, and closes. Spread `modal` onto a ConfirmModal.
 */
export function useConfirm<T, V, R = unknown>(
  mutation: Mutation<V, R>,
  { variables, done }: { variables: (item: T) => V; done: (item: T, result: R) => string },
) {
  const [item, setItem] = useState<T | null>(null);
  const close = () => setItem(null);
  return {
    /** What the question is about, while it is open. */
    item,
    ask: (next: T) => setItem(next),
    modal: {
      show: item !== null,
      busy: mutation.isPending,
      onClose: close,
      onConfirm: () => {
        if (item === null) return;
        mutation.mutate(variables(item), {
          onSuccess: (result) => notify.success(done(item, result)),
          onSettled: close,
        });
      },
    },
  };
}

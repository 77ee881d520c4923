import type { ReactNode } from 'react';

/** Bootstrap's spinner in the shop's colour, announced as `label` (the public pages' first load has no react-bootstrap). */
export function Spinner({ label, className = 'py-5' }: { label: string; className?: string }) {
  return (
    <div className={`d-flex justify-content-center ${className}`}>
      <div className="spinner-border text-warning" role="status">
        <span className="visually-hidden">{label}</span>
      </div>
    </div>
  );
}

/** A failure said in a red alert, beside the button that tries again. */
export function RetryAlert({
  children,
  action,
  onAction,
  busy = false,
}: {
  children: ReactNode;
  action: string;
  onAction: () => void;
  busy?: boolean;
}) {
  return (
    <div
      role="alert"
      className="alert alert-danger d-flex flex-wrap align-items-center gap-3 justify-content-between"
    >
      <span>{children}</span>
      <button type="button" className="btn btn-outline-danger" onClick={onAction} disabled={busy}>
        {action}
      </button>
    </div>
  );
}

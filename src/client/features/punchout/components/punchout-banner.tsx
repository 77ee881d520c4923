import Button from 'react-bootstrap/Button';
import { useCurrentUser } from '../../../lib/session-store';
import { usePunchoutSession } from '../api/punchout-session';

/**
 * The transfer: a real form post, so that the browser follows the shop's answer, a page that carries
 * the cart to the procurement system's address (DESIGN §11).
 */
export function TransferForm({ systemName, size }: { systemName: string; size?: 'sm' | 'lg' }) {
  return (
    <form method="post" action="/api/punchout/transfer" className="d-inline">
      <Button type="submit" variant="warning" size={size}>
        Transfer to {systemName}
      </Button>
    </form>
  );
}

/** Under the header in a punchout: whose procurement system this is, and the way back with the cart. */
export function PunchoutBanner() {
  const { user } = useCurrentUser();
  const punchout = usePunchoutSession(Boolean(user?.punchout));
  if (!user?.punchout || !punchout) return null;
  const { systemName, company } = punchout;
  return (
    <div className="punchout-banner bg-warning-subtle border-bottom" role="region" aria-label="Punchout">
      <div className="container d-flex flex-wrap align-items-center gap-2 py-2">
        <p className="mb-0 me-auto small">
          <strong>Shopping for {company}</strong> from {systemName}: fill your cart at your company’s prices,
          then transfer it back as a requisition.
        </p>
        {punchout.operation !== 'inspect' && <TransferForm systemName={systemName} size="sm" />}
      </div>
    </div>
  );
}

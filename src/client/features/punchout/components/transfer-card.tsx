import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { useCurrentUser } from '../../../lib/session-store';
import { usePunchoutSession } from '../api/punchout-session';
import { TransferForm } from './punchout-banner';

/**
 * In a punchout the cart does not check out here: it goes back to the procurement system as a
 * requisition, which its approvers approve and which comes back as a purchase order (DESIGN §11).
 */
export function TransferCard({ ready }: { ready: boolean }) {
  const { user } = useCurrentUser();
  const punchout = usePunchoutSession(Boolean(user?.punchout));
  const systemName = punchout?.systemName ?? 'your procurement system';
  return (
    <Card className="shadow-sm">
      <Card.Body className="p-4">
        <h2 className="h5">Back to {systemName}</h2>
        <p className="small text-secondary">
          Your cart goes back to {systemName} as a requisition, at your company’s prices. Once it is approved
          there, its purchase order comes to us and we ship.
        </p>
        {punchout?.operation === 'inspect' ? (
          <p className="mb-0">You are viewing this requisition: it is not changed here.</p>
        ) : ready ? (
          <TransferForm systemName={systemName} size="lg" />
        ) : (
          <Alert variant="warning" className="mb-0">
            Some lines cannot be ordered as they are: change them above, then transfer the cart.
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}

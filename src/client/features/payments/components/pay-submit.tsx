import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { PayOrder } from '../api/payments';

/** The Pay button, and the card error in red below the form (spec §8: the provider's message). */
export function PaySubmit({ ready, pay }: { ready: boolean; pay: PayOrder }) {
  return (
    <>
      <div className="d-grid">
        <Button
          type="submit"
          variant="warning"
          size="lg"
          className="fw-semibold"
          disabled={!ready || pay.isPending}
        >
          {pay.isPending ? <Spinner size="sm" animation="border" role="status" className="me-2" /> : null}
          Pay
        </Button>
      </div>
      {pay.error && (
        <p className="text-danger mt-3 mb-0" role="alert">
          {pay.error.message}
        </p>
      )}
    </>
  );
}

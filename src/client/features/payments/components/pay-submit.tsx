import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

/** The Pay button, and the card error in red below the form (spec §8: the provider's message). */
export function PaySubmit({
  ready,
  paying,
  error,
}: {
  ready: boolean;
  paying: boolean;
  error: string | null;
}) {
  return (
    <>
      <div className="d-grid">
        <Button type="submit" variant="warning" size="lg" className="fw-semibold" disabled={!ready || paying}>
          {paying ? <Spinner size="sm" animation="border" role="status" className="me-2" /> : null}
          Pay
        </Button>
      </div>
      {error && (
        <p className="text-danger mt-3 mb-0" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

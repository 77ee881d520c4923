import Spinner from 'react-bootstrap/Spinner';

/** Shown while a page's code or the session is still loading. */
export function PageSpinner() {
  return (
    <div className="d-flex justify-content-center align-items-center py-5 min-vh-50">
      <Spinner animation="border" role="status" variant="warning">
        <span className="visually-hidden">Loading…</span>
      </Spinner>
    </div>
  );
}

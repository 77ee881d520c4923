/** Shown while a page's code or the session is still loading. */
export function PageSpinner() {
  return (
    <div className="d-flex justify-content-center align-items-center py-5 min-vh-50">
      <div className="spinner-border text-warning" role="status">
        <span className="visually-hidden">Loading…</span>
      </div>
    </div>
  );
}

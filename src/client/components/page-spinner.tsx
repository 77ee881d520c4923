import { Spinner } from './feedback';

/** Shown while a page's code or the session is still loading. */
export function PageSpinner() {
  return <Spinner label="Loading…" className="align-items-center py-5 min-vh-50" />;
}

import { useRouteError } from 'react-router';
import { RetryAlert } from '../components/feedback';

/** Shown when a page fails to load or render, e.g. its code could not be fetched after a deploy. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="container py-5">
      <RetryAlert action="Reload" onAction={() => window.location.reload()}>
        This page could not be shown. Reloading usually fixes it.
      </RetryAlert>
    </div>
  );
}

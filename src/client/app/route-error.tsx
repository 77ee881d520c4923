import { useRouteError } from 'react-router';

/** Shown when a page fails to load or render, e.g. its code could not be fetched after a deploy. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="container py-5">
      <div
        role="alert"
        className="alert alert-danger d-flex flex-wrap align-items-center gap-3 justify-content-between"
      >
        <span>This page could not be shown. Reloading usually fixes it.</span>
        <button type="button" className="btn btn-outline-danger" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </div>
  );
}

import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../api/use-current-user';

export interface FromState {
  from?: { pathname: string; search: string; hash: string };
}

/**
 * Signed-in pages (spec §2: buy, payment, dashboard): a loader while the session is loading, otherwise
 * a visitor goes to /login, which brings them back here afterwards.
 */
export function RequireAuth() {
  const { user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <PageSpinner />;
  if (!user) {
    const state: FromState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}

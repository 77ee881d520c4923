import { Link, Outlet } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner';
import { paths } from '../../../config/paths';
import { useIsAdmin } from '../api/use-current-user';

/** Admin pages are blocked by role in the page as well as on the server (DESIGN §5.1). */
export function RequireAdmin() {
  const { isAdmin, isPending } = useIsAdmin();
  if (isPending) return <PageSpinner />;
  if (!isAdmin) {
    return (
      <div role="alert" className="alert alert-warning my-3">
        <h2 className="alert-heading h4">You are not authorized to view this page</h2>
        <p className="mb-0">
          It is for the shop&apos;s admins.{' '}
          <Link className="alert-link" to={paths.dashboard}>
            Back to your dashboard
          </Link>
        </p>
      </div>
    );
  }
  return <Outlet />;
}

import Alert from 'react-bootstrap/Alert';
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
      <Alert variant="warning" className="my-3">
        <Alert.Heading as="h2" className="h4">
          You are not authorized to view this page
        </Alert.Heading>
        <p className="mb-0">
          It is for the shop&apos;s admins.{' '}
          <Link className="alert-link" to={paths.dashboard}>
            Back to your dashboard
          </Link>
        </p>
      </Alert>
    );
  }
  return <Outlet />;
}

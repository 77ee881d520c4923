import { Suspense, lazy } from 'react';
import { PageSpinner } from '../../components/page-spinner';
import { useIsAdmin } from '../../features/auth/api/use-current-user';
import { MyProfilePage } from './my-profile-page';

// The overview and its chart library load for admins only.
const SalesDashboardPage = lazy(() => import('./sales-dashboard-page'));

/** /dashboard: the admin's overview of the shop (DESIGN §9), or a customer's profile (spec §2). */
export function DashboardHomePage() {
  const { isAdmin } = useIsAdmin();
  if (!isAdmin) return <MyProfilePage />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <SalesDashboardPage />
    </Suspense>
  );
}

import { type ReactNode, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../api/use-current-user';

/**
 * /login and /register are for visitors who are signed out: one who is already signed in when the page
 * opens goes to the dashboard instead. Decided once, when the session is known, so that signing in on
 * the page itself still ends where the page sends the customer.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { user, isPending } = useCurrentUser();
  // null until the session is known; then fixed for as long as the page is open.
  const [arrivedSignedIn, setArrivedSignedIn] = useState<boolean | null>(null);
  if (arrivedSignedIn === null && !isPending) setArrivedSignedIn(user !== null);
  if (arrivedSignedIn) return <Navigate to={paths.dashboard} replace />;
  return children;
}

/** The routes for signed-out visitors only (sign-in, registration), as a layout route. */
export function SignedOutOnlyOutlet() {
  return (
    <SignedOutOnly>
      <Outlet />
    </SignedOutOnly>
  );
}

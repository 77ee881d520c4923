import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { paths } from '../../../config/paths';
import { loadAuthClient } from '../../../lib/auth-client';
import { useQueryClientSlot } from '../../../lib/query-client-slot';
import { session } from '../../../lib/session-store';

/**
 * Ends the session on the server, forgets the user's cached data and goes home. The header offers it on
 * every page, the home page's first load included: TanStack Query's cache is cleared only if a page
 * has loaded it.
 */
export function useSignOut() {
  const queryClientSlot = useQueryClientSlot();
  const navigate = useNavigate();
  return async () => {
    const { error } = await (await loadAuthClient()).signOut();
    if (error) {
      notify.error(error.message ?? 'Signing out failed. Please try again.');
      return;
    }
    const queryClient = queryClientSlot.current;
    if (queryClient) (await import('../../../lib/query-client')).forgetSession(queryClient);
    else session.forget();
    await navigate(paths.home);
  };
}

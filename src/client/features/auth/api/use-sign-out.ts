import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { paths } from '../../../config/paths';
import { loadAuthClient } from '../../../lib/auth-client';
import { forgetSession } from '../../../lib/query-client';

/** Ends the session on the server, forgets the user's cached data and goes home. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const { error } = await (await loadAuthClient()).signOut();
    if (error) {
      notify.error(error.message ?? 'Signing out failed. Please try again.');
      return;
    }
    forgetSession(queryClient);
    await navigate(paths.home);
  };
}

import { useMutation } from '@tanstack/react-query';
import type { Joined } from '../../../../shared/api/companies.schemas';
import { api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';

/** Accepting a colleague's invitation: the account joins their company (issue 33). */
export function useAcceptInvitation() {
  const invalidate = useInvalidate(queryRoots.company, queryRoots.orders, queryRoots.quotes);
  return useMutation({
    mutationFn: (token: string) =>
      api<Joined>(`/invitations/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
      }),
    // The page shows the refusal in place (another address, an expired or used link).
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

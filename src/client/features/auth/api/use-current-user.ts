import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserRecord } from '../../../../shared/api/users.schemas';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { session, useCurrentUser } from '../../../lib/session-store';

export { type CurrentUser, useCurrentUser } from '../../../lib/session-store';

/** After signing in, up or out: read the session again, and resolve once it is known. */
export function useRefreshSession() {
  return () => session.refresh();
}

/** The user's record with its role, read by email as the spec does (spec §6: GET /users/{email}). */
export const userRecordQuery = (email: string) =>
  queryOptions({
    queryKey: [...queryRoots.users, 'record', email.toLowerCase()],
    queryFn: ({ signal }) => api<UserRecord>(`/users/${encodeURIComponent(email)}`, { signal }),
    staleTime: 60_000,
  });

export function useUserRecord(email: string | undefined) {
  return useQuery({ ...userRecordQuery(email ?? ''), enabled: Boolean(email) });
}

/** Whether the signed-in user is an admin; `isPending` until both session and record are known. */
export function useIsAdmin(): { isAdmin: boolean; isPending: boolean } {
  const { user, isPending } = useCurrentUser();
  const record = useUserRecord(user?.email);
  if (isPending) return { isAdmin: false, isPending: true };
  if (!user) return { isAdmin: false, isPending: false };
  return { isAdmin: record.data?.role === 'admin', isPending: record.isPending };
}

import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserRecord } from '../../../../shared/api/users.schemas';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export interface CurrentUser {
  id: string;
  /** The display name (spec §3: displayName). */
  name: string;
  email: string;
  /** Whether the address was confirmed through the mailed link (or by Google). */
  emailVerified: boolean;
}

/** The session, kept in the query cache so a sign-in can wait for it before moving on. */
export const sessionQuery = queryOptions({
  queryKey: queryRoots.session,
  // A plain read of better-auth's session endpoint: every page asks it, and its client stays unloaded.
  queryFn: async ({ signal }): Promise<CurrentUser | null> => {
    const response = await fetch('/api/auth/get-session', { credentials: 'same-origin', signal });
    if (!response.ok) throw new Error('The session could not be read');
    const data = (await response.json()) as { user: CurrentUser } | null;
    return data
      ? {
          id: data.user.id,
          name: data.user.name,
          email: data.user.email,
          emailVerified: data.user.emailVerified,
        }
      : null;
  },
  staleTime: 5 * 60_000,
});

/** The signed-in identity, or null; `isPending` while the session is still being asked for. */
export function useCurrentUser(): { user: CurrentUser | null; isPending: boolean } {
  const session = useQuery(sessionQuery);
  return { user: session.data ?? null, isPending: session.isPending };
}

/** After signing in, up or out: read the session again, and resolve once it is known. */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.query({ ...sessionQuery, staleTime: 0 });
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

import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { DeleteResult, UpdateResult } from '../../../../shared/api/common.schemas';
import type { UserRecord } from '../../../../shared/api/users.schemas';
import { api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';

/** All users for Make Admin (spec §7 GET /user). */
export const usersQuery = queryOptions({
  queryKey: [...queryRoots.users, 'all'],
  queryFn: ({ signal }) => api<UserRecord[]>('/user', { signal }),
});

export function useUsers() {
  return useQuery(usersQuery);
}

/** A change of role or a deleted account shows in every user query, the signed-in role check included. */
const useInvalidateUsers = () => useInvalidate(queryRoots.users);

export function useMakeAdmin() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (email: string) =>
      api<UpdateResult>(`/user/admin/${encodeURIComponent(email)}`, { method: 'PUT' }),
    onSuccess: invalidate,
  });
}

export function useRevokeAdmin() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (email: string) =>
      api<UpdateResult>(`/user/admin/${encodeURIComponent(email)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (email: string) =>
      api<DeleteResult>(`/user/${encodeURIComponent(email)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserRecord } from '../../../../shared/api/users.schemas';
import { api } from '../../../lib/api-client';

/** All users for Make Admin (spec §7 GET /user). */
export function useUsers() {
  return useQuery({
    queryKey: ['users', 'all'],
    queryFn: ({ signal }) => api<UserRecord[]>('/user', { signal }),
  });
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api<{ modifiedCount: number }>(`/user/admin/${encodeURIComponent(email)}`, { method: 'PUT' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api<{ deletedCount: number }>(`/user/${encodeURIComponent(email)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

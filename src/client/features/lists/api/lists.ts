import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Inserted } from '../../../../shared/api/companies.schemas';
import type {
  AddToListBody,
  AddToListResult,
  SavedList,
  SavedListSummary,
} from '../../../../shared/api/lists.schemas';
import { api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';

/** The caller's saved lists and their company's. */
export const listsQuery = () =>
  queryOptions({
    queryKey: queryRoots.lists,
    queryFn: ({ signal }) => api<SavedListSummary[]>('/lists', { signal }),
  });

export function useLists(enabled = true) {
  return useQuery({ ...listsQuery(), enabled });
}

/** One list, each line priced for the caller today. */
export const listQuery = (listId: string) =>
  queryOptions({
    queryKey: [...queryRoots.lists, listId],
    queryFn: ({ signal }) => api<SavedList>(`/lists/${encodeURIComponent(listId)}`, { signal }),
  });

export function useList(listId: string) {
  return useQuery(listQuery(listId));
}

/** A change to the lists: every list is read again. `inPlace`: the caller shows a refusal itself. */
function useListChange<T, R>(change: (input: T) => Promise<R>, { inPlace = false } = {}) {
  const invalidate = useInvalidate(queryRoots.lists);
  return useMutation({ mutationFn: change, onSuccess: invalidate, meta: { errorToast: !inPlace } });
}

export function useCreateList() {
  return useListChange(
    (name: string) =>
      api<Inserted>('/lists', { method: 'POST', body: { name } }).then((made) => made.insertedId),
    { inPlace: true },
  );
}

export function useRenameList() {
  return useListChange(({ listId, name }: { listId: string; name: string }) =>
    api(`/lists/${encodeURIComponent(listId)}`, { method: 'PATCH', body: { name } }),
  );
}

export function useDeleteList() {
  return useListChange((listId: string) => api(`/lists/${encodeURIComponent(listId)}`, { method: 'DELETE' }));
}

/** Adds a product, the cart, one of the caller's orders or a CSV's rows to a list (refusals shown in place). */
export function useAddToList() {
  return useListChange(
    ({ listId, body }: { listId: string; body: AddToListBody }) =>
      api<AddToListResult>(`/lists/${encodeURIComponent(listId)}/lines`, { method: 'POST', body }),
    { inPlace: true },
  );
}

export function useSetListLine() {
  return useListChange(({ listId, toolId, quantity }: { listId: string; toolId: string; quantity: number }) =>
    api<SavedList>(`/lists/${encodeURIComponent(listId)}/lines/${encodeURIComponent(toolId)}`, {
      method: 'PUT',
      body: { quantity },
    }),
  );
}

export function useRemoveListLine() {
  return useListChange(({ listId, toolId }: { listId: string; toolId: string }) =>
    api<SavedList>(`/lists/${encodeURIComponent(listId)}/lines/${encodeURIComponent(toolId)}`, {
      method: 'DELETE',
    }),
  );
}

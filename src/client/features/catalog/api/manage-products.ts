import { useMutation } from '@tanstack/react-query';
import type { DeleteResult, InsertResult, UpdateResult } from '../../../../shared/api/common.schemas';
import type { AddProductBody, UpdateProductBody } from '../../../../shared/api/products.schemas';
import { api } from '../../../lib/api-client';
import { useInvalidate } from '../../../lib/query-client';
import { queryRoots } from '../../../lib/query-keys';

/** Product changes show on the home grid and in Manage Products without stale data. */
const useInvalidateTools = () => useInvalidate(queryRoots.tools);

export function useAddProduct() {
  const invalidate = useInvalidateTools();
  return useMutation({
    mutationFn: (body: AddProductBody) => api<InsertResult>('/addproduct', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateProduct() {
  const invalidate = useInvalidateTools();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateProductBody }) =>
      api<UpdateResult>(`/tools/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: invalidate,
  });
}

export function useDeleteProduct() {
  const invalidate = useInvalidateTools();
  return useMutation({
    mutationFn: (id: string) => api<DeleteResult>(`/tools/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

import { useMutation } from '@tanstack/react-query';
import type { AttributesChange } from '../../../../shared/api/catalog.schemas';
import type { DeleteResult, InsertResult, UpdateResult } from '../../../../shared/api/common.schemas';
import type { AddFamilyBody, FamilyCreated } from '../../../../shared/api/families.schemas';
import type { AddProductBody, UpdateProductBody } from '../../../../shared/api/products.schemas';
import type { CategoryAttribute } from '../../../../shared/domain/specifications';
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

/** PUT /api/admin/categories/{slug}/attributes: the whole list, answering how many products lost values. */
export function usePutCategoryAttributes(slug: string) {
  const invalidate = useInvalidateTools();
  return useMutation({
    mutationFn: (attributes: CategoryAttribute[]) =>
      api<AttributesChange>(`/admin/categories/${encodeURIComponent(slug)}/attributes`, {
        method: 'PUT',
        body: { attributes },
      }),
    onSuccess: invalidate,
  });
}

/** POST /api/admin/families: a family and its variants, each a product. */
export function useAddFamily() {
  const invalidate = useInvalidateTools();
  return useMutation({
    mutationFn: (body: AddFamilyBody) => api<FamilyCreated>('/admin/families', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

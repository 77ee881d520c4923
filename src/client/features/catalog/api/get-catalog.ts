import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  CatalogPage,
  CatalogSort,
  Category,
  CategoryDetail,
} from '../../../../shared/api/catalog.schemas';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** A catalog search as the shop page keeps it in its URL (every field optional). */
export interface CatalogSearch {
  q?: string;
  category?: string;
  inStock?: boolean;
  lowStock?: boolean;
  minPrice?: string;
  maxPrice?: string;
  sort?: CatalogSort;
  /** Every variant of a family, not the family once (the admin's product list). */
  variants?: boolean;
  /** Specification filters: each attribute key's chosen values (any of them matches). */
  spec?: Record<string, string[]>;
}

/** The API's query string for a search, without empty fields; specifications as `spec.<key>=<value>`. */
export function catalogQueryString(search: CatalogSearch, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  const { spec = {}, ...rest } = search;
  const values: Record<string, string | boolean | undefined> = { ...rest, ...extra };
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === '' || value === false) continue;
    params.set(key, String(value));
  }
  for (const [key, chosen] of Object.entries(spec)) {
    for (const value of chosen) params.append(`spec.${key}`, value);
  }
  return params.toString();
}

const PAGE_SIZE = 24;

/**
 * GET /api/catalog, one keyset page after another ('Load more'). Kept under the `tools` root, so an
 * order or a product change refreshes it with the rest of the catalog.
 */
export const catalogQuery = (search: CatalogSearch) =>
  infiniteQueryOptions({
    queryKey: [...queryRoots.tools, 'catalog', search],
    queryFn: ({ pageParam, signal }) =>
      api<CatalogPage>(
        `/catalog?${catalogQueryString(search, { limit: String(PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) })}`,
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useCatalog(search: CatalogSearch) {
  return useInfiniteQuery(catalogQuery(search));
}

/** GET /api/categories: the filter's choices and the product forms' suggestions. */
export const categoriesQuery = queryOptions({
  queryKey: [...queryRoots.tools, 'categories'],
  queryFn: ({ signal }) => api<Category[]>('/categories', { signal }),
});

export function useCategories() {
  return useQuery(categoriesQuery);
}

/** GET /api/categories/{slug}: a category's attributes, which name and order a product's specifications. */
export const categoryQuery = (slug: string) =>
  queryOptions({
    queryKey: [...queryRoots.tools, 'category', slug],
    queryFn: ({ signal }) => api<CategoryDetail>(`/categories/${encodeURIComponent(slug)}`, { signal }),
  });

export function useCategory(slug: string, { enabled = true } = {}) {
  return useQuery({ ...categoryQuery(slug), enabled });
}

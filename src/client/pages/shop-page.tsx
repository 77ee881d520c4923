import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CATALOG_SORTS, CATEGORY_SLUG, type CatalogSort } from '../../shared/api/catalog.schemas';
import { ATTRIBUTE_KEY, type Facet } from '../../shared/domain/specifications';
import { LoadMoreButton } from '../components/load-more-button';
import { QueryState } from '../components/query-state';
import { prefetching } from '../app/prefetch';
import {
  type CatalogSearch,
  catalogQuery,
  catalogQueryString,
  categoriesQuery,
  useCatalog,
} from '../features/catalog/api/get-catalog';
import { CatalogFilters } from '../features/catalog/components/catalog-filters';
import { ToolCard } from '../features/catalog/components/tool-card';
import { CompareBar } from '../features/catalog/components/compare-toggle';
import { formatUnits } from '../lib/format';
import { usePageMeta } from '../lib/use-page-meta';

const isSort = (value: string | null): value is CatalogSort =>
  (CATALOG_SORTS as readonly string[]).includes(value ?? '');
const dollars = (value: string | null) =>
  value !== null && /^\d{1,7}(\.\d{1,2})?$/.test(value) ? value : undefined;

/** The search as the URL holds it; a hand-edited URL with a bad value just drops that filter. */
function searchFrom(params: URLSearchParams): CatalogSearch {
  const sort = params.get('sort');
  const category = params.get('category');
  const minPrice = dollars(params.get('minPrice'));
  const maxPrice = dollars(params.get('maxPrice'));
  // A shared link whose low end is above its high end means the range between them: read the right
  // way round (the fields then show it so), never silently dropped.
  const range =
    minPrice && maxPrice && Number(minPrice) > Number(maxPrice)
      ? { minPrice: maxPrice, maxPrice: minPrice }
      : { minPrice, maxPrice };
  return {
    q: params.get('q')?.trim().slice(0, 100) || undefined,
    category: category && CATEGORY_SLUG.test(category) ? category : undefined,
    inStock: params.get('inStock') === 'true' || undefined,
    ...range,
    sort: isSort(sort) ? sort : undefined,
    spec: specFrom(params),
  };
}

/** The URL's `spec.<key>=<value>` filters; a key that is no attribute key is dropped. */
function specFrom(params: URLSearchParams): Record<string, string[]> | undefined {
  const spec: Record<string, string[]> = {};
  for (const [name, value] of params) {
    const key = name.startsWith('spec.') ? name.slice(5) : null;
    if (key === null || !ATTRIBUTE_KEY.test(key) || value.trim() === '') continue;
    (spec[key] ??= []).push(value.slice(0, 200));
  }
  return Object.keys(spec).length > 0 ? spec : undefined;
}

/** The first page of the search the URL asks for, and the category filter's choices. */
export const shopLoader = (queryClient: QueryClient) =>
  prefetching(({ request }) => [
    queryClient.infiniteQuery(catalogQuery(searchFrom(new URL(request.url).searchParams))),
    queryClient.query(categoriesQuery),
  ]);

/**
 * /shop (DESIGN §9): the whole catalog, searched, filtered, sorted and read a page at a time, with its
 * heading the spec's 'welcome to shop', written properly. Everything lives in the URL.
 */
export function ShopPage() {
  const [params, setParams] = useSearchParams();
  const search = searchFrom(params);
  const catalog = useCatalog(search);
  const filtered = catalogQueryString(search) !== '';
  // While the next search loads, the facets of the last one stay, so the filters do not jump.
  const [lastFacets, setLastFacets] = useState<Facet[]>([]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const loadedFacets = catalog.data?.pages[0]?.facets;
  if (loadedFacets && loadedFacets !== lastFacets) setLastFacets(loadedFacets);
  const facets = loadedFacets ?? lastFacets;
  usePageMeta(
    search.q ? `Search “${search.q}” · Shop` : 'Shop',
    'Every Forgeline tool: search by name or SKU, filter by category, price and stock, with volume prices.',
  );

  return (
    <Container className="py-5">
      <h1 className="text-center mb-4">Welcome to the shop</h1>
      <Row className="g-4">
        <Col lg={3}>
          {/* A new URL (Back, a shared link) resets the fields to what it says. */}
          <CatalogFilters
            key={params.toString()}
            search={search}
            facets={facets}
            open={filtersOpen}
            onOpen={setFiltersOpen}
            onChange={(next) => setParams(catalogQueryString(next))}
          />
        </Col>
        <Col lg={9}>
          <section aria-labelledby="catalog-results-heading">
            <h2 id="catalog-results-heading" className="visually-hidden">
              Products
            </h2>
            <QueryState query={catalog} what="the catalog">
              {({ pages }) => {
                const items = pages.flatMap((page) => page.items);
                const total = pages[0]?.total ?? 0;
                if (total === 0) {
                  return (
                    <div className="text-center py-5">
                      <p className="lead">
                        {filtered ? 'No products match your search.' : 'No products are for sale right now.'}
                      </p>
                      {filtered && (
                        <Button variant="warning" onClick={() => setParams('')}>
                          Clear the filters
                        </Button>
                      )}
                    </div>
                  );
                }
                return (
                  <>
                    <p className="text-secondary" aria-live="polite">
                      Showing {formatUnits(items.length)} of {formatUnits(total)}{' '}
                      {total === 1 ? 'product' : 'products'}
                    </p>
                    <Row xs={1} md={2} xl={3} className="g-4">
                      {items.map((tool) => (
                        <Col key={tool._id}>
                          <ToolCard tool={tool} />
                        </Col>
                      ))}
                    </Row>
                    <div className="text-center mt-4">
                      <LoadMoreButton query={catalog} />
                    </div>
                    <CompareBar />
                  </>
                );
              }}
            </QueryState>
          </section>
        </Col>
      </Row>
    </Container>
  );
}

import { type SyntheticEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { messages } from '../../../../shared/messages';
import InputGroup from 'react-bootstrap/InputGroup';
import type { CatalogSort } from '../../../../shared/api/catalog.schemas';
import { useCategories } from '../api/get-catalog';
import type { CatalogSearch } from '../api/get-catalog';
import type { Facet } from '../../../../shared/domain/specifications';
import { SpecFacets } from './spec-facets';

const sortLabels: Record<CatalogSort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  name: 'Name (A–Z)',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

/**
 * The shop's search and filters. Lists and switches apply at once; the search words and the price range
 * apply on Enter or 'Apply'. Each change is a new URL, so a search can be shared and Back undoes it.
 */
export function CatalogFilters({
  search,
  facets = [],
  open,
  onOpen,
  onChange,
}: {
  search: CatalogSearch;
  /** The search's specification facets, with their counts. */
  facets?: readonly Facet[];
  /** Whether the filters are unfolded on a phone: kept by the page, so a new URL keeps them open. */
  open: boolean;
  onOpen: (open: boolean) => void;
  onChange: (next: CatalogSearch) => void;
}) {
  const categories = useCategories();
  const setOpen = onOpen;
  const [rangeError, setRangeError] = useState<string | null>(null);
  const active =
    [search.category, search.inStock, search.minPrice, search.maxPrice, search.sort].filter(
      (value) => value !== undefined && value !== '',
    ).length + Object.keys(search.spec ?? {}).length;
  const sorts = (search.q ? ['relevance'] : []).concat([
    'newest',
    'name',
    'price_asc',
    'price_desc',
  ]) as CatalogSort[];

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const q = field('q');
    const [low, high] = [field('minPrice'), field('maxPrice')];
    if (low !== '' && high !== '' && Number(low) > Number(high)) {
      setRangeError(messages.priceRangeReversed);
      setOpen(true);
      return;
    }
    setRangeError(null);
    onChange({
      ...search,
      q,
      minPrice: field('minPrice'),
      maxPrice: field('maxPrice'),
      // A new search is read best match first; clearing it goes back to the newest.
      sort: q && q !== search.q ? 'relevance' : !q && search.sort === 'relevance' ? undefined : search.sort,
    });
  }

  return (
    <Form role="search" aria-label="Search the catalog" onSubmit={submit} className="catalog-filters">
      <Form.Group className="mb-3" controlId="catalog-q">
        <Form.Label>Search</Form.Label>
        <InputGroup>
          <Form.Control
            type="search"
            name="q"
            defaultValue={search.q ?? ''}
            placeholder="Name or SKU"
            maxLength={100}
          />
          <Button type="submit" variant="warning">
            Search
          </Button>
        </InputGroup>
      </Form.Group>
      {/* On a phone the other filters fold away under one button, so the results come first. */}
      <Button
        variant="outline-dark"
        className="d-lg-none w-100 mb-3"
        aria-expanded={open}
        aria-controls="catalog-more-filters"
        onClick={() => setOpen(!open)}
      >
        Filters and sort{active > 0 ? ` (${active} on)` : ''}
      </Button>
      <div id="catalog-more-filters" className={open ? undefined : 'd-none d-lg-block'}>
        <Form.Group className="mb-3" controlId="catalog-category">
          <Form.Label>Category</Form.Label>
          <Form.Select
            value={search.category ?? ''}
            // Another category has other attributes: its filters start afresh.
            onChange={(event) =>
              onChange({ ...search, category: event.target.value || undefined, spec: undefined })
            }
          >
            <option value="">All categories</option>
            {categories.data
              ?.filter((category) => category.count > 0 || category.slug === search.category)
              .map((category) => (
                <option key={category.slug} value={category.slug}>
                  {category.name} ({category.count})
                </option>
              ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="mb-3" controlId="catalog-sort">
          <Form.Label>Sort by</Form.Label>
          <Form.Select
            value={search.sort ?? (search.q ? 'relevance' : 'newest')}
            onChange={(event) => onChange({ ...search, sort: event.target.value as CatalogSort })}
          >
            {sorts.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabels[sort]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-2">Price per unit ($)</legend>
          <div className="d-flex gap-2 align-items-center">
            <Form.Control
              aria-label="Lowest price"
              isInvalid={rangeError !== null}
              aria-describedby={rangeError ? 'catalog-price-error' : undefined}
              name="minPrice"
              type="number"
              min={0}
              step={0.01}
              placeholder="Min"
              defaultValue={search.minPrice ?? ''}
            />
            <span aria-hidden="true">–</span>
            <Form.Control
              aria-label="Highest price"
              isInvalid={rangeError !== null}
              aria-describedby={rangeError ? 'catalog-price-error' : undefined}
              name="maxPrice"
              type="number"
              min={0}
              step={0.01}
              placeholder="Max"
              defaultValue={search.maxPrice ?? ''}
            />
          </div>
          {rangeError && (
            <div id="catalog-price-error" className="invalid-feedback d-block" role="alert">
              {rangeError}
            </div>
          )}
          <Button type="submit" size="sm" variant="outline-dark" className="mt-2">
            Apply
          </Button>
        </fieldset>
        <Form.Check
          type="switch"
          id="catalog-in-stock"
          label="Only what I can order now"
          checked={search.inStock === true}
          onChange={(event) => onChange({ ...search, inStock: event.target.checked || undefined })}
        />
        <SpecFacets
          facets={facets}
          chosen={search.spec ?? {}}
          onChange={(spec) => onChange({ ...search, spec: Object.keys(spec).length > 0 ? spec : undefined })}
        />
      </div>
    </Form>
  );
}

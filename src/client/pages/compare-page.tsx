import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { Link, useSearchParams } from 'react-router';
import type { Tool } from '../../shared/api/catalog.schemas';
import type { CategoryAttribute } from '../../shared/domain/specifications';
import { lowerBound } from '../../shared/domain/order-quantity';
import { formatDollars } from '../../shared/money';
import { UNITS } from '../../shared/domain/units';
import { PageSpinner } from '../components/page-spinner';
import { paths } from '../config/paths';
import { categoryQuery } from '../features/catalog/api/get-catalog';
import { toolQuery } from '../features/catalog/api/get-tool';
import { specLabel } from '../features/catalog/components/spec-facets';
import { MAX_COMPARED, toggleCompared } from '../features/catalog/compare-store';
import { useOrderFloor } from '../features/catalog/use-quantity-bounds';
import { formatUnits } from '../lib/format';
import { usePageMeta } from '../lib/use-page-meta';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface CompareRow {
  key: string;
  label: string;
  values: string[];
}

/** The rows of the comparison: the buying facts, then every attribute any of the products has. */
function compareRows(tools: Tool[], attributes: CategoryAttribute[], floor: number): CompareRow[] {
  const facts: CompareRow[] = [
    { key: 'price', label: 'Price per unit', values: tools.map((tool) => formatDollars(tool.price)) },
    {
      key: 'min',
      label: 'Minimum order',
      values: tools.map(
        (tool) => `${formatUnits(lowerBound(tool.min_order, floor, tool.orderMultiple))} units`,
      ),
    },
    {
      key: 'pack',
      label: 'Sold in',
      values: tools.map((tool) =>
        tool.orderMultiple > 1 ? `packs of ${formatUnits(tool.orderMultiple)}` : UNITS[tool.unit],
      ),
    },
    { key: 'stock', label: 'Available', values: tools.map((tool) => `${formatUnits(tool.available)} units`) },
    {
      key: 'lead',
      label: 'Lead time',
      values: tools.map((tool) => (tool.leadTimeDays > 0 ? `${tool.leadTimeDays} days` : '—')),
    },
    { key: 'category', label: 'Category', values: tools.map((tool) => tool.category.name) },
  ];
  const specs = attributes.flatMap((attribute) => {
    const values = tools.map((tool) => {
      const value = tool.specs[attribute.key];
      return value === undefined ? '—' : specLabel(value, attribute.unit ?? null);
    });
    return values.every((value) => value === '—')
      ? []
      : [{ key: `spec-${attribute.key}`, label: attribute.name, values }];
  });
  return [...facts, ...specs];
}

/**
 * /compare?ids= (DESIGN §11): up to four products side by side, their prices, packs, stock and every
 * specification, the rows where they differ marked, and optionally only those.
 */
export function ComparePage() {
  const [params, setParams] = useSearchParams();
  const ids = [...new Set((params.get('ids') ?? '').split(',').filter((id) => UUID.test(id)))].slice(
    0,
    MAX_COMPARED,
  );
  const floor = useOrderFloor();
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  usePageMeta('Compare products', 'Tools side by side: prices, packs, stock and specifications.');
  const tools = useQueries({ queries: ids.map((id) => toolQuery(id)) });
  const loaded = tools.flatMap((tool) => (tool.data ? [tool.data] : []));
  const slugs = [...new Set(loaded.map((tool) => tool.category.slug))];
  const categories = useQueries({ queries: slugs.map((slug) => categoryQuery(slug)) });
  if (tools.some((tool) => tool.isPending) || categories.some((category) => category.isPending)) {
    return <PageSpinner />;
  }
  // Attributes in the first product's category's order, then any other category's.
  const attributes: CategoryAttribute[] = [];
  for (const category of categories) {
    for (const attribute of category.data?.attributes ?? []) {
      if (!attributes.some((kept) => kept.key === attribute.key)) attributes.push(attribute);
    }
  }
  const rows = compareRows(loaded, attributes, floor);
  const differs = (row: CompareRow) => new Set(row.values).size > 1;
  const shown = onlyDifferences ? rows.filter(differs) : rows;
  const remove = (id: string) => {
    toggleCompared(id, false);
    const rest = ids.filter((kept) => kept !== id);
    setParams(rest.length > 0 ? { ids: rest.join(',') } : {});
  };

  return (
    <Container className="py-5">
      <h1 className="h2 mb-3">Compare products</h1>
      {loaded.length < 2 ? (
        <p className="lead">
          Pick two to four products with their Compare box in the <Link to={paths.shop}>shop</Link>.
        </p>
      ) : (
        <>
          <Form.Check
            type="switch"
            id="compare-only-differences"
            className="mb-3"
            label="Show only the differences"
            checked={onlyDifferences}
            onChange={(event) => setOnlyDifferences(event.target.checked)}
          />
          <div className="table-responsive">
            <table className="table compare-table align-middle">
              <caption className="visually-hidden">
                {loaded.length} products compared; rows where they differ are marked
              </caption>
              <thead>
                <tr>
                  <td />
                  {loaded.map((tool) => (
                    <th key={tool._id} scope="col" className="compare-product">
                      <img src={tool.img} alt="" width={120} height={90} className="d-block mb-2 rounded" />
                      <Link to={paths.tool(tool._id)}>{tool.name}</Link>
                      <div className="small font-monospace text-secondary">{tool.sku}</div>
                      <button
                        type="button"
                        className="btn btn-link btn-sm p-0"
                        aria-label={`Remove ${tool.name} from the comparison`}
                        onClick={() => remove(tool._id)}
                      >
                        Remove
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <tr key={row.key} className={differs(row) ? 'compare-differs' : undefined}>
                    <th scope="row" className={differs(row) ? 'fw-semibold' : 'fw-normal text-secondary'}>
                      {row.label}
                      {differs(row) && <span className="visually-hidden"> (differs)</span>}
                    </th>
                    {row.values.map((value, index) => (
                      <td key={loaded[index]?._id ?? index}>{value}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Container>
  );
}

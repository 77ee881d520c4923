import type { Tool } from '../../../../shared/api/catalog.schemas';
import type { CategoryAttribute, SpecValue } from '../../../../shared/domain/specifications';
import { useCategory } from '../api/get-catalog';
import { specLabel } from './spec-facets';

/** A product's specifications in its category's order, each with its attribute's name and unit. */
export function specRows(
  specs: Tool['specs'],
  attributes: readonly CategoryAttribute[],
): { key: string; name: string; value: string }[] {
  return attributes.flatMap((attribute) => {
    const value: SpecValue | undefined = specs[attribute.key];
    return value === undefined
      ? []
      : [{ key: attribute.key, name: attribute.name, value: specLabel(value, attribute.unit ?? null) }];
  });
}

/** The product page's specification table (DESIGN §11); nothing while a product has none. */
export function SpecTable({ tool }: { tool: Tool }) {
  const hasSpecs = Object.keys(tool.specs).length > 0;
  const category = useCategory(tool.category.slug);
  if (!hasSpecs || !category.data) return null;
  const rows = specRows(tool.specs, category.data.attributes);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="spec-heading" className="mb-4">
      <h2 id="spec-heading" className="h5">
        Specifications
      </h2>
      <table className="table table-sm spec-table mb-0">
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="fw-normal text-secondary">
                {row.name}
              </th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

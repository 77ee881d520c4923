import { Fragment } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDollars } from '../../../../shared/money';
import type { Tool } from '../../../../shared/api/catalog.schemas';
import { canBeOrdered } from '../../../../shared/domain/order-quantity';
import { paths } from '../../../config/paths';
import { useQuantityBounds } from '../use-quantity-bounds';
import { ToolFacts } from './tool-facts';
import { AddToCartButton } from '../../../components/add-to-cart-button';
import { CompareToggle } from './compare-toggle';

/** A family's card facts: its options, its price range, and the variant this search matched first. */
function FamilyFacts({ family, shown }: { family: NonNullable<Tool['family']>; shown: Tool }) {
  const range =
    family.minPrice === family.maxPrice
      ? formatDollars(family.minPrice)
      : `${formatDollars(family.minPrice)} – ${formatDollars(family.maxPrice)}`;
  return (
    <dl className="tool-facts">
      <dt>Price</dt>
      <dd>
        <strong className="text-dark">{range}</strong> per unit
      </dd>
      {family.options.map((option) => (
        <Fragment key={option.name}>
          <dt>{option.name}</dt>
          <dd>{option.values.join(' · ')}</dd>
        </Fragment>
      ))}
      <dt>Best match</dt>
      <dd>
        <span className="font-monospace">{shown.sku}</span>
      </dd>
    </dl>
  );
}

export function ToolCard({ tool }: { tool: Tool }) {
  const navigate = useNavigate();
  const bounds = useQuantityBounds(tool);
  const orderable = canBeOrdered(bounds);
  return (
    <article className="card h-100 shadow-sm tool-card" aria-labelledby={`tool-${tool._id}`}>
      <img className="card-img-top" src={tool.img} alt={tool.name} loading="lazy" width={600} height={450} />
      <div className="card-body d-flex flex-column">
        <div className="small text-secondary mb-1">{tool.category.name}</div>
        <h3 id={`tool-${tool._id}`} className="card-title h5">
          <Link to={paths.tool(tool._id)} className="text-reset">
            {tool.family ? tool.family.name : tool.name}
          </Link>
        </h3>
        <p className="card-text text-secondary small flex-grow-1">{tool.dis}</p>
        {tool.family && tool.family.variants > 1 ? (
          <FamilyFacts family={tool.family} shown={tool} />
        ) : (
          <ToolFacts tool={tool} />
        )}
        <CompareToggle toolId={tool._id} name={tool.name} />
        {tool.family && tool.family.variants > 1 ? (
          <Link className="btn btn-warning fw-semibold" to={paths.tool(tool._id)}>
            Choose from {tool.family.variants} variants
          </Link>
        ) : (
          <div className="d-flex gap-2">
            <button
              type="button"
              className="btn btn-warning fw-semibold flex-grow-1"
              disabled={!orderable}
              onClick={() => void navigate(paths.buyNow(tool._id))}
            >
              Buy Now
            </button>
            <AddToCartButton
              toolId={tool._id}
              name={tool.name}
              quantity={bounds.lower}
              disabled={!orderable}
            />
          </div>
        )}
      </div>
    </article>
  );
}

import { Link } from 'react-router';
import type { Tool } from '../../../../shared/api/catalog.schemas';
import { SettledState } from '../../../components/settled-state';
import { paths } from '../../../config/paths';
import type { Settled } from '../../../lib/settled';
import { ToolCard } from './tool-card';

/**
 * 'Our Products' (spec §2, home item 3): the featured and newest products, three columns on large
 * screens, and the way to the whole catalog (DESIGN §9).
 */
export function ProductsSection({
  tools,
  heading = 'Our Products',
}: {
  tools: Settled<Tool[]>;
  heading?: string;
}) {
  return (
    <section id="our-products" className="py-5 scroll-target" aria-labelledby="our-products-heading">
      <div className="container">
        <h2 id="our-products-heading" className="section-title">
          {heading}
        </h2>
        <SettledState read={tools} what="our products">
          {(list) =>
            list.length === 0 ? (
              <p className="text-center text-secondary">
                No products are for sale right now. Please come back soon.
              </p>
            ) : (
              <>
                <div className="row row-cols-1 row-cols-md-2 row-cols-lg-3 g-4">
                  {list.map((tool) => (
                    <div key={tool._id} className="col">
                      <ToolCard tool={tool} />
                    </div>
                  ))}
                </div>
                <div className="text-center mt-4">
                  <Link className="btn btn-outline-dark fw-semibold" to={paths.shop}>
                    View all products
                  </Link>
                </div>
              </>
            )
          }
        </SettledState>
      </div>
    </section>
  );
}

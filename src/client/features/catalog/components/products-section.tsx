import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { useTools } from '../api/get-tools';
import { ToolCard } from './tool-card';

/**
 * 'Our Products' (spec §2, home item 3): the featured and newest products, three columns on large
 * screens, and the way to the whole catalog (DESIGN §9).
 */
export function ProductsSection({ heading = 'Our Products' }: { heading?: string }) {
  const tools = useTools();
  return (
    <section id="our-products" className="py-5 scroll-target" aria-labelledby="our-products-heading">
      <Container>
        <h2 id="our-products-heading" className="section-title">
          {heading}
        </h2>
        <QueryState query={tools} what="our products">
          {(list) =>
            list.length === 0 ? (
              <p className="text-center text-secondary">
                No products are for sale right now. Please come back soon.
              </p>
            ) : (
              <>
                <Row xs={1} md={2} lg={3} className="g-4">
                  {list.map((tool) => (
                    <Col key={tool._id}>
                      <ToolCard tool={tool} />
                    </Col>
                  ))}
                </Row>
                <div className="text-center mt-4">
                  <Link className="btn btn-outline-dark fw-semibold" to={paths.shop}>
                    View all products
                  </Link>
                </div>
              </>
            )
          }
        </QueryState>
      </Container>
    </section>
  );
}

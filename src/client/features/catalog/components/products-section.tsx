import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { QueryState } from '../../../components/query-state';
import { useTools } from '../api/get-tools';
import { ToolCard } from './tool-card';

/** 'Our Products': the whole catalog, three columns on large screens (spec §2, home item 3). */
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
              <Row xs={1} md={2} lg={3} className="g-4">
                {list.map((tool) => (
                  <Col key={tool._id}>
                    <ToolCard tool={tool} />
                  </Col>
                ))}
              </Row>
            )
          }
        </QueryState>
      </Container>
    </section>
  );
}

import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { homeContent } from '../../../config/site-content';

/** A pair of promotional images (spec §2, home item 5). */
export function PromoImages() {
  return (
    <section className="py-5" aria-label="Offers">
      <Container>
        <Row xs={1} md={2} className="g-4">
          {homeContent.promos.map((promo) => (
            <Col key={promo.image}>
              <img
                className="img-fluid rounded-3 shadow-sm w-100"
                src={promo.image}
                alt={promo.alt}
                loading="lazy"
                width={800}
                height={500}
              />
            </Col>
          ))}
        </Row>
      </Container>
    </section>
  );
}

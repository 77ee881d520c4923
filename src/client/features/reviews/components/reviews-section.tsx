import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { QueryState } from '../../../components/query-state';
import { useReviews } from '../api/get-reviews';
import { ReviewCard } from './review-card';

// A long wall of reviews buries the footer; the newest few say enough.
const HOME_REVIEW_COUNT = 6;

/** 'What Our Customer Say' (spec §2, home item 6): the newest reviews first. */
export function ReviewsSection() {
  const reviews = useReviews();
  return (
    <section className="py-5 bg-body-tertiary" aria-labelledby="reviews-heading">
      <Container>
        <h2 id="reviews-heading" className="section-title">
          What Our Customer Say
        </h2>
        <QueryState query={reviews} what="customer reviews">
          {(list) =>
            list.length === 0 ? (
              <p className="text-center text-secondary">No reviews yet.</p>
            ) : (
              <Row xs={1} md={2} lg={3} className="g-4">
                {list.slice(0, HOME_REVIEW_COUNT).map((review) => (
                  <Col key={review._id}>
                    <ReviewCard review={review} />
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

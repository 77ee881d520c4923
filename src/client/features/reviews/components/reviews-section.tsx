import type { Review } from '../../../../shared/api/reviews.schemas';
import { SettledState } from '../../../components/settled-state';
import type { Settled } from '../../../lib/settled';
import { ReviewCard } from './review-card';

/** The spec's 'What Our Customer Say' (§2, home item 6), in good English: the newest reviews first. */
export function ReviewsSection({ reviews }: { reviews: Settled<Review[]> }) {
  return (
    <section className="py-5 bg-body-tertiary" aria-labelledby="reviews-heading">
      <div className="container">
        <h2 id="reviews-heading" className="section-title">
          What Our Customers Say
        </h2>
        <SettledState read={reviews} what="customer reviews">
          {(list) =>
            list.length === 0 ? (
              <p className="text-center text-secondary">No reviews yet.</p>
            ) : (
              <div className="row row-cols-1 row-cols-md-2 row-cols-lg-3 g-4">
                {list.map((review) => (
                  <div key={review._id} className="col">
                    <ReviewCard review={review} />
                  </div>
                ))}
              </div>
            )
          }
        </SettledState>
      </div>
    </section>
  );
}

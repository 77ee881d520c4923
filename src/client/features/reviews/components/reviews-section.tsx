import { QueryState } from '../../../components/query-state';
import { useHomeReviews } from '../api/get-reviews';
import { ReviewCard } from './review-card';

/** 'What Our Customer Say' (spec §2, home item 6): the newest reviews first. */
export function ReviewsSection() {
  const reviews = useHomeReviews();
  return (
    <section className="py-5 bg-body-tertiary" aria-labelledby="reviews-heading">
      <div className="container">
        <h2 id="reviews-heading" className="section-title">
          What Our Customer Say
        </h2>
        <QueryState query={reviews} what="customer reviews">
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
        </QueryState>
      </div>
    </section>
  );
}

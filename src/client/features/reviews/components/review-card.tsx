import type { Review } from '../../../../shared/api/reviews.schemas';

export function ReviewCard({ review }: { review: Review }) {
  return (
    <article className="card h-100 shadow-sm review-card">
      <div className="card-body">
        <div className="d-flex align-items-center gap-3 mb-3">
          <img src={review.img} alt="" className="review-avatar" width={64} height={64} loading="lazy" />
          <div>
            <h3 className="card-title h6 mb-1">{review.name}</h3>
            <span className="review-rating">
              <span aria-hidden="true" className="review-stars">
                {'★'.repeat(review.rating)}
                <span className="text-body-tertiary">{'★'.repeat(Math.max(0, 5 - review.rating))}</span>
              </span>{' '}
              {review.rating} Star
            </span>
            {review.verifiedBuyer && (
              <p className="verified-buyer mb-0 mt-1">
                <span className="badge text-bg-success">Verified buyer</span>{' '}
                <span className="small">bought {review.verifiedBuyer.unitsBand} units</span>
              </p>
            )}
          </div>
        </div>
        <p className="card-text text-secondary">{review.customer_review}</p>
      </div>
    </article>
  );
}

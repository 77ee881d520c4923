import { useEffect, useRef, useState } from 'react';
import type { Review } from '../../../../shared/api/reviews.schemas';

/**
 * The reviewer's picture, or their initials when it does not load (a dead link shows no broken-image
 * icon). A picture that failed before the page's script ran is caught on mount, since its error event
 * came before React listened.
 */
function ReviewAvatar({ src, name }: { src: string; name: string }) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = image.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) {
    const initials = name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word.charAt(0).toUpperCase())
      .join('');
    return (
      <span className="review-avatar review-avatar-initials" aria-hidden="true">
        {initials}
      </span>
    );
  }
  return (
    <img
      ref={image}
      src={src}
      alt=""
      className="review-avatar"
      width={64}
      height={64}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}

export function ReviewCard({ review }: { review: Review }) {
  return (
    <article className="card h-100 shadow-sm review-card">
      <div className="card-body">
        <div className="d-flex align-items-center gap-3 mb-3">
          <ReviewAvatar src={review.img} name={review.name} />
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

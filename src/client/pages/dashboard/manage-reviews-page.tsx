import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { Review } from '../../../shared/api/reviews.schemas';
import { messages } from '../../../shared/messages';
import { ConfirmModal, useConfirm } from '../../components/confirm-modal';
import { QueryState } from '../../components/query-state';
import { useDeleteReview } from '../../features/reviews/api/delete-review';
import { useReviews } from '../../features/reviews/api/get-reviews';

/** /dashboard/manageReviews (DESIGN §5): every review, newest first; an admin deletes what does not belong. */
export function ManageReviewsPage() {
  const reviews = useReviews();
  const remove = useConfirm(useDeleteReview(), {
    variables: (review: Review) => review._id,
    done: () => messages.reviewDeleted,
  });

  return (
    <QueryState query={reviews} what="the reviews">
      {(list) => (
        <>
          <h2 className="h4 mb-3">Manage Reviews: {list.length}</h2>
          <Table responsive striped hover className="align-middle bg-white table-stack">
            <thead>
              <tr>
                <th>Name</th>
                <th>Rating</th>
                <th>Review</th>
                <th>Action</th>
              </tr>
            </thead>
            <tbody>
              {list.map((review) => (
                <tr key={review._id}>
                  <td data-label="Name">
                    <div>
                      {review.name}
                      {review.verifiedBuyer && (
                        <div className="small text-success">
                          Verified buyer, {review.verifiedBuyer.unitsBand} units
                        </div>
                      )}
                    </div>
                  </td>
                  <td data-label="Rating">{review.rating} / 5</td>
                  <td data-label="Review" className="text-break">
                    {review.customer_review}
                  </td>
                  <td data-label="Action">
                    <Button size="sm" variant="outline-danger" onClick={() => remove.ask(review)}>
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <ConfirmModal {...remove.modal} title="Delete this review?" confirmLabel="Yes Delete">
            {remove.item && (
              <p className="mb-0">
                The review by <strong>{remove.item.name}</strong> leaves the home page for good.
              </p>
            )}
          </ConfirmModal>
        </>
      )}
    </QueryState>
  );
}

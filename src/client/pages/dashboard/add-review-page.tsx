import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import type { z } from 'zod';
import { AddReviewBody } from '../../../shared/api/reviews.schemas';
import { messages } from '../../../shared/messages';
import { useCurrentUser } from '../../features/auth/api/use-current-user';
import { useAddReview } from '../../features/reviews/api/add-review';

type ReviewFormValues = z.input<typeof AddReviewBody>;

/** /dashboard/addReview (spec §2, §5 Add Review; DESIGN §5.9: rating 1..5 enforced). */
export function AddReviewPage() {
  const { user } = useCurrentUser();
  const addReview = useAddReview();
  const defaults = { name: user?.name ?? '', img: '', customer_review: '', rating: Number.NaN };
  const form = useForm<ReviewFormValues>({ resolver: zodResolver(AddReviewBody), defaultValues: defaults });
  const { errors } = form.formState;

  function onSubmit(values: ReviewFormValues) {
    addReview.mutate(AddReviewBody.parse(values), {
      onSuccess: () => {
        toast.success(messages.reviewAdded);
        form.reset(defaults);
      },
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <Card className="shadow-sm">
      <Card.Body className="p-4">
        <h2 className="h4 mb-3">Add A Review</h2>
        <Form
          noValidate
          onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
          aria-label="Add A Review"
        >
          <Form.Group className="mb-3" controlId="review-name">
            <Form.Label>Name</Form.Label>
            <Form.Control isInvalid={Boolean(errors.name)} {...form.register('name')} />
            <Form.Control.Feedback type="invalid">{errors.name?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="review-img">
            <Form.Label>Your picture (image URL)</Form.Label>
            <Form.Control
              type="url"
              placeholder="https://…"
              isInvalid={Boolean(errors.img)}
              {...form.register('img')}
            />
            <Form.Control.Feedback type="invalid">{errors.img?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="review-text">
            <Form.Label>Review</Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              isInvalid={Boolean(errors.customer_review)}
              {...form.register('customer_review')}
            />
            <Form.Control.Feedback type="invalid">{errors.customer_review?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-4" controlId="review-rating">
            <Form.Label>Rating out of 5</Form.Label>
            <Form.Control
              type="number"
              min={1}
              max={5}
              step={1}
              isInvalid={Boolean(errors.rating)}
              {...form.register('rating', { valueAsNumber: true })}
            />
            <Form.Control.Feedback type="invalid">{errors.rating?.message}</Form.Control.Feedback>
          </Form.Group>
          <Button type="submit" variant="warning" className="fw-semibold" disabled={addReview.isPending}>
            Add Review
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

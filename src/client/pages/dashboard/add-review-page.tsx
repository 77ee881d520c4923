import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { notify } from '../../lib/notify';
import type { z } from 'zod';
import { AddReviewBody } from '../../../shared/api/reviews.schemas';
import { messages } from '../../../shared/messages';
import { useCurrentUser } from '../../features/auth/api/use-current-user';
import { useAddReview } from '../../features/reviews/api/add-review';
import { FormField } from '../../components/form-field';

type ReviewFormInput = z.input<typeof AddReviewBody>;

/** /dashboard/addReview (spec §2, §5 Add Review; DESIGN §5.9: rating 1..5 enforced). */
export function AddReviewPage() {
  const { user } = useCurrentUser();
  const addReview = useAddReview();
  const defaults = { name: user?.name ?? '', img: '', customer_review: '', rating: Number.NaN };
  const form = useForm<ReviewFormInput, unknown, AddReviewBody>({
    resolver: zodResolver(AddReviewBody),
    defaultValues: defaults,
  });
  const { errors } = form.formState;

  function onSubmit(review: AddReviewBody) {
    addReview.mutate(review, {
      onSuccess: () => {
        notify.success(messages.reviewAdded);
        form.reset(defaults);
      },
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
          <FormField
            controlId="review-name"
            label="Name"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <FormField
            controlId="review-img"
            label="Your picture (image URL)"
            error={errors.img?.message}
            type="url"
            placeholder="https://…"
            {...form.register('img')}
          />
          <FormField
            controlId="review-text"
            label="Review"
            error={errors.customer_review?.message}
            as="textarea"
            rows={4}
            {...form.register('customer_review')}
          />
          <FormField
            groupClassName="mb-4"
            controlId="review-rating"
            label="Rating out of 5"
            error={errors.rating?.message}
            type="number"
            min={1}
            max={5}
            step={1}
            {...form.register('rating', { valueAsNumber: true })}
          />
          <Button type="submit" variant="warning" className="fw-semibold" disabled={addReview.isPending}>
            Add Review
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

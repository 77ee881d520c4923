import { type SubmitEvent, useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { notify } from '../../../lib/notify';
import { messages } from '../../../../shared/messages';
import { useSubscribe } from '../api/subscribe';

/**
 * The footer's subscribe form (spec §2; DESIGN §5.8). A single email field needs no form library: the
 * browser checks "required" and the email type, and the server's message covers anything else.
 */
export function SubscribeForm() {
  const inputId = useId();
  const subscribe = useSubscribe();

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = new FormData(form).get('email');
    if (typeof email !== 'string') return;
    subscribe.mutate(
      { email },
      {
        onSuccess: () => {
          notify.success(messages.subscribed);
          form.reset();
        },
      },
    );
  }

  return (
    <Form onSubmit={onSubmit} aria-label="Newsletter">
      <Form.Label htmlFor={inputId} className="fw-semibold">
        Get new tools and bulk offers by email
      </Form.Label>
      <InputGroup>
        <Form.Control
          id={inputId}
          name="email"
          type="email"
          required
          placeholder="you@company.com"
          autoComplete="email"
        />
        <Button type="submit" variant="warning" disabled={subscribe.isPending}>
          Subscribe
        </Button>
      </InputGroup>
    </Form>
  );
}

import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import type { SubmitEvent } from 'react';
import Form from 'react-bootstrap/Form';
import type { CardFormProps } from './test-card-form';
import { PaySubmit } from './pay-submit';

// Stripe.js is loaded from Stripe's own network (its terms require it), once per page life.
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

interface StripeCardFormProps extends CardFormProps {
  publishableKey: string;
  billing: { name: string; email: string };
}

function StripeCardFields({ clientSecret, pay, billing }: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    pay.mutate(async () => {
      // spec §7: confirmed on the client with the client secret, the buyer's name and email as billing details.
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: billing },
      });
      if (result.error) throw new Error(result.error.message ?? 'The payment failed');
      return result.paymentIntent.id;
    });
  }

  return (
    <Form onSubmit={onSubmit} aria-label="Card payment">
      <div className="form-control py-3 mb-3">
        {/* A changed card makes the last refusal old news (the element shows its own field errors). */}
        <CardElement
          options={{ hidePostalCode: true }}
          onChange={() => {
            if (pay.error) pay.reset();
          }}
        />
      </div>
      <PaySubmit ready={Boolean(stripe && clientSecret)} pay={pay} />
    </Form>
  );
}

/** Stripe Elements card form, used when the shop has Stripe keys (DESIGN §1). */
export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

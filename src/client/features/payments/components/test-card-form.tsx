import { type ChangeEvent, type SubmitEvent, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { confirmTestCard, type PayOrder } from '../api/payments';
import { cardFieldProblems, formatCardNumber, formatExpiry, parseExpiry } from '../card-format';
import { FormField } from '../../../components/form-field';
import { PaySubmit } from './pay-submit';

export interface CardFormProps {
  clientSecret: string | undefined;
  /** Pays the order with the transaction id that the card payment answers. */
  pay: PayOrder;
}

/**
 * The built-in test provider's card form (DESIGN §4): number, expiry and CVC with formatting and inline
 * checks; the server answers as Stripe's test mode would.
 */
export function TestCardForm({ clientSecret, pay }: CardFormProps) {
  const [fields, setFields] = useState({ number: '', expiry: '', cvc: '' });
  const [touched, setTouched] = useState(false);
  const problems = cardFieldProblems(fields);
  const shown = touched ? problems : null;

  // A new attempt, or a changed card, makes the last refusal old news: it is not left beside a new error.
  function edit(next: typeof fields) {
    if (pay.error) pay.reset();
    setFields(next);
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    pay.reset();
    setTouched(true);
    const expiry = parseExpiry(fields.expiry);
    if (problems || !expiry || !clientSecret) return;
    pay.mutate(async () => {
      const card = { number: fields.number, expMonth: expiry.month, expYear: expiry.year, cvc: fields.cvc };
      return (await confirmTestCard({ clientSecret, ...card })).transactionId;
    });
  }

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Card payment">
      <div className="alert alert-info small" role="note">
        <strong>Test cards:</strong> no real card is charged. Pay with <strong>4242 4242 4242 4242</strong>,
        any future expiry date and any CVC. 4000 0000 0000 0002 is declined.
      </div>
      <FormField
        controlId="card-number"
        label="Card number"
        error={shown?.number}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={fields.number}
        onChange={(event: ChangeEvent<HTMLInputElement>) =>
          edit({ ...fields, number: formatCardNumber(event.target.value) })
        }
      />
      <Row className="g-3 mb-3">
        <Col>
          <FormField
            groupClassName=""
            controlId="card-expiry"
            label="Expiry (MM / YY)"
            error={shown?.expiry}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={fields.expiry}
            onChange={(event: ChangeEvent<HTMLInputElement>) =>
              edit({ ...fields, expiry: formatExpiry(event.target.value) })
            }
          />
        </Col>
        <Col>
          <FormField
            groupClassName=""
            controlId="card-cvc"
            label="CVC"
            error={shown?.cvc}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={fields.cvc}
            onChange={(event: ChangeEvent<HTMLInputElement>) =>
              edit({ ...fields, cvc: event.target.value.replace(/\D/g, '').slice(0, 4) })
            }
          />
        </Col>
      </Row>
      <PaySubmit ready={Boolean(clientSecret)} pay={pay} />
    </Form>
  );
}

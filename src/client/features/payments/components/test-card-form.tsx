import { type SubmitEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { confirmTestCard } from '../api/payments';
import { cardFieldProblems, formatCardNumber, formatExpiry, parseExpiry } from '../card-format';

export interface CardFormProps {
  clientSecret: string | undefined;
  /** Settles the order with the provider's transaction id; rejects with the reason it could not. */
  settle: (transactionId: string) => Promise<void>;
}

/**
 * The built-in test provider's card form (DESIGN §4): number, expiry and CVC with formatting and inline
 * checks; the server answers as Stripe's test mode would.
 */
export function TestCardForm({ clientSecret, settle }: CardFormProps) {
  const [fields, setFields] = useState({ number: '', expiry: '', cvc: '' });
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const problems = cardFieldProblems(fields);
  const shown = touched ? problems : null;

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    const expiry = parseExpiry(fields.expiry);
    if (problems || !expiry || !clientSecret) return;
    setError(null);
    setPaying(true);
    try {
      const { transactionId } = await confirmTestCard({
        clientSecret,
        number: fields.number,
        expMonth: expiry.month,
        expYear: expiry.year,
        cvc: fields.cvc,
      });
      await settle(transactionId);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The payment failed');
    } finally {
      setPaying(false);
    }
  }

  return (
    <Form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Card payment">
      <div className="alert alert-info small" role="note">
        <strong>Test mode:</strong> no real card is charged. Pay with <strong>4242 4242 4242 4242</strong>,
        any future expiry date and any CVC. 4000 0000 0000 0002 is declined.
      </div>
      <Form.Group className="mb-3" controlId="card-number">
        <Form.Label>Card number</Form.Label>
        <Form.Control
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={fields.number}
          isInvalid={Boolean(shown?.number)}
          onChange={(event) => setFields({ ...fields, number: formatCardNumber(event.target.value) })}
        />
        <Form.Control.Feedback type="invalid">{shown?.number}</Form.Control.Feedback>
      </Form.Group>
      <Row className="g-3 mb-3">
        <Col>
          <Form.Group controlId="card-expiry">
            <Form.Label>Expiry (MM / YY)</Form.Label>
            <Form.Control
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              value={fields.expiry}
              isInvalid={Boolean(shown?.expiry)}
              onChange={(event) => setFields({ ...fields, expiry: formatExpiry(event.target.value) })}
            />
            <Form.Control.Feedback type="invalid">{shown?.expiry}</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col>
          <Form.Group controlId="card-cvc">
            <Form.Label>CVC</Form.Label>
            <Form.Control
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              value={fields.cvc}
              isInvalid={Boolean(shown?.cvc)}
              onChange={(event) =>
                setFields({ ...fields, cvc: event.target.value.replace(/\D/g, '').slice(0, 4) })
              }
            />
            <Form.Control.Feedback type="invalid">{shown?.cvc}</Form.Control.Feedback>
          </Form.Group>
        </Col>
      </Row>
      <div className="d-grid">
        <Button
          type="submit"
          variant="warning"
          size="lg"
          className="fw-semibold"
          disabled={!clientSecret || paying}
        >
          {paying ? <Spinner size="sm" animation="border" role="status" className="me-2" /> : null}
          Pay
        </Button>
      </div>
      {error && (
        <p className="text-danger mt-3 mb-0" role="alert">
          {error}
        </p>
      )}
    </Form>
  );
}

import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Spinner from 'react-bootstrap/Spinner';

/** The frame shared by the login, register and reset pages. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container className="py-5 auth-container">
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h3 mb-4 text-center">{title}</h1>
          {children}
        </Card.Body>
      </Card>
    </Container>
  );
}

/** Identity errors in red as 'Error: ' followed by the message (spec §2 /login). */
export function AuthError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="text-danger mt-3 mb-0" role="alert">
      Error: {message}
    </p>
  );
}

/** The form's submit button, with a loading indicator while the identity service answers (spec §2). */
export function AuthSubmit({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <div className="d-grid">
      <Button type="submit" variant="warning" className="fw-semibold" disabled={pending}>
        {pending ? (
          <>
            <Spinner size="sm" animation="border" role="status" className="me-2" />
            {pendingLabel}
          </>
        ) : (
          label
        )}
      </Button>
    </div>
  );
}

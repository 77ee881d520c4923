import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';

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

import Container from 'react-bootstrap/Container';

/** Any other path: an illustration only (spec §2). */
export function NotFoundPage() {
  return (
    <Container className="py-5 text-center">
      <img
        src="/images/not-found.svg"
        alt="Page not found (404)"
        className="img-fluid not-found-image"
        width={600}
        height={400}
      />
    </Container>
  );
}

import Container from 'react-bootstrap/Container';
import { usePageMeta } from '../lib/use-page-meta';

/** Any other path: an illustration only (spec §2), with a heading for screen readers (one h1 per page). */
export function NotFoundPage() {
  usePageMeta('Page not found');
  return (
    <Container className="py-5 text-center">
      <h1 className="visually-hidden">Page not found</h1>
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

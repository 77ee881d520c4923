import Container from 'react-bootstrap/Container';
import { data } from 'react-router';
import { usePageMeta } from '../lib/use-page-meta';

/** A path the app has no page for answers HTTP 404 when the server renders it. */
export const notFoundLoader = () => data(null, { status: 404 });

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

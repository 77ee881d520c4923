import Container from 'react-bootstrap/Container';
import { usePageMeta } from '../lib/use-page-meta';

export function BlogsPage() {
  usePageMeta('Blogs');
  return (
    <Container className="py-5 text-center">
      <h1>Blogs</h1>
      <p className="text-secondary">
        Articles on choosing and caring for professional tools are on their way.
      </p>
    </Container>
  );
}

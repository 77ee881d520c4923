import Container from 'react-bootstrap/Container';

export function BlogsPage() {
  return (
    <Container className="py-5 text-center">
      <h1>Blogs</h1>
      <p className="text-secondary">
        Articles on choosing and caring for professional tools are on their way.
      </p>
    </Container>
  );
}

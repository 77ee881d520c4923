import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { useRouteError } from 'react-router';

/** Shown when a page fails to load or render, e.g. its code could not be fetched after a deploy. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Container className="py-5">
      <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-3 justify-content-between">
        <span>This page could not be shown. Reloading usually fixes it.</span>
        <Button variant="outline-danger" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Alert>
    </Container>
  );
}

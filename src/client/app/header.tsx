import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink } from 'react-router';
import { paths } from '../config/paths';
import { useCurrentUser } from '../features/auth/api/use-current-user';
import { useSignOut } from '../features/auth/api/use-sign-out';
import { homeContent } from '../config/site-content';

/** Logo and Home; Dashboard and Sign Out when signed in, Login when not (spec §2 header). */
export function Header() {
  const { user, isPending } = useCurrentUser();
  const signOut = useSignOut();
  return (
    <Navbar bg="dark" data-bs-theme="dark" expand="md" sticky="top" collapseOnSelect className="site-header">
      <Container>
        <Navbar.Brand as={Link} to={paths.home} className="d-flex align-items-center gap-2">
          <img src="/images/logo.svg" alt="" width={36} height={36} />
          <span className="fw-bold">{homeContent.brand}</span>
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-nav" />
        <Navbar.Collapse id="main-nav">
          <Nav className="ms-auto align-items-md-center" as="ul">
            <Nav.Item as="li">
              <Nav.Link as={NavLink} to={paths.home} end eventKey="home">
                Home
              </Nav.Link>
            </Nav.Item>
            {user && (
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to={paths.dashboard} eventKey="dashboard">
                  Dashboard
                </Nav.Link>
              </Nav.Item>
            )}
            {!isPending && (
              <Nav.Item as="li">
                {user ? (
                  <Button
                    variant="outline-warning"
                    size="sm"
                    className="ms-md-2 my-2 my-md-0"
                    onClick={() => void signOut()}
                  >
                    Sign Out
                  </Button>
                ) : (
                  <Nav.Link as={NavLink} to={paths.login} eventKey="login">
                    Login
                  </Nav.Link>
                )}
              </Nav.Item>
            )}
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}

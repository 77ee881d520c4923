import Col from 'react-bootstrap/Col';
import { companyRolesAllow } from '../../../shared/domain/company-roles';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Row from 'react-bootstrap/Row';
import { Link, NavLink, Outlet, useLocation, useMatch } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import { usePunchoutSession } from '../../features/punchout/api/punchout-session';
import { TransferForm } from '../../features/punchout/components/punchout-banner';
import { usePageMeta } from '../../lib/use-page-meta';
import { PageSpinner } from '../../components/page-spinner';
import { TestModeBanner } from '../../components/test-mode-banner';
import { VerifyEmailBanner } from '../../features/auth/components/verify-email-banner';
import { paths } from '../../config/paths';
import { useCurrentUser, useIsAdmin } from '../../features/auth/api/use-current-user';
import { useCompany } from '../../features/companies/api/companies';

const overview = { to: paths.dashboard, label: 'Overview' };
const everyone = [{ to: paths.myProfile, label: 'My Profile' }];
const customers = [
  { to: paths.addReview, label: 'Add A Review' },
  { to: paths.myOrders, label: 'My Orders' },
  { to: paths.myQuotes, label: 'My Quotes' },
  { to: paths.myReturns, label: 'My Returns' },
  { to: paths.quickOrder, label: 'Quick Order' },
  { to: paths.lists, label: 'Saved Lists' },
  { to: paths.company, label: 'Company' },
];
/** For a company's approvers. */
const approvers = [{ to: paths.approvals, label: 'Approvals' }];
/** For every member of a company. */
const members = [{ to: paths.statement, label: 'Statement' }];
const admins = [
  { to: paths.addProduct, label: 'Add A Product' },
  { to: paths.makeAdmin, label: 'Make Admin' },
  { to: paths.manageProducts, label: 'Manage Products' },
  { to: paths.manageAllOrders, label: 'Manage All Orders' },
  { to: paths.companies, label: 'Companies' },
  { to: paths.priceLists, label: 'Price Lists' },
  { to: paths.taxes, label: 'Tax & Freight' },
  { to: paths.quotes, label: 'Quotes' },
  { to: paths.returns, label: 'Returns' },
  { to: paths.creditNotes, label: 'Credit Notes' },
  { to: paths.manageReviews, label: 'Manage Reviews' },
  { to: paths.auditLog, label: 'Audit Log' },
  { to: paths.integrations, label: 'Webhooks & API Keys' },
  { to: paths.punchout, label: 'Punchout' },
];

/** /dashboard: side navigation by role and the nested page (spec §2). */
export function DashboardLayout() {
  const { user } = useCurrentUser();
  const { isAdmin, isPending } = useIsAdmin();
  const company = useCompany();
  const approves = companyRolesAllow(company.data?.roles ?? [], 'approve');
  const items = isPending
    ? everyone
    : isAdmin
      ? [overview, ...everyone, ...admins]
      : [...everyone, ...customers, ...(approves ? approvers : []), ...(company.data ? members : [])];
  const atIndex = useMatch({ path: paths.dashboard, end: true }) !== null;
  const { pathname } = useLocation();
  // /dashboard itself is the admin's overview, and a customer's profile.
  const current = atIndex
    ? isAdmin
      ? overview
      : everyone[0]
    : items.find((item) => item !== overview && pathname.startsWith(item.to));
  usePageMeta(
    current
      ? `${current.label} · Dashboard`
      : pathname.startsWith('/dashboard/payment/')
        ? 'Payment · Dashboard'
        : 'Dashboard',
  );
  // A punchout shops and transfers its cart: the orders, invoices and account stay in the procurement
  // system, and the dashboard's calls are refused to its session.
  if (user?.punchout) return <PunchoutDashboard />;
  return (
    <Container className="py-4">
      <h1 className="h3 mb-4">Welcome {user?.name}, to your Dashboard</h1>
      <Row className="g-4">
        <Col md={3}>
          <Nav as="nav" variant="pills" className="flex-md-column dashboard-nav" aria-label="Dashboard">
            {items.map((item) =>
              // A customer's /dashboard shows My Profile, so My Profile is the current page there too.
              item.to === paths.myProfile && atIndex && !isAdmin ? (
                <Nav.Link key={item.to} as={Link} to={item.to} active aria-current="page">
                  {item.label}
                </Nav.Link>
              ) : (
                <Nav.Link key={item.to} as={NavLink} to={item.to} end={item === overview}>
                  {item.label}
                </Nav.Link>
              ),
            )}
          </Nav>
        </Col>
        <Col md={9}>
          {user && !user.emailVerified && <VerifyEmailBanner email={user.email} />}
          {isAdmin && <TestModeBanner audience="admin" />}
          {isPending ? <PageSpinner /> : <Outlet />}
        </Col>
      </Row>
    </Container>
  );
}

/** /dashboard in a punchout: what a punchout is for, and the way back to shopping and the transfer. */
function PunchoutDashboard() {
  const punchout = usePunchoutSession(true);
  usePageMeta('Dashboard');
  const system = punchout?.systemName ?? 'your procurement system';
  return (
    <Container className="py-4">
      <h1 className="h3 mb-4">Dashboard</h1>
      <Alert variant="info">
        <p>
          You are shopping from {system}. Your orders, approvals, invoices and account are kept there: here
          you choose tools at your company’s prices and transfer the cart back.
        </p>
        <div className="d-flex flex-wrap gap-2">
          <Link className="btn btn-outline-dark" to={paths.shop}>
            Shop
          </Link>
          <Link className="btn btn-outline-dark" to={paths.cart}>
            Cart
          </Link>
          {punchout && punchout.operation !== 'inspect' && <TransferForm systemName={punchout.systemName} />}
        </div>
      </Alert>
    </Container>
  );
}

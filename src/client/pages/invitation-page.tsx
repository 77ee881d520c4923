import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useParams } from 'react-router';
import { paths } from '../config/paths';
import { useAcceptInvitation, useInvitation } from '../features/companies/api/companies';
import { formatDate } from '../lib/format';
import { useCurrentUser } from '../lib/session-store';
import { usePageMeta } from '../lib/use-page-meta';

/**
 * /invitations/{token}, the link a colleague's invitation mails: signed in (the route asks a
 * visitor to sign in first and brings them back), the invited account accepts and joins the company.
 * The server decides whether this account may: the invited, confirmed address, in no company yet.
 */
export function InvitationPage() {
  usePageMeta('Join your colleagues');
  const { token = '' } = useParams();
  const { user } = useCurrentUser();
  const accept = useAcceptInvitation();
  const invitation = useInvitation(token);
  const offer = invitation.data;
  return (
    <div className="container py-5" style={{ maxWidth: 560 }}>
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h3 mb-3">{offer ? `Join ${offer.company}` : 'Join your colleagues’ company'}</h1>
          {accept.isSuccess ? (
            <Alert variant="success" className="mb-0" role="status">
              You have joined the company. Its orders, quotes and invoices are now shared with you.{' '}
              <Link className="alert-link" to={paths.dashboard}>
                Open your dashboard
              </Link>
            </Alert>
          ) : (
            <>
              {offer ? (
                <p data-testid="invitation-offer">
                  {offer.invitedBy ? (
                    <>
                      <strong>{offer.invitedBy.name}</strong> ({offer.invitedBy.email}) invited you
                    </>
                  ) : (
                    'You are invited'
                  )}{' '}
                  to join <strong>{offer.company}</strong> as <strong>{offer.roles.join(' and ')}</strong>:
                  you will share its orders, quotes and invoices.{' '}
                  {offer.expired
                    ? 'This invitation has expired: ask for a new one.'
                    : `The link works until ${formatDate(offer.expiresAt)}.`}
                </p>
              ) : invitation.error ? (
                <Alert variant="warning" role="alert">
                  {invitation.error.message}
                </Alert>
              ) : (
                <p>
                  A colleague invited you to buy together: you will share your company’s orders, quotes and
                  invoices, with the role they gave you.
                </p>
              )}
              {user && (
                <p className="text-secondary small">
                  You are signed in as <strong>{user.email}</strong>. The invitation is accepted only by the
                  address it was sent to.
                </p>
              )}
              {accept.error && (
                <Alert variant="danger" role="alert">
                  {accept.error.message}
                </Alert>
              )}
              <Button
                variant="warning"
                className="fw-semibold"
                disabled={accept.isPending || Boolean(invitation.error) || offer?.expired}
                onClick={() => accept.mutate(token)}
              >
                Accept the invitation
              </Button>
            </>
          )}
        </Card.Body>
      </Card>
    </div>
  );
}

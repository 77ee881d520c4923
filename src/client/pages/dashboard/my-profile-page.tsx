import Card from 'react-bootstrap/Card';
import { useCurrentUser, useUserRecord } from '../../features/auth/api/use-current-user';

/** /dashboard/myProfile: name and email (spec §2). */
export function MyProfilePage() {
  const { user } = useCurrentUser();
  const record = useUserRecord(user?.email);
  if (!user) return null;
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <h2 className="h4 mb-3">My Profile</h2>
        <dl className="profile-facts mb-0">
          <dt>Name</dt>
          <dd>{user.name}</dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          {record.data && (
            <>
              <dt>Account</dt>
              <dd>{record.data.role === 'admin' ? 'Admin' : 'Customer'}</dd>
            </>
          )}
        </dl>
      </Card.Body>
    </Card>
  );
}

import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { UserRecord } from '../../../shared/api/users.schemas';
import { messages } from '../../../shared/messages';
import { ConfirmModal, useConfirm } from '../../components/confirm-modal';
import { QueryState } from '../../components/query-state';
import { useCurrentUser } from '../../features/auth/api/use-current-user';
import { useDeleteUser, useMakeAdmin, useRevokeAdmin, useUsers } from '../../features/users/api/users';

const list = (users: UserRecord[] | undefined) => users ?? [];

/** /dashboard/makeAdmin (spec §2; DESIGN §5.5: Delete asks, then deletes). */
export function MakeAdminPage() {
  const users = useUsers();
  const { user: me } = useCurrentUser();
  // Granting and revoking each ask first, naming the account: a right given by a slip of the mouse
  // reads every order and invoice of the shop.
  const grant = useConfirm(useMakeAdmin(), {
    variables: (user: UserRecord) => user.email,
    done: () => messages.adminAdded,
  });
  const revoke = useConfirm(useRevokeAdmin(), {
    variables: (user: UserRecord) => user.email,
    done: (user) => messages.adminRevoked(user.email),
  });
  const remove = useConfirm(useDeleteUser(), {
    variables: (user: UserRecord) => user.email,
    done: (user) => messages.userDeleted(user.email),
  });
  const adminCount = list(users.data).filter((user) => user.role === 'admin').length;

  return (
    <QueryState query={users} what="the users">
      {(list) => (
        <>
          <h2 className="h4 mb-3">All Users {list.length}</h2>
          <Table responsive striped hover className="align-middle bg-white table-stack">
            <thead>
              <tr>
                <th>#</th>
                <th>User</th>
                <th>Role</th>
                <th>Action</th>
              </tr>
            </thead>
            <tbody>
              {list.map((user, index) => (
                <tr key={user._id}>
                  <td data-label="#">{index + 1}</td>
                  <td data-label="User" className="text-break">
                    {user.email}
                  </td>
                  <td data-label="Role">{user.role}</td>
                  <td data-label="Action">
                    <div className="d-flex flex-wrap gap-2">
                      {user.role === 'admin' ? (
                        <>
                          <Badge bg="success" className="align-self-center">
                            Admin
                          </Badge>
                          <Button
                            size="sm"
                            variant="outline-dark"
                            onClick={() => revoke.ask(user)}
                            disabled={adminCount <= 1}
                            title={adminCount <= 1 ? messages.lastAdminRevoke : undefined}
                          >
                            Revoke Admin
                          </Button>
                        </>
                      ) : (
                        <Button size="sm" variant="dark" onClick={() => grant.ask(user)}>
                          Make Admin
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="outline-danger"
                        onClick={() => remove.ask(user)}
                        disabled={user.email === me?.email.toLowerCase()}
                        title={user.email === me?.email.toLowerCase() ? messages.cannotDeleteSelf : undefined}
                      >
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <ConfirmModal {...grant.modal} title="Make this user an admin?" confirmLabel="Yes, Make Admin">
            {grant.item && (
              <p className="mb-0">
                <strong>{grant.item.email}</strong> will see every order, invoice, quote and account, and can
                change the catalog. You can revoke it later here.
              </p>
            )}
          </ConfirmModal>
          <ConfirmModal {...revoke.modal} title="Revoke admin rights?" confirmLabel="Yes, Revoke">
            {revoke.item && (
              <p className="mb-0">
                <strong>{revoke.item.email}</strong> becomes a customer again from their next click.
              </p>
            )}
          </ConfirmModal>
          <ConfirmModal
            {...remove.modal}
            title="Are you sure, you want to delete this user?"
            confirmLabel="Yes Delete"
          >
            {remove.item && (
              <p className="mb-0">
                The account <strong>{remove.item.email}</strong> will be removed and signed out everywhere.
                Its orders are kept.
              </p>
            )}
          </ConfirmModal>
        </>
      )}
    </QueryState>
  );
}

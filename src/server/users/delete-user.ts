import { messages } from '../../shared/messages';
import { recordAudit } from '../audit/audit.repository';
import type { SessionUser } from '../auth/session';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import { revokeInvitationsSentBy } from '../companies/companies';
import { deleteUserById, findUserByEmail, lockAdmins } from './users.repository';

/**
 * An admin deletes an account (DESIGN §5.5): never their own, never the last admin. The admins are
 * counted under lock in the deleting transaction. The account's sessions end with it; its orders are kept.
 * The audit log keeps who deleted which address, with its name and role. The open invitations the
 * account sent to its company are revoked with it.
 */
export async function deleteUser(
  db: Database,
  actor: SessionUser,
  email: string,
): Promise<{ deletedCount: number }> {
  const target = await findUserByEmail(db, email);
  if (!target) throw new DomainError('NOT_FOUND', messages.noAccountFor(email));
  if (target.id === actor.id) throw new DomainError('CANNOT_DELETE_SELF', messages.cannotDeleteSelf);
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    if (admins.includes(target.id) && admins.length <= 1) {
      throw new DomainError('LAST_ADMIN', messages.lastAdminDelete);
    }
    await revokeInvitationsSentBy(tx, actor, { userId: target.id, email: target.email });
    if (!(await deleteUserById(tx, target.id))) return { deletedCount: 0 };
    await recordAudit(tx, actor, {
      action: 'user.delete',
      subject: target.email,
      before: { name: target.name, email: target.email, role: target.role },
    });
    return { deletedCount: 1 };
  });
}

import { messages } from '../../shared/messages';
import { recordAudit } from '../audit/audit.repository';
import type { SessionUser } from '../identity/request-user';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import type { Executor } from '../db/database';
import { deleteUserById, findUserByEmail, lockAdmins } from './users.repository';

/**
 * An admin deletes an account (DESIGN §5.5): never their own, never the last admin. The admins are
 * counted under lock in the deleting transaction. The account's sessions end with it; its orders are kept.
 * The audit log keeps who deleted which address, with its name and role. `onDeleting` takes what
 * else goes with the account (the open invitations it sent to its company).
 */
/** What else goes with an account, in the transaction that deletes it (the app wires the companies'). */
export type AccountDeletionHook = (
  tx: Executor,
  actor: SessionUser,
  account: { userId: string; email: string },
) => Promise<void>;

export async function deleteUser(
  db: Database,
  actor: SessionUser,
  email: string,
  onDeleting: AccountDeletionHook = async () => {},
): Promise<{ deletedCount: number }> {
  const target = await findUserByEmail(db, email);
  if (!target) throw new DomainError('NOT_FOUND', messages.noAccountFor(email));
  if (target.id === actor.id) throw new DomainError('CANNOT_DELETE_SELF', messages.cannotDeleteSelf);
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    if (admins.includes(target.id) && admins.length <= 1) {
      throw new DomainError('LAST_ADMIN', messages.lastAdminDelete);
    }
    await onDeleting(tx, actor, { userId: target.id, email: target.email });
    if (!(await deleteUserById(tx, target.id))) return { deletedCount: 0 };
    await recordAudit(tx, actor, {
      action: 'user.delete',
      subject: target.email,
      before: { name: target.name, email: target.email, role: target.role },
    });
    return { deletedCount: 1 };
  });
}

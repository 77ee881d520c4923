import type { SessionUser } from '../auth/session';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import { deleteUserById, findUserByEmail, lockAdmins } from './users.repository';

/**
 * An admin deletes an account (DESIGN §5.5): never their own, never the last admin. The admins are
 * counted under lock in the deleting transaction. The account's sessions end with it; its orders are kept.
 */
export async function deleteUser(
  db: Database,
  actor: SessionUser,
  email: string,
): Promise<{ deletedCount: number }> {
  const target = await findUserByEmail(db, email);
  if (!target) throw new DomainError('NOT_FOUND', `There is no account for ${email}`);
  if (target.id === actor.id)
    throw new DomainError('CANNOT_DELETE_SELF', 'You cannot delete your own account');
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    if (admins.includes(target.id) && admins.length <= 1) {
      throw new DomainError('LAST_ADMIN', 'The last admin cannot be deleted');
    }
    return { deletedCount: (await deleteUserById(tx, target.id)) ? 1 : 0 };
  });
}

import { DomainError } from '../http/domain-error';
import type { SessionUser } from '../auth/session';
import type { UsersRepository } from './users.repository';

/**
 * An admin deletes an account (DESIGN §5.5): never their own, never the last admin. The account's
 * sessions end with it; its orders are kept.
 */
export async function deleteUser(
  users: UsersRepository,
  actor: SessionUser,
  email: string,
): Promise<{ deletedCount: number }> {
  const target = await users.findByEmail(email);
  if (!target) throw new DomainError('NOT_FOUND', `There is no account for ${email}`);
  if (target.id === actor.id)
    throw new DomainError('CANNOT_DELETE_SELF', 'You cannot delete your own account');
  const outcome = await users.deleteUnlessLastAdmin(target.id);
  if (outcome === 'last-admin') throw new DomainError('LAST_ADMIN', 'The last admin cannot be deleted');
  return { deletedCount: outcome === 'deleted' ? 1 : 0 };
}

import { messages } from '../../shared/messages';
import { type Actor, recordAudit } from '../audit/audit.repository';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import { findUserByEmail, lockAdmins, setRole } from './users.repository';

/**
 * An admin (or `npm run admin -- revoke`) takes admin rights back: never from the last admin, counted
 * under lock as deleting is. Recorded in the audit log; a customer already changes nothing. The role is
 * read from the database on every request, so the right ends with the next one.
 */
export async function revokeAdmin(
  db: Database,
  actor: Actor,
  email: string,
): Promise<{ modifiedCount: number }> {
  return db.transaction(async (tx) => {
    const target = await findUserByEmail(tx, email);
    if (!target) throw new DomainError('NOT_FOUND', messages.noAccountFor(email));
    const admins = await lockAdmins(tx);
    if (!admins.includes(target.id)) return { modifiedCount: 0 };
    if (admins.length <= 1) throw new DomainError('LAST_ADMIN', messages.lastAdminRevoke);
    await setRole(tx, target.id, 'user');
    await recordAudit(tx, actor, {
      action: 'user.revoke_admin',
      subject: target.email,
      before: { role: 'admin' },
      after: { role: 'user' },
    });
    return { modifiedCount: 1 };
  });
}

import { messages } from '../../shared/messages';
import { type Actor, recordAudit } from '../audit/audit.repository';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import { findUserByEmail, grantAdmin } from './users.repository';

/**
 * An admin grants admin to an existing account (spec §7 PUT /user/admin/{email}), recorded in the
 * audit log; again changes nothing and records nothing.
 */
export async function makeAdmin(
  db: Database,
  actor: Actor,
  email: string,
): Promise<{ modifiedCount: number }> {
  return db.transaction(async (tx) => {
    const target = await findUserByEmail(tx, email);
    if (!target) throw new DomainError('NOT_FOUND', messages.noAccountFor(email));
    const modifiedCount = await grantAdmin(tx, email);
    if (modifiedCount > 0) {
      await recordAudit(tx, actor, {
        action: 'user.make_admin',
        subject: target.email,
        before: { role: target.role },
        after: { role: 'admin' },
      });
    }
    return { modifiedCount };
  });
}

import { messages } from '../../shared/messages';
import type { UserRecord } from '../../shared/api/users.schemas';
import type { SessionUser } from '../identity/request-user';
import type { Executor } from '../db/database';
import { DomainError } from '../http/domain-error';
import { findUserByEmail, toUserRecord } from './users.repository';

/**
 * A user record with its role (spec §6: read by email). Customers see only their own; another
 * customer's record does not exist as far as they can tell (404, not 403).
 */
export async function getUserRecord(ex: Executor, caller: SessionUser, email: string): Promise<UserRecord> {
  const visible = caller.role === 'admin' || caller.email.toLowerCase() === email.toLowerCase();
  const row = visible ? await findUserByEmail(ex, email) : undefined;
  if (!row) throw new DomainError('NOT_FOUND', messages.noAccountFor(email));
  return toUserRecord(row);
}

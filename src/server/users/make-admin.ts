import type { Executor } from '../db/database';
import { DomainError } from '../http/domain-error';
import { findUserByEmail, grantAdmin } from './users.repository';

/** An admin grants admin to an existing account (spec §7 PUT /user/admin/{email}); again changes nothing. */
export async function makeAdmin(ex: Executor, email: string): Promise<{ modifiedCount: number }> {
  if (!(await findUserByEmail(ex, email)))
    throw new DomainError('NOT_FOUND', `There is no account for ${email}`);
  return { modifiedCount: await grantAdmin(ex, email) };
}

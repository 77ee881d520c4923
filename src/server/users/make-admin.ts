import { DomainError } from '../http/domain-error';
import type { UsersRepository } from './users.repository';

/** An admin grants admin to an existing account (spec §7 PUT /user/admin/{email}); again changes nothing. */
export async function makeAdmin(users: UsersRepository, email: string): Promise<{ modifiedCount: number }> {
  if (!(await users.findByEmail(email)))
    throw new DomainError('NOT_FOUND', `There is no account for ${email}`);
  return { modifiedCount: await users.makeAdmin(email) };
}

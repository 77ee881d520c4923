import { z } from 'zod';

export const Role = z.enum(['user', 'admin']);
export type Role = z.infer<typeof Role>;

/** A user as the API shows it (spec §3). */
export const UserRecord = z.object({ _id: z.string(), email: z.string(), role: Role }).meta({ id: 'User' });
export type UserRecord = z.infer<typeof UserRecord>;

export const UserList = z.array(UserRecord);

export const EmailParams = z.object({
  email: z.email({ error: 'Malformed email address' }).transform((email) => email.toLowerCase()),
});

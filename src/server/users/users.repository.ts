import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { UserRecord } from '../../shared/api/users.schemas';
import type { Database } from '../db/database';
import { users } from '../db/schema';

type UserRow = typeof users.$inferSelect;

export function toUserRecord(row: UserRow): UserRecord {
  return { _id: row.id, email: row.email, role: row.role };
}

export function createUsersRepository(db: Database) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },

    async list(): Promise<UserRow[]> {
      return db.select().from(users).orderBy(asc(users.createdAt), asc(users.id));
    },

    /** Grants admin; answers how many rows changed (0 when it already was admin). */
    async makeAdmin(email: string): Promise<number> {
      const changed = await db
        .update(users)
        .set({ role: 'admin', updatedAt: new Date() })
        .where(and(eq(users.email, email.toLowerCase()), ne(users.role, 'admin')))
        .returning({ id: users.id });
      return changed.length;
    },

    /**
     * Deletes the account unless that would leave no admin; its sessions and sign-in methods go with it
     * (foreign keys cascade). Runs in one transaction that locks the admins it counts.
     */
    async deleteUnlessLastAdmin(id: string): Promise<'deleted' | 'last-admin' | 'missing'> {
      return db.transaction(async (tx) => {
        const admins = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.role, 'admin'))
          .for('update');
        const isAdmin = admins.some((admin) => admin.id === id);
        if (isAdmin && admins.length <= 1) return 'last-admin';
        const deleted = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
        return deleted.length > 0 ? 'deleted' : 'missing';
      });
    },

    async countAdmins(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
      return row?.n ?? 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

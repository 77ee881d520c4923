import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { companies, companyMembers, users } from '../db/schema';
import { openTestDatabase } from '../test/test-database';
import { type Memberships, startMemberships } from './memberships';

let database: DatabaseHandle;
let memberships: Memberships;
let statements = 0;
const warnings: string[] = [];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  database = await openTestDatabase({
    onQuery: (text) => {
      if (text.includes('company_members')) statements += 1;
    },
  });
  memberships = startMemberships(database, (_error, message) => warnings.push(message));
  await memberships.ready;
});

afterAll(async () => {
  await memberships.stop();
  await database.close();
});

let serial = 0;
async function memberOfNewCompany() {
  serial += 1;
  const userId = `membership-user-${serial}`;
  await database.db.insert(users).values({ id: userId, name: 'Buyer', email: `${userId}@example.com` });
  const [company] = await database.db
    .insert(companies)
    .values({ name: `Membership Co ${serial}` })
    .returning({ id: companies.id });
  if (!company) throw new Error('no company made');
  await database.db.insert(companyMembers).values({ companyId: company.id, userId, roles: ['buyer'] });
  return { userId, companyId: company.id };
}

/** The statements on company_members that `read` made. */
async function statementsOf<T>(read: () => Promise<T>): Promise<{ value: T; statements: number }> {
  const before = statements;
  const value = await read();
  return { value, statements: statements - before };
}

/**
 * Waits until `userId` is kept: on PostgreSQL the notices of rows a test just wrote arrive a moment
 * after their commit and forget what was read before them.
 */
async function kept(userId: string) {
  await vi.waitFor(async () => {
    await memberships.companyIdOf(userId);
    expect((await statementsOf(() => memberships.companyIdOf(userId))).statements).toBe(0);
  });
}

describe('the buyers’ companies kept for catalog prices', () => {
  it('are read once, then answered from memory', async () => {
    const { userId, companyId } = await memberOfNewCompany();
    expect(await statementsOf(() => memberships.companyIdOf(userId))).toEqual({
      value: companyId,
      statements: 1,
    });
    if (onPostgres) await kept(userId);
    expect(await statementsOf(() => memberships.companyIdOf(userId))).toEqual({
      value: companyId,
      statements: 0,
    });
    // An account in no company is kept too: a signed-in visitor costs no statement either.
    await database.db
      .insert(users)
      .values({ id: 'membership-loner', name: 'Loner', email: 'loner@example.com' });
    await memberships.companyIdOf('membership-loner');
    expect(await statementsOf(() => memberships.companyIdOf('membership-loner'))).toEqual({
      value: null,
      statements: 0,
    });
  });

  it('forget a member changed by any writer, as soon as its commit is heard', async () => {
    const { userId } = await memberOfNewCompany();
    const other = await memberOfNewCompany();
    await memberships.companyIdOf(userId);
    // Not through the shop's routes: a statement of its own, as another instance or an operator makes.
    await database.db
      .update(companyMembers)
      .set({ companyId: other.companyId })
      .where(eq(companyMembers.userId, userId));
    if (onPostgres) {
      // PostgreSQL tells the listening connection a moment after the commit.
      await vi.waitFor(async () => expect(await memberships.companyIdOf(userId)).toBe(other.companyId));
    } else {
      // The embedded database hands the notice over before the commit returns: the very next read is right.
      expect(await memberships.companyIdOf(userId)).toBe(other.companyId);
    }
    await database.db.delete(companyMembers).where(eq(companyMembers.userId, userId));
    await vi.waitFor(async () => expect(await memberships.companyIdOf(userId)).toBeNull());
    // The one who joined is forgotten too (a company made, an invitation accepted).
    await database.db.insert(companyMembers).values({ companyId: other.companyId, userId, roles: ['buyer'] });
    await vi.waitFor(async () => expect(await memberships.companyIdOf(userId)).toBe(other.companyId));
  });

  it('do not keep a read that a change overtook', async () => {
    const { userId } = await memberOfNewCompany();
    await kept(userId);
    memberships.forget(userId);
    const reading = memberships.companyIdOf(userId);
    // A change heard while the read is on its way: what the read found may be from before it.
    memberships.forget(userId);
    await reading;
    expect((await statementsOf(() => memberships.companyIdOf(userId))).statements).toBe(1);
    expect((await statementsOf(() => memberships.companyIdOf(userId))).statements).toBe(0);
  });

  it.runIf(onPostgres)(
    'read every time while the listening connection is away, and forget all on its return',
    async () => {
      const { userId, companyId } = await memberOfNewCompany();
      await memberships.companyIdOf(userId);
      const warned = warnings.length;
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = 'listen membership_changed'`,
      );
      await vi.waitFor(() => expect(warnings.length).toBeGreaterThan(warned));
      // A change nobody hears about: while away, the database is asked.
      await database.db.delete(companyMembers).where(eq(companyMembers.userId, userId));
      expect(await statementsOf(() => memberships.companyIdOf(userId))).toEqual({
        value: null,
        statements: 1,
      });
      expect(await statementsOf(() => memberships.companyIdOf(userId))).toEqual({
        value: null,
        statements: 1,
      });
      // Back (it reconnects within a second): kept again.
      await database.db.insert(companyMembers).values({ companyId, userId, roles: ['buyer'] });
      await vi.waitFor(
        async () => expect((await statementsOf(() => memberships.companyIdOf(userId))).statements).toBe(0),
        { timeout: 10_000, interval: 100 },
      );
      expect(await memberships.companyIdOf(userId)).toBe(companyId);
    },
  );
});

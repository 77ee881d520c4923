import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { createTestApp } from '../test/test-app';
import { deleteUser } from './delete-user';
import { countAdmins } from './users.repository';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpAdmin(ctx.app, ctx.db);
  customer = await signUp(ctx.app);
});
afterAll(async () => {
  await ctx.app.close();
});

describe('GET /api/users/:email', () => {
  it('shows customers their own record, in any letter case', async () => {
    const response = await injectAs(ctx.app, customer, {
      method: 'GET',
      url: `/api/users/${customer.email.toUpperCase()}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ _id: customer.id, email: customer.email, role: 'user' });
  });

  it('hides other records from customers as 404, shows them to admins', async () => {
    const other = await signUp(ctx.app);
    const hidden = await injectAs(ctx.app, customer, { method: 'GET', url: `/api/users/${other.email}` });
    expect(hidden.statusCode).toBe(404);
    const shown = await injectAs(ctx.app, admin, { method: 'GET', url: `/api/users/${other.email}` });
    expect(shown.json()).toEqual({ _id: other.id, email: other.email, role: 'user' });
  });

  it('answers 400 for a malformed address and 401 when signed out', async () => {
    expect(
      (await injectAs(ctx.app, customer, { method: 'GET', url: '/api/users/not-an-email' })).statusCode,
    ).toBe(400);
    const anonymous = await injectAs(ctx.app, null, { method: 'GET', url: `/api/users/${customer.email}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Please sign in first' } });
  });
});

describe('Make Admin', () => {
  it('lists every user for admins', async () => {
    const response = await injectAs(ctx.app, admin, { method: 'GET', url: '/api/user' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(
      expect.arrayContaining([
        { _id: admin.id, email: admin.email, role: 'admin' },
        { _id: customer.id, email: customer.email, role: 'user' },
      ]),
    );
  });

  it('grants admin once; the new admin can then use admin calls', async () => {
    const promoted = await signUp(ctx.app);
    expect((await injectAs(ctx.app, promoted, { method: 'GET', url: '/api/user' })).statusCode).toBe(403);

    const first = await injectAs(ctx.app, admin, { method: 'PUT', url: `/api/user/admin/${promoted.email}` });
    expect(first.json()).toEqual({ modifiedCount: 1 });
    const again = await injectAs(ctx.app, admin, { method: 'PUT', url: `/api/user/admin/${promoted.email}` });
    expect(again.json()).toEqual({ modifiedCount: 0 });

    expect((await injectAs(ctx.app, promoted, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });

  it('answers 404 when granting admin to an unknown address', async () => {
    const response = await injectAs(ctx.app, admin, {
      method: 'PUT',
      url: '/api/user/admin/ghost@example.com',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('DELETE /api/user/admin/:email', () => {
  it('revokes admin rights at once (the next request), but never from the last admin', async () => {
    const other = await signUpAdmin(ctx.app, ctx.db);
    expect((await injectAs(ctx.app, other, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    const revoked = await injectAs(ctx.app, admin, {
      method: 'DELETE',
      url: `/api/user/admin/${other.email}`,
    });
    expect(revoked.json()).toEqual({ modifiedCount: 1 });
    expect((await injectAs(ctx.app, other, { method: 'GET', url: '/api/user' })).statusCode).toBe(403);
    // A customer: nothing to revoke.
    const again = await injectAs(ctx.app, admin, { method: 'DELETE', url: `/api/user/admin/${other.email}` });
    expect(again.json()).toEqual({ modifiedCount: 0 });
    // A customer may not revoke anyone.
    const byCustomer = await injectAs(ctx.app, customer, {
      method: 'DELETE',
      url: `/api/user/admin/${admin.email}`,
    });
    expect(byCustomer.statusCode).toBe(403);
  });

  it('refuses to leave the shop without an admin', async () => {
    // Every other admin made in this file is a customer again first.
    await ctx.db.update(users).set({ role: 'user' }).where(ne(users.id, admin.id));
    const response = await injectAs(ctx.app, admin, {
      method: 'DELETE',
      url: `/api/user/admin/${admin.email}`,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'LAST_ADMIN', message: 'The last admin cannot lose admin rights' },
    });
    expect(await countAdmins(ctx.db)).toBe(1);
  });
});

describe('DELETE /api/user/:email', () => {
  it('deletes the account and ends its sessions', async () => {
    const leaving = await signUp(ctx.app);
    const response = await injectAs(ctx.app, admin, { method: 'DELETE', url: `/api/user/${leaving.email}` });
    expect(response.json()).toEqual({ deletedCount: 1 });

    expect(await ctx.db.select().from(users).where(eq(users.id, leaving.id))).toEqual([]);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, leaving.id))).toEqual([]);
    const after = await injectAs(ctx.app, leaving, { method: 'GET', url: `/api/users/${leaving.email}` });
    expect(after.statusCode).toBe(401);
  });

  it('refuses to delete your own account', async () => {
    const response = await injectAs(ctx.app, admin, { method: 'DELETE', url: `/api/user/${admin.email}` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'CANNOT_DELETE_SELF', message: 'You cannot delete your own account' },
    });
  });

  it('refuses to delete the last admin', async () => {
    // Through the API an admin cannot be the last one and delete another admin, so the rule is checked
    // where it lives: an actor who is not in this database (an admin deleted meanwhile) tries it.
    const lone = await createTestApp();
    try {
      const onlyAdmin = await signUpAdmin(lone.app, lone.db);
      const ghostActor = {
        id: 'deleted-admin',
        name: 'Gone',
        email: 'gone@example.com',
        role: 'admin' as const,
        emailVerified: true,
        company: null,
      };
      await expect(deleteUser(lone.db, ghostActor, onlyAdmin.email)).rejects.toMatchObject({
        code: 'LAST_ADMIN',
        message: 'The last admin cannot be deleted',
      });
      expect(await countAdmins(lone.db)).toBe(1);
    } finally {
      await lone.app.close();
    }
  });

  it('answers 404 for an unknown address', async () => {
    expect(
      (await injectAs(ctx.app, admin, { method: 'DELETE', url: '/api/user/ghost@example.com' })).statusCode,
    ).toBe(404);
  });
});

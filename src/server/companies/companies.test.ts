import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '../../shared/api/companies.schemas';
import type { ErrorBody } from '../../shared/api/errors';
import { auditLog, companyInvitations, users } from '../db/schema';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { startSmtpCatcher } from '../test/smtp-catcher';
import { createTestApp } from '../test/test-app';

/** Issue 33, companies: creating one, inviting colleagues, their roles, removal and the last admin. */
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await ctx.app.close();
  await smtp.close();
});

const call = (
  user: TestUser,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) => injectAs(ctx.app, user, { method, url, ...(payload === undefined ? {} : { payload }) });
const companyOf = async (user: TestUser) => (await call(user, 'GET', '/api/company')).json<Company>();

async function newCompany(name = 'Acme Building Ltd') {
  const admin = await signUp(ctx.app);
  const created = await call(admin, 'POST', '/api/companies', { name, taxId: 'GB123456789' });
  expect(created.statusCode, created.body).toBe(201);
  return { admin, companyId: created.json<{ insertedId: string }>().insertedId };
}

/** Invites `email` as `roles`; answers the token from the mailed link. */
async function invite(admin: TestUser, email: string, roles: string[]) {
  const sent = await call(admin, 'POST', '/api/company/invitations', { email, roles });
  expect(sent.statusCode, sent.body).toBe(201);
  const mail = await smtp.nextMailTo(email, /invites you to buy for/);
  const token = mail.parsed.text?.match(/\/invitations\/([A-Za-z0-9_-]{43})/)?.[1];
  expect(token).toBeDefined();
  return token ?? '';
}

async function join(admin: TestUser, roles: string[]) {
  const colleague = await signUp(ctx.app);
  const token = await invite(admin, colleague.email, roles);
  const accepted = await call(colleague, 'POST', `/api/invitations/${token}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return colleague;
}

describe('a company', () => {
  it('is created by a confirmed customer, who becomes its admin; one company per account', async () => {
    const unconfirmed = await signUp(ctx.app, { verified: false });
    const refused = await call(unconfirmed, 'POST', '/api/companies', { name: 'Nope Ltd' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error.message).toMatch(/^Confirm your email address first/);

    const { admin, companyId } = await newCompany();
    expect(await companyOf(admin)).toMatchObject({
      _id: companyId,
      name: 'Acme Building Ltd',
      taxId: 'GB123456789',
      status: 'active',
      roles: ['admin'],
      members: [{ userId: admin.id, email: admin.email, roles: ['admin'] }],
      invitations: [],
    });
    const second = await call(admin, 'POST', '/api/companies', { name: 'Second Ltd' });
    expect(second.statusCode).toBe(409);
    const lone = await signUp(ctx.app);
    expect((await call(lone, 'GET', '/api/company')).statusCode).toBe(404);
    const blank = await call(lone, 'POST', '/api/companies', { name: '  ' });
    expect(blank.json<ErrorBody>().error.message).toBe('name: Please give the company’s legal name');
  });

  it('invites a colleague by a single-use link that only the invited, confirmed address can accept', async () => {
    const { admin, companyId } = await newCompany();
    const invited = await signUp(ctx.app, { verified: false });
    const token = await invite(admin, invited.email.toUpperCase(), ['buyer']);
    const stranger = await signUp(ctx.app);

    const wrongAddress = await call(stranger, 'POST', `/api/invitations/${token}/accept`);
    expect(wrongAddress.statusCode).toBe(403);
    expect(wrongAddress.json<ErrorBody>().error.message).toBe(
      `This invitation is for ${invited.email}. Sign in with that address to accept it.`,
    );
    const unconfirmed = await call(invited, 'POST', `/api/invitations/${token}/accept`);
    expect(unconfirmed.statusCode).toBe(403);
    const forged = await call(invited, 'POST', `/api/invitations/${'A'.repeat(43)}/accept`);
    expect(forged.statusCode).toBe(404);
    const malformed = await call(invited, 'POST', '/api/invitations/short/accept');
    expect(malformed.statusCode).toBe(400);

    const confirmed = { ...invited };
    await ctx.db.update(users).set({ emailVerified: true }).where(eq(users.id, invited.id));
    const accepted = await call(confirmed, 'POST', `/api/invitations/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ acknowledged: true, companyId });
    const replay = await call(confirmed, 'POST', `/api/invitations/${token}/accept`);
    expect(replay.statusCode).toBe(404);

    const company = await companyOf(admin);
    expect(company.members.map((member) => [member.email, member.roles])).toEqual([
      [admin.email, ['admin']],
      [invited.email, ['buyer']],
    ]);
    expect(company.invitations).toMatchObject([{ email: invited.email, roles: ['buyer'] }]);
    expect(company.invitations[0]?.acceptedAt).not.toBeNull();
    // A colleague sees the company, not the invitations; only its admins invite.
    const seen = await companyOf(invited);
    expect(seen.invitations).toEqual([]);
    expect(
      (await call(invited, 'POST', '/api/company/invitations', { email: 'x@example.com', roles: ['viewer'] }))
        .statusCode,
    ).toBe(403);
    // Only the token's hash is stored.
    const stored = await ctx.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.companyId, companyId));
    expect(stored.every((row) => row.tokenHash !== token && row.tokenHash.length === 64)).toBe(true);
  });

  it('refuses an expired invitation, and roles that cannot be held together', async () => {
    const { admin } = await newCompany();
    const late = await signUp(ctx.app);
    const token = await invite(admin, late.email, ['viewer']);
    await ctx.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.email, late.email));
    const expired = await call(late, 'POST', `/api/invitations/${token}/accept`);
    expect(expired.statusCode).toBe(409);
    expect(expired.json<ErrorBody>().error.message).toBe(
      'This invitation has expired. Ask your colleague for a new one.',
    );
    for (const [roles, message] of [
      [[], 'roles: Choose a role'],
      [['buyer', 'viewer'], 'roles: A colleague holds one role, or admin with approver'],
      [['owner'], 'roles.0: Roles are admin, buyer, approver or viewer'],
    ] as const) {
      const response = await call(admin, 'POST', '/api/company/invitations', {
        email: 'r@example.com',
        roles,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().error.message).toBe(message);
    }
    expect(
      (await call(admin, 'POST', '/api/company/invitations', { email: admin.email, roles: ['buyer'] }))
        .statusCode,
    ).toBe(409);
  });

  it('changes roles and removes colleagues, never the last admin; a removed colleague is out at the next request', async () => {
    const { admin } = await newCompany();
    const buyer = await join(admin, ['buyer']);
    const approver = await join(admin, ['admin', 'approver']);
    expect(
      (await call(admin, 'PATCH', `/api/company/members/${buyer.id}`, { roles: ['viewer'] })).statusCode,
    ).toBe(200);
    expect((await companyOf(buyer)).roles).toEqual(['viewer']);
    // A non-admin cannot manage; another company's colleague does not exist for this admin.
    expect((await call(buyer, 'DELETE', `/api/company/members/${approver.id}`)).statusCode).toBe(403);
    const other = await newCompany('Other Ltd');
    expect((await call(other.admin, 'DELETE', `/api/company/members/${buyer.id}`)).statusCode).toBe(404);
    expect(
      (await call(other.admin, 'PATCH', `/api/company/members/${buyer.id}`, { roles: ['admin'] })).statusCode,
    ).toBe(404);

    // Two admins: one may step down; then the other is the last and cannot.
    expect(
      (await call(approver, 'PATCH', `/api/company/members/${admin.id}`, { roles: ['buyer'] })).statusCode,
    ).toBe(200);
    const last = await call(approver, 'PATCH', `/api/company/members/${approver.id}`, {
      roles: ['approver'],
    });
    expect(last.statusCode).toBe(409);
    expect(last.json<ErrorBody>().error).toEqual({
      code: 'LAST_ADMIN',
      message: 'A company keeps at least one admin: make another colleague admin first',
    });
    expect((await call(approver, 'DELETE', `/api/company/members/${approver.id}`)).statusCode).toBe(409);

    expect((await call(approver, 'DELETE', `/api/company/members/${buyer.id}`)).statusCode).toBe(200);
    expect((await call(buyer, 'GET', '/api/company')).statusCode).toBe(404);
    expect((await companyOf(approver)).members.map((member) => member.email).sort()).toEqual(
      [admin.email, approver.email].sort(),
    );

    // Every change is in the audit log, by whom.
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.actorEmail, approver.email));
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['company.join', 'company.member_roles', 'company.member_remove']),
    );
  });

  it('shop admins see every company and can suspend one', async () => {
    const shopAdmin = await signUpAdmin(ctx.app, ctx.db);
    const { admin, companyId } = await newCompany('Suspended Ltd');
    const list = (await call(shopAdmin, 'GET', '/api/admin/companies')).json<
      { _id: string; members: unknown[] }[]
    >();
    expect(list.find((company) => company._id === companyId)?.members).toHaveLength(1);
    expect((await call(admin, 'GET', '/api/admin/companies')).statusCode).toBe(403);
    const suspended = await call(shopAdmin, 'PATCH', `/api/admin/companies/${companyId}`, {
      status: 'suspended',
    });
    expect(suspended.statusCode).toBe(200);
    expect((await companyOf(admin)).status).toBe('suspended');
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '../../shared/api/companies.schemas';
import type { ErrorBody } from '../../shared/api/errors';
import type { Order } from '../../shared/api/orders.schemas';
import type { Quote } from '../../shared/api/quotes.schemas';
import { auditLog, companies, companyAddresses, companyInvitations, users } from '../db/schema';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { startSmtpCatcher } from '../test/smtp-catcher';
import { insertTool } from '../test/factories';
import { payOrderAs, placeOrderAs, shipsToUk } from '../test/order-helpers';
import { createTestApp } from '../test/test-app';
import { inviteAs, joinCompany, newCompany as newCompanyIn } from '../test/company-helpers';
import type { CompanyRole } from '../../shared/domain/company-roles';

/** Companies: creating one, inviting colleagues, their roles, removal and the last admin. */
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
  await shipsToUk(ctx.db);
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

const newCompany = (name?: string) => newCompanyIn(ctx.app, name);
const invite = (admin: TestUser, email: string, roles: CompanyRole[]) =>
  inviteAs(ctx.app, smtp, admin, email, roles);
const join = (admin: TestUser, roles: CompanyRole[]) => joinCompany(ctx.app, smtp, admin, roles);

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
    expect(blank.json<ErrorBody>().error.message).toBe('Name: Please give the company’s legal name');
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
      [[], 'Roles: Choose a role'],
      [['buyer', 'viewer'], 'Roles: A colleague holds one role, or admin with approver'],
      [['owner'], 'Role 1: Roles are admin, buyer, approver or viewer'],
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

  it('shows the invited what a link offers; admins revoke open invitations, and a sender’s go with their admin role', async () => {
    const { admin } = await newCompany('Revoking Ltd');
    const coAdmin = await join(admin, ['admin']);
    const buyer = await join(admin, ['buyer']);
    const invited = await signUp(ctx.app);
    const token = await invite(admin, invited.email, ['approver']);

    // The invited reads whom it is from and what they would be before accepting.
    const preview = await call(invited, 'GET', `/api/invitations/${token}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      company: 'Revoking Ltd',
      email: invited.email,
      roles: ['approver'],
      invitedBy: { name: admin.name, email: admin.email },
      expired: false,
    });
    const listed = (await companyOf(coAdmin)).invitations.find((entry) => entry.email === invited.email);
    expect(listed).toMatchObject({ invitedBy: admin.email, acceptedAt: null });

    // Only an admin of the company revokes; then the link is dead.
    expect((await call(buyer, 'DELETE', `/api/company/invitations/${listed?._id}`)).statusCode).toBe(403);
    const other = await newCompany('Elsewhere Ltd');
    expect((await call(other.admin, 'DELETE', `/api/company/invitations/${listed?._id}`)).statusCode).toBe(
      404,
    );
    expect((await call(coAdmin, 'DELETE', `/api/company/invitations/${listed?._id}`)).statusCode).toBe(200);
    expect((await call(coAdmin, 'DELETE', `/api/company/invitations/${listed?._id}`)).statusCode).toBe(404);
    expect((await call(invited, 'GET', `/api/invitations/${token}`)).statusCode).toBe(404);
    expect((await call(invited, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(404);

    // A sender who loses the admin role, or is removed, takes their open invitations with them.
    const second = await signUp(ctx.app);
    const third = await signUp(ctx.app);
    const demotedToken = await invite(coAdmin, second.email, ['buyer']);
    const keptToken = await invite(admin, third.email, ['buyer']);
    expect(
      (await call(admin, 'PATCH', `/api/company/members/${coAdmin.id}`, { roles: ['buyer'] })).statusCode,
    ).toBe(200);
    expect((await call(second, 'POST', `/api/invitations/${demotedToken}/accept`)).statusCode).toBe(404);
    expect(
      (await call(admin, 'PATCH', `/api/company/members/${coAdmin.id}`, { roles: ['admin'] })).statusCode,
    ).toBe(200);
    const removedToken = await invite(coAdmin, second.email, ['buyer']);
    expect((await call(admin, 'DELETE', `/api/company/members/${coAdmin.id}`)).statusCode).toBe(200);
    expect((await call(second, 'POST', `/api/invitations/${removedToken}/accept`)).statusCode).toBe(404);
    // Another admin's invitation stands.
    expect((await call(third, 'POST', `/api/invitations/${keptToken}/accept`)).statusCode).toBe(200);

    const revocations = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'company.invitation_revoke'));
    expect(revocations.map((entry) => [entry.actorEmail, entry.subject])).toEqual(
      expect.arrayContaining([
        [coAdmin.email, invited.email],
        [admin.email, `invitations sent by ${coAdmin.email}`],
      ]),
    );
  });

  it('neither invites nor admits a colleague while the shop has suspended the company', async () => {
    const shopAdmin = await signUpAdmin(ctx.app, ctx.db);
    const { admin, companyId } = await newCompany('Paused Ltd');
    const invited = await signUp(ctx.app);
    const token = await invite(admin, invited.email, ['buyer']);
    await call(shopAdmin, 'PATCH', `/api/admin/companies/${companyId}`, { status: 'suspended' });
    const refused = await call(admin, 'POST', '/api/company/invitations', {
      email: 'late@example.com',
      roles: ['buyer'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error.message).toBe(
      'The shop has suspended this company’s account: no colleague can be invited or join it until it is reinstated.',
    );
    expect((await call(invited, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(403);
    await call(shopAdmin, 'PATCH', `/api/admin/companies/${companyId}`, { status: 'active' });
    expect((await call(invited, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);
  });

  it('revokes the open invitations of an account a shop admin deletes', async () => {
    const shopAdmin = await signUpAdmin(ctx.app, ctx.db);
    const { admin } = await newCompany('Deleted Sender Ltd');
    const coAdmin = await join(admin, ['admin']);
    const invited = await signUp(ctx.app);
    const token = await invite(coAdmin, invited.email, ['buyer']);
    const deleted = await call(shopAdmin, 'DELETE', `/api/user/${encodeURIComponent(coAdmin.email)}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call(invited, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(404);
  });

  it('lets its admins correct its name, tax number and billing address, audited; not its other colleagues', async () => {
    const { admin } = await newCompany('Misspelt Ltd');
    const buyer = await join(admin, ['buyer']);
    const billingTo = { line1: '1 Wharf Street', city: 'Leeds', postalCode: 'LS2 7EQ', country: 'GB' };
    const change = { name: 'Correct Ltd', taxId: 'GB987654321', billingTo };
    expect((await call(buyer, 'PATCH', '/api/company', change)).statusCode).toBe(403);
    const saved = await call(admin, 'PATCH', '/api/company', change);
    expect(saved.statusCode, saved.body).toBe(200);
    const corrected = await companyOf(buyer);
    expect(corrected).toMatchObject({ name: 'Correct Ltd', taxId: 'GB987654321', billingTo });
    expect(corrected.billingAddress).toContain('1 Wharf Street');
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.details'), eq(auditLog.actorEmail, admin.email)));
    expect(entry).toMatchObject({
      subject: 'company Misspelt Ltd',
      before: { name: 'Misspelt Ltd', taxId: 'GB123456789' },
      after: { name: 'Correct Ltd', taxId: 'GB987654321' },
    });
    const blank = await call(admin, 'PATCH', '/api/company', { name: ' ' });
    expect(blank.json<ErrorBody>().error.message).toBe('Name: Please give the company’s legal name');
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

describe("a company's shared work", () => {
  const ordersSeenBy = async (user: TestUser) =>
    (await call(user, 'GET', `/api/purchase?email=${encodeURIComponent(user.email)}`)).json<Order[]>();

  it('colleagues share orders, quotes and invoices by role; another company and a removed colleague see none', async () => {
    const tool = await insertTool(ctx.db, { available: 100_000 });
    const { admin } = await newCompany('Shared Ltd');
    const buyer = await join(admin, ['buyer']);
    const viewer = await join(admin, ['viewer']);
    const approver = await join(admin, ['approver']);
    const outsider = await newCompany('Elsewhere Ltd');

    const earlier = await signUp(ctx.app);
    const personal = await placeOrderAs(ctx.app, earlier, tool.id);

    const order = await placeOrderAs(ctx.app, buyer, tool.id, { poNumber: 'PO-SHARED' });
    await payOrderAs(ctx.app, buyer, order._id);
    const quote = await call(buyer, 'POST', '/api/quotes', { toolId: tool.id, quantity: 5000 });
    expect(quote.statusCode).toBe(201);
    const quoteId = quote.json<{ quote: Quote }>().quote._id;

    for (const colleague of [admin, buyer, viewer, approver]) {
      expect((await ordersSeenBy(colleague)).map((seen) => seen._id)).toEqual([order._id]);
      expect((await call(colleague, 'GET', `/api/purchase/${order._id}`)).statusCode).toBe(200);
      expect((await call(colleague, 'GET', `/api/purchase/${order._id}/invoice`)).statusCode).toBe(200);
      expect((await call(colleague, 'GET', '/api/quotes')).json<Quote[]>().map((seen) => seen._id)).toEqual([
        quoteId,
      ]);
    }
    // Another company's admin, and a customer of no company, find nothing of it.
    for (const stranger of [outsider.admin, earlier]) {
      expect((await call(stranger, 'GET', `/api/purchase/${order._id}`)).statusCode).toBe(404);
      expect((await call(stranger, 'GET', `/api/purchase/${order._id}/invoice`)).statusCode).toBe(404);
      expect((await call(stranger, 'GET', '/api/quotes')).json<Quote[]>()).toEqual([]);
    }
    // The shop's admin reads it.
    const shopAdmin = await signUpAdmin(ctx.app, ctx.db);
    expect((await call(shopAdmin, 'GET', `/api/purchase/${order._id}`)).statusCode).toBe(200);

    // A viewer and an approver read, and do not order; a buyer does.
    for (const [reader, name] of [
      [viewer, 'viewer'],
      [approver, 'approver'],
    ] as const) {
      const refused = await call(reader, 'POST', '/api/purchase', {
        toolId: tool.id,
        name,
        address: '1 Road',
        number: '5550100',
        quantity: 100,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorBody>().error.message).toBe(
        'Your role in your company does not include ordering: ask one of its admins to make you a buyer',
      );
      expect((await call(reader, 'POST', '/api/quotes', { toolId: tool.id, quantity: 500 })).statusCode).toBe(
        403,
      );
    }
    // A second order, by the admin, for the company; the viewer cannot cancel it, the buyer can.
    const second = await placeOrderAs(ctx.app, admin, tool.id);
    expect((await call(viewer, 'DELETE', `/api/purchase/${second._id}`)).statusCode).toBe(404);
    expect((await call(buyer, 'DELETE', `/api/purchase/${second._id}`)).statusCode).toBe(200);

    // The buyer leaves: the orders stay with the company, out of the buyer's reach.
    expect((await call(admin, 'DELETE', `/api/company/members/${buyer.id}`)).statusCode).toBe(200);
    expect((await call(buyer, 'GET', `/api/purchase/${order._id}`)).statusCode).toBe(404);
    expect(await ordersSeenBy(buyer)).toEqual([]);
    expect((await ordersSeenBy(viewer)).map((seen) => seen._id).sort()).toEqual(
      [order._id, second._id].sort(),
    );

    // An account's orders from before it joined stay its own.
    const joinedLater = await signUp(ctx.app);
    const ownOrder = await placeOrderAs(ctx.app, joinedLater, tool.id);
    const token = await invite(admin, joinedLater.email, ['viewer']);
    expect((await call(joinedLater, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);
    expect((await ordersSeenBy(joinedLater)).map((seen) => seen._id)).toContain(ownOrder._id);
    expect((await ordersSeenBy(admin)).map((seen) => seen._id)).not.toContain(ownOrder._id);
    expect(personal.status).toBe('unpaid');
  });

  it('a suspended company reads its orders and does not order', async () => {
    const tool = await insertTool(ctx.db, { available: 10_000 });
    const shopAdmin = await signUpAdmin(ctx.app, ctx.db);
    const { admin, companyId } = await newCompany('Paused Ltd');
    const order = await placeOrderAs(ctx.app, admin, tool.id);
    await call(shopAdmin, 'PATCH', `/api/admin/companies/${companyId}`, { status: 'suspended' });
    const refused = await call(admin, 'POST', '/api/purchase', {
      toolId: tool.id,
      name: 'A',
      address: '1 Road',
      number: '5550100',
      quantity: 100,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error.message).toMatch(/^Your company’s account is suspended/);
    expect((await call(admin, 'GET', `/api/purchase/${order._id}`)).statusCode).toBe(200);
    await call(shopAdmin, 'PATCH', `/api/admin/companies/${companyId}`, { status: 'active' });
    expect(
      (
        await call(admin, 'POST', '/api/purchase', {
          toolId: tool.id,
          name: 'A',
          address: '1 Road',
          number: '5550100',
          quantity: 100,
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe("a company's address book", () => {
  it('keeps ship-to addresses with one default; orders go to the book’s address, and only there when free addresses are off', async () => {
    const tool = await insertTool(ctx.db, { available: 10_000 });
    const { admin } = await newCompany('Depots Ltd');
    const buyer = await join(admin, ['buyer']);
    const viewer = await join(admin, ['viewer']);
    const depot = {
      label: 'Leeds depot',
      name: 'Goods In',
      shipTo: { line1: '7 Foundry Lane', city: 'Leeds', postalCode: 'LS1 4AP', country: 'GB' },
      number: '441134960000',
    };
    // Only structured: a one-box address cannot be taxed or charged freight by.
    const boxed = await call(admin, 'POST', '/api/company/addresses', {
      label: 'Old depot',
      name: 'Goods In',
      address: '7 Foundry Lane\nLeeds',
      number: '441134960000',
    });
    expect(boxed.statusCode).toBe(400);
    expect(boxed.json<ErrorBody>().error.message).toBe(
      'Ship-to address line 1: Please enter the street and number',
    );
    const first = await call(admin, 'POST', '/api/company/addresses', depot);
    expect(first.statusCode, first.body).toBe(201);
    const hull = await call(admin, 'POST', '/api/company/addresses', {
      label: 'Hull yard',
      name: 'Yard office',
      shipTo: { line1: '1 Dock Road', city: 'Hull', postalCode: 'HU1 1AA', country: 'GB' },
      number: '441482000000',
      isDefault: true,
    });
    const hullId = hull.json<{ insertedId: string }>().insertedId;
    expect((await companyOf(buyer)).addresses.map((address) => [address.label, address.isDefault])).toEqual([
      ['Hull yard', true],
      ['Leeds depot', false],
    ]);
    expect((await call(viewer, 'POST', '/api/company/addresses', depot)).statusCode).toBe(403);

    // The book's address wins over whatever came beside its id.
    const placed = await call(buyer, 'POST', '/api/purchase', {
      toolId: tool.id,
      name: 'Someone Else',
      address: 'Elsewhere',
      number: '5550100',
      quantity: 100,
      addressId: hullId,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<{ order: Order }>().order).toMatchObject({
      name: 'Yard office',
      address: '1 Dock Road\nHull\nHU1 1AA\nUnited Kingdom',
      shipTo: { city: 'Hull', postalCode: 'HU1 1AA', country: 'GB' },
      number: '441482000000',
      // The recipient is the yard's; the order was placed by the buyer, who is mailed as themself.
      placedBy: { name: buyer.name, email: buyer.email },
    });
    const placedMail = await smtp.nextMailTo(buyer.email, /Order \d+ placed/);
    expect(placedMail.parsed.text).toContain(`Hello ${buyer.name},`);
    expect(placedMail.parsed.text).not.toContain('Hello Yard office');

    // An entry written as one box of text before addresses were structured is flagged, and refused
    // until an admin completes it.
    const [company] = await ctx.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, 'Depots Ltd'));
    const [old] = await ctx.db
      .insert(companyAddresses)
      .values({
        companyId: company?.id ?? '',
        label: 'Old yard',
        recipient: 'Yard',
        address: '3 Old Road\nHull',
        phone: '5550100',
      })
      .returning({ id: companyAddresses.id });
    expect((await companyOf(buyer)).addresses.find((entry) => entry._id === old?.id)).toMatchObject({
      complete: false,
      shipTo: null,
    });
    const toOld = await call(buyer, 'POST', '/api/purchase', {
      toolId: tool.id,
      name: 'X',
      number: '5550100',
      quantity: 100,
      addressId: old?.id,
    });
    expect(toOld.statusCode).toBe(400);
    expect(toOld.json<ErrorBody>().error.message).toMatch(
      /^The address “Old yard” was written before addresses had their own street, city and postal code fields/,
    );
    const completed = await call(admin, 'PUT', `/api/company/addresses/${old?.id}`, {
      label: 'Old yard',
      name: 'Yard',
      shipTo: { line1: '3 Old Road', city: 'Hull', postalCode: 'HU1 2AA', country: 'GB' },
      number: '5550100',
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect((await companyOf(buyer)).addresses.find((entry) => entry._id === old?.id)?.complete).toBe(true);
    const other = await newCompany('Not Theirs Ltd');
    const foreign = await call(other.admin, 'POST', '/api/purchase', {
      toolId: tool.id,
      name: 'X',
      address: 'Y',
      number: '5550100',
      quantity: 100,
      addressId: hullId,
    });
    expect(foreign.statusCode).toBe(404);

    // Free addresses off: a typed address is refused, the book's accepted (the cart's checkout too).
    expect((await call(admin, 'PATCH', '/api/company', { freeAddresses: false })).statusCode).toBe(200);
    const typed = await call(buyer, 'POST', '/api/purchase', {
      toolId: tool.id,
      name: 'Bea',
      address: 'My house',
      number: '5550100',
      quantity: 100,
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json<ErrorBody>().error.message).toMatch(
      /^Your company ships only to the addresses in its address book/,
    );
    await call(buyer, 'PUT', `/api/cart/lines/${tool.id}`, { quantity: 100 });
    const checkout = await call(buyer, 'POST', '/api/cart/checkout', {
      name: 'Bea',
      shipTo: { line1: 'Ignored 1', city: 'Leeds', postalCode: 'LS1 4AP', country: 'GB' },
      number: '5550100',
      addressId: hullId,
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    expect((await call(viewer, 'PATCH', '/api/company', { freeAddresses: true })).statusCode).toBe(403);

    expect((await call(admin, 'DELETE', `/api/company/addresses/${hullId}`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/api/company/addresses/${hullId}`)).statusCode).toBe(404);
  });
});

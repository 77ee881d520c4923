import { euVatCountry, normalTaxId } from '../../shared/domain/vat-id';
import { formatAddress } from '../../shared/domain/addresses';
import type { StoredShipTo } from '../../shared/domain/order-charges';
import { balancesOf } from '../billing/ledger';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Company } from '../../shared/api/companies.schemas';
import { type CompanyRole, companyRolesAllow } from '../../shared/domain/company-roles';
import { messages } from '../../shared/messages';
import { centsToDollars } from '../../shared/money';
import { type Actor, recordAudit } from '../audit/audit.repository';
import type { SessionUser } from '../identity/request-user';
import type { Database, Executor } from '../db/database';
import { companies, companyInvitations, companyMembers, users } from '../db/schema';
import { findCompany, insertCompany, newestCompanies, updateCompany } from '../records/companies.repository';
import { DomainError } from '../http/domain-error';
import type { MailContext } from '../mail/mail-layout';
import { queueMail } from '../mail/outbox';
import { addressesOf } from './addresses';
import { companyOf, notInCompany } from '../identity/membership';
import { centsOrNull, dollarsOrNull, rulesOf } from './approvals';
import { invitationMail } from './company-mails';
import { revokeKeysMadeBy } from './api-keys';

/**
 * Companies and their members: creating one, inviting colleagues by a single-use link,
 * their roles, and removing them. A company keeps at least one admin; membership and role changes go
 * to the audit log in the transaction that makes them.
 */

/** How long an invitation link can be accepted. */
export const INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A signed-in customer with a confirmed address creates a company and becomes its admin. */
export async function createCompany(
  db: Database,
  caller: SessionUser,
  body: {
    name: string;
    taxId?: string | undefined;
    billingAddress?: string | undefined;
    billingTo?: StoredShipTo | undefined;
  },
): Promise<string> {
  if (!caller.emailVerified) throw new DomainError('FORBIDDEN', messages.companyConfirmFirst);
  if (caller.company) throw new DomainError('CONFLICT', messages.companyAlreadyMember);
  return db.transaction(async (tx) => {
    const company = await insertCompany(tx, {
      name: body.name,
      taxId: normalTaxId(body.taxId),
      billingAddress: body.billingTo ? formatAddress(body.billingTo) : (body.billingAddress ?? ''),
      billingTo: body.billingTo ?? null,
    });
    // The unique user_id refuses a second company made by the same account at the same moment.
    const joined = await tx
      .insert(companyMembers)
      .values({ companyId: company.id, userId: caller.id, roles: ['admin'] })
      .onConflictDoNothing()
      .returning({ userId: companyMembers.userId });
    if (joined.length === 0) throw new DomainError('CONFLICT', messages.companyAlreadyMember);
    await recordAudit(tx, caller, {
      action: 'company.create',
      subject: `company ${body.name}`,
      after: { name: body.name, taxId: body.taxId ?? null, admin: caller.email },
    });
    return company.id;
  });
}

/** The members of these companies, each company's in joining order (one query for them all). */
async function membersOfEach(ex: Executor, companyIds: readonly string[]) {
  const byCompany = new Map<string, Company['members']>(companyIds.map((id) => [id, []]));
  if (companyIds.length === 0) return byCompany;
  const rows = await ex
    .select({
      companyId: companyMembers.companyId,
      userId: companyMembers.userId,
      name: users.name,
      email: users.email,
      roles: companyMembers.roles,
      monthlyLimitCents: companyMembers.monthlyLimitCents,
      joinedAt: companyMembers.joinedAt,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(inArray(companyMembers.companyId, [...companyIds]))
    .orderBy(asc(companyMembers.joinedAt), asc(users.email));
  for (const { companyId, joinedAt, monthlyLimitCents, ...member } of rows) {
    byCompany.get(companyId)?.push({
      ...member,
      monthlyLimit: dollarsOrNull(monthlyLimitCents),
      joinedAt: joinedAt.toISOString(),
    });
  }
  return byCompany;
}

const membersOf = async (ex: Executor, companyId: string) =>
  (await membersOfEach(ex, [companyId])).get(companyId) ?? [];

/** GET /api/company: the caller's company, its members, and for its admins the invitations sent. */
export async function readCompany(db: Database, caller: SessionUser): Promise<Company> {
  const membership = companyOf(caller, 'read');
  const company = await findCompany(db, membership.id);
  if (!company) throw notInCompany();
  const invitations = companyRolesAllow(membership.roles, 'manage')
    ? await db
        .select({
          id: companyInvitations.id,
          email: companyInvitations.email,
          roles: companyInvitations.roles,
          expiresAt: companyInvitations.expiresAt,
          acceptedAt: companyInvitations.acceptedAt,
          invitedBy: users.email,
        })
        .from(companyInvitations)
        .leftJoin(users, eq(users.id, companyInvitations.invitedBy))
        .where(eq(companyInvitations.companyId, company.id))
        .orderBy(desc(companyInvitations.createdAt))
        .limit(100)
    : [];
  return {
    _id: company.id,
    name: company.name,
    taxId: company.taxId,
    vatVerifiedAt: company.vatVerifiedAt?.toISOString() ?? null,
    billingAddress: company.billingAddress,
    billingTo: company.billingTo,
    billingEmail: company.billingEmail,
    invoiceDelivery: company.invoiceDelivery,
    peppolId: company.peppolId,
    status: company.status,
    freeAddresses: company.freeAddresses,
    addresses: await addressesOf(db, company.id),
    rules: await rulesOf(db, company),
    roles: membership.roles,
    members: await membersOf(db, company.id),
    invitations: invitations.map((invitation) => ({
      _id: invitation.id,
      email: invitation.email,
      roles: invitation.roles,
      expiresAt: invitation.expiresAt.toISOString(),
      acceptedAt: invitation.acceptedAt?.toISOString() ?? null,
      invitedBy: invitation.invitedBy,
    })),
    createdAt: company.createdAt.toISOString(),
  };
}

/**
 * A company admin invites a colleague by address (POST /api/company/invitations): a single-use link,
 * valid INVITATION_DAYS days, is mailed through the outbox; only the token's hash is stored. A new
 * invitation to the same address replaces an open one.
 */
export async function inviteColleague(
  { db, mail, now = () => new Date() }: { db: Database; mail: MailContext; now?: () => Date },
  caller: SessionUser,
  { email, roles }: { email: string; roles: CompanyRole[] },
): Promise<string> {
  const membership = companyOf(caller, 'manage');
  const token = randomBytes(32).toString('base64url');
  const id = await db.transaction(async (tx) => {
    const company = await findCompany(tx, membership.id);
    if (!company) throw notInCompany();
    if (company.status !== 'active') throw new DomainError('FORBIDDEN', messages.invitationSuspended);
    const [already] = await tx
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(and(eq(companyMembers.companyId, company.id), eq(sql`lower(${users.email})`, email)));
    if (already) throw new DomainError('CONFLICT', messages.companyAlreadyInvitedMember(email));
    await tx
      .delete(companyInvitations)
      .where(
        and(
          eq(companyInvitations.companyId, company.id),
          eq(companyInvitations.email, email),
          isNull(companyInvitations.acceptedAt),
        ),
      );
    const expiresAt = new Date(now().getTime() + INVITATION_DAYS * DAY_MS);
    const [invitation] = await tx
      .insert(companyInvitations)
      .values({
        companyId: company.id,
        email,
        roles,
        tokenHash: hashToken(token),
        invitedBy: caller.id,
        expiresAt,
      })
      .returning({ id: companyInvitations.id });
    if (!invitation) throw new Error('The invitation was not stored');
    await queueMail(
      tx,
      invitationMail(mail, { to: email, company: company.name, from: caller, roles, token, expiresAt }),
    );
    await recordAudit(tx, caller, {
      action: 'company.invite',
      subject: `${email} to ${company.name}`,
      after: { email, roles, expiresAt: expiresAt.toISOString() },
    });
    return invitation.id;
  });
  mail.nudge();
  return id;
}

/**
 * The invited account accepts (POST /api/invitations/{token}/accept): signed in with the invited,
 * confirmed address and in no company yet. One conditional update spends the link, so a replay or a
 * second acceptance at the same moment finds it used.
 */
export async function acceptInvitation(
  db: Database,
  caller: SessionUser,
  token: string,
  now = new Date(),
): Promise<string> {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select({ invitation: companyInvitations, company: companies.name, status: companies.status })
      .from(companyInvitations)
      .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
      .where(eq(companyInvitations.tokenHash, hashToken(token)));
    if (!invitation || invitation.invitation.acceptedAt) {
      throw new DomainError('NOT_FOUND', messages.invitationInvalid);
    }
    if (invitation.status !== 'active') throw new DomainError('FORBIDDEN', messages.invitationSuspended);
    const { id, email, roles, companyId, expiresAt } = invitation.invitation;
    if (expiresAt <= now) throw new DomainError('CONFLICT', messages.invitationExpired);
    if (caller.email.toLowerCase() !== email) {
      throw new DomainError('FORBIDDEN', messages.invitationOtherAddress(email));
    }
    if (!caller.emailVerified) throw new DomainError('FORBIDDEN', messages.companyConfirmFirst);
    if (caller.company) throw new DomainError('CONFLICT', messages.companyAlreadyMember);
    const spent = await tx
      .update(companyInvitations)
      .set({ acceptedAt: now })
      .where(
        and(
          eq(companyInvitations.id, id),
          isNull(companyInvitations.acceptedAt),
          gt(companyInvitations.expiresAt, now),
        ),
      )
      .returning({ id: companyInvitations.id });
    if (spent.length === 0) throw new DomainError('NOT_FOUND', messages.invitationInvalid);
    const joined = await tx
      .insert(companyMembers)
      .values({ companyId, userId: caller.id, roles })
      .onConflictDoNothing()
      .returning({ userId: companyMembers.userId });
    if (joined.length === 0) throw new DomainError('CONFLICT', messages.companyAlreadyMember);
    await recordAudit(tx, caller, {
      action: 'company.join',
      subject: `${caller.email} joined ${invitation.company}`,
      after: { roles },
    });
    return companyId;
  });
}

/**
 * GET /api/invitations/{token}: what the link offers, for the invited to read before accepting: the
 * company, the roles and who sent it. The token is the secret; a used, revoked or unknown one is NOT_FOUND.
 */
export async function readInvitation(db: Database, token: string, now = new Date()) {
  const [row] = await db
    .select({
      company: companies.name,
      email: companyInvitations.email,
      roles: companyInvitations.roles,
      expiresAt: companyInvitations.expiresAt,
      acceptedAt: companyInvitations.acceptedAt,
      senderName: users.name,
      senderEmail: users.email,
    })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .leftJoin(users, eq(users.id, companyInvitations.invitedBy))
    .where(eq(companyInvitations.tokenHash, hashToken(token)));
  if (!row || row.acceptedAt) throw new DomainError('NOT_FOUND', messages.invitationInvalid);
  return {
    company: row.company,
    email: row.email,
    roles: row.roles,
    invitedBy: row.senderEmail ? { name: row.senderName ?? row.senderEmail, email: row.senderEmail } : null,
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
  };
}

/**
 * DELETE /api/company/invitations/{id}: a company admin revokes an open invitation; its link stops
 * working at once. Audited. An accepted or unknown one is NOT_FOUND.
 */
export async function revokeInvitation(db: Database, caller: SessionUser, invitationId: string) {
  const { id: companyId } = companyOf(caller, 'manage');
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .delete(companyInvitations)
      .where(
        and(
          eq(companyInvitations.id, invitationId),
          eq(companyInvitations.companyId, companyId),
          isNull(companyInvitations.acceptedAt),
        ),
      )
      .returning({ email: companyInvitations.email, roles: companyInvitations.roles });
    if (!revoked) throw new DomainError('NOT_FOUND', messages.invitationNotFound);
    await recordAudit(tx, caller, {
      action: 'company.invitation_revoke',
      subject: revoked.email,
      before: { email: revoked.email, roles: revoked.roles },
    });
  });
}

/**
 * The open invitations a colleague sent, revoked when they are removed or lose the admin role (or
 * their account is deleted): a link should not outlive its sender's right to send it. Audited.
 */
export async function revokeInvitationsSentBy(
  tx: Executor,
  actor: Actor,
  sender: { companyId?: string; userId: string; email: string },
) {
  const revoked = await tx
    .delete(companyInvitations)
    .where(
      and(
        eq(companyInvitations.invitedBy, sender.userId),
        isNull(companyInvitations.acceptedAt),
        ...(sender.companyId ? [eq(companyInvitations.companyId, sender.companyId)] : []),
      ),
    )
    .returning({ email: companyInvitations.email });
  if (revoked.length === 0) return;
  await recordAudit(tx, actor, {
    action: 'company.invitation_revoke',
    subject: `invitations sent by ${sender.email}`,
    before: { emails: revoked.map((invitation) => invitation.email) },
  });
}

/**
 * Locks the company's row for a change of its members (one change at a time per company, so two
 * admins demoting each other at once cannot leave it without one), and answers the target's roles.
 */
async function lockedMember(tx: Executor, companyId: string, userId: string) {
  await findCompany(tx, companyId, { lock: true });
  const [member] = await tx
    .select({
      roles: companyMembers.roles,
      email: users.email,
      monthlyLimitCents: companyMembers.monthlyLimitCents,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  if (!member) throw new DomainError('NOT_FOUND', messages.companyMemberNotFound);
  const admins = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), sql`'admin' = any(${companyMembers.roles})`));
  return { member, admins: admins.length };
}

/**
 * PATCH /api/company/members/{userId}: a company admin changes a colleague's roles (not the last
 * admin's) or their own monthly spending limit; both are audited.
 */
export async function updateMember(
  db: Database,
  caller: SessionUser,
  userId: string,
  change: { roles?: CompanyRole[] | undefined; monthlyLimit?: number | null | undefined },
): Promise<void> {
  const { id: companyId } = companyOf(caller, 'manage');
  await db.transaction(async (tx) => {
    const { member, admins } = await lockedMember(tx, companyId, userId);
    const { roles, monthlyLimit } = change;
    if (roles && member.roles.includes('admin') && !roles.includes('admin') && admins <= 1) {
      throw new DomainError('LAST_ADMIN', messages.companyLastAdmin);
    }
    const monthlyLimitCents = monthlyLimit === undefined ? undefined : centsOrNull(monthlyLimit);
    await tx
      .update(companyMembers)
      .set({
        ...(roles ? { roles } : {}),
        ...(monthlyLimitCents !== undefined ? { monthlyLimitCents } : {}),
      })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    if (roles && member.roles.includes('admin') && !roles.includes('admin')) {
      await revokeInvitationsSentBy(tx, caller, { companyId, userId, email: member.email });
    }
    if (roles) {
      await recordAudit(tx, caller, {
        action: 'company.member_roles',
        subject: member.email,
        before: { roles: member.roles },
        after: { roles },
      });
    }
    if (monthlyLimitCents !== undefined) {
      await recordAudit(tx, caller, {
        action: 'company.member_limit',
        subject: member.email,
        before: { monthlyLimit: dollarsOrNull(member.monthlyLimitCents) },
        after: { monthlyLimit: dollarsOrNull(monthlyLimitCents) },
      });
    }
  });
}

/**
 * DELETE /api/company/members/{userId}: a company admin removes a colleague (not the last admin); the
 * orders they placed stay with the company. Their next request no longer finds them in it; the API
 * keys they made stop with them, and are answered so the admin sees which systems lose access.
 */
export async function removeMember(
  db: Database,
  caller: SessionUser,
  userId: string,
): Promise<{ endedApiKeys: { name: string; prefix: string }[] }> {
  const { id: companyId } = companyOf(caller, 'manage');
  return db.transaction(async (tx) => {
    const { member, admins } = await lockedMember(tx, companyId, userId);
    if (member.roles.includes('admin') && admins <= 1) {
      throw new DomainError('LAST_ADMIN', messages.companyLastAdmin);
    }
    await tx
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    await revokeInvitationsSentBy(tx, caller, { companyId, userId, email: member.email });
    const endedApiKeys = await revokeKeysMadeBy(tx, caller, { companyId, userId, email: member.email });
    await recordAudit(tx, caller, {
      action: 'company.member_remove',
      subject: member.email,
      before: { roles: member.roles },
    });
    return { endedApiKeys };
  });
}

/** GET /api/admin/companies: every company with its members, newest first (shop admins). */
export async function listCompanies(db: Database) {
  const rows = await newestCompanies(db, 500);
  const ids = rows.map((company) => company.id);
  const members = await membersOfEach(db, ids);
  const balances = await balancesOf(db, ids, new Date());
  return rows.map((company) => ({
    _id: company.id,
    name: company.name,
    taxId: company.taxId,
    vatCountry: euVatCountry(company.taxId),
    vatVerifiedAt: company.vatVerifiedAt?.toISOString() ?? null,
    vatVerifiedBy: company.vatVerifiedBy,
    billingCountry: company.billingTo?.country ?? null,
    status: company.status,
    terms: company.paymentTerms,
    creditLimit: centsToDollars(company.creditLimitCents),
    graceDays: company.graceDays,
    balance: balances.get(company.id)?.balance ?? 0,
    aging: balances.get(company.id)?.aging ?? {
      current: 0,
      days1to30: 0,
      days31to60: 0,
      days61to90: 0,
      over90: 0,
    },
    members: members.get(company.id) ?? [],
    createdAt: company.createdAt.toISOString(),
  }));
}

/**
 * PUT /api/admin/companies/{id}/vat-verification: a shop admin records that the company's EU VAT ID
 * is registered (they checked it in VIES, which the shop cannot reach), or withdraws that; audited.
 * A verification names the ID that was checked, and is refused when the company's ID is another now.
 * Only a verified ID counts for tax, and changing the ID withdraws it (editCompanyDetails).
 */
export async function setVatVerification(
  db: Database,
  actor: SessionUser,
  companyId: string,
  { verified, vatId }: { verified: boolean; vatId?: string | undefined },
): Promise<void> {
  await db.transaction(async (tx) => {
    const company = await findCompany(tx, companyId, { lock: true });
    if (!company) throw new DomainError('NOT_FOUND', messages.companyNotFoundForAdmin);
    if (verified && !euVatCountry(company.taxId)) {
      throw new DomainError('VALIDATION_FAILED', messages.vatIdNotVerifiable);
    }
    // The ID the admin checked must be the company's now: its admins may have changed it meanwhile.
    if (vatId !== undefined && normalTaxId(vatId) !== normalTaxId(company.taxId)) {
      throw new DomainError('CONFLICT', messages.vatIdChangedSince(company.taxId ?? 'none'));
    }
    await updateCompany(tx, companyId, {
      vatVerifiedAt: verified ? new Date() : null,
      vatVerifiedBy: verified ? actor.email.toLowerCase() : null,
    });
    await recordAudit(tx, actor, {
      action: 'company.vat_verification',
      subject: `company ${company.name}`,
      before: { vatId: company.taxId, verified: company.vatVerifiedAt !== null },
      after: { vatId: company.taxId, verified },
    });
  });
}

/** PATCH /api/admin/companies/{id}: a shop admin suspends a company or reinstates it. */
export async function setCompanyStatus(
  db: Database,
  actor: Actor,
  companyId: string,
  status: 'active' | 'suspended',
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findCompany(tx, companyId, { lock: true });
    if (!before) throw new DomainError('NOT_FOUND', messages.companyNotFound);
    await updateCompany(tx, companyId, { status });
    await recordAudit(tx, actor, {
      action: 'company.status',
      subject: `company ${before.name}`,
      before: { status: before.status },
      after: { status },
    });
  });
}

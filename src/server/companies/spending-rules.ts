import { and, eq, ne, sql } from 'drizzle-orm';
import { companyRolesAllow } from '../../shared/domain/company-roles';
import { messages } from '../../shared/messages';
import type { SessionUser } from '../identity/request-user';
import type { Executor } from '../db/database';
import { companyMembers, users } from '../db/schema';
import { lockCompanyRules } from '../records/companies.repository';
import { spentSince } from '../orders/storage/orders.repository';
import { DomainError } from '../http/domain-error';

/**
 * A company's rules for its colleagues' orders, as the transaction placing an order read
 * them with the company's row locked: orders above a total wait for an approver, and the orders placed
 * in a calendar month (UTC) may not together pass the company's limit, nor one colleague's theirs.
 */
export interface OrderingRules {
  companyId: string;
  /** Its legal name, as the locked row has it: an order typed without one names it for its invoice. */
  companyName: string;
  approvalAboveCents: number | null;
  monthlyLimitCents: number | null;
  /** The ordering colleague's own monthly limit. */
  memberLimitCents: number | null;
  autoApprove: boolean;
  /** Whether the ordering colleague is an approver. */
  buyerApproves: boolean;
}

/**
 * Locks the company's row for the rest of the transaction and answers its rules, or null for a buyer
 * of no company. Every order of a company is placed under this lock, so two colleagues ordering at the
 * same moment are counted against the spending limits one after the other. The membership is read
 * again under the lock: a colleague removed, given another role or suspended since the session was
 * read does not order.
 */
export async function lockOrderingRules(ex: Executor, user: SessionUser): Promise<OrderingRules | null> {
  if (!user.company) return null;
  const row = await lockCompanyRules(ex, user.company.id, user.id);
  if (!row?.roles) throw new DomainError('FORBIDDEN', messages.companyMembershipChanged);
  if (row.status !== 'active') throw new DomainError('FORBIDDEN', messages.companySuspended);
  if (!companyRolesAllow(row.roles, 'order')) throw new DomainError('FORBIDDEN', messages.companyCannotOrder);
  return toRules(row);
}

/**
 * The company's rules for an order one of its colleagues placed earlier (its pallet's freight now
 * quoted), with the company's row locked as lockOrderingRules does; and whether the shop has suspended
 * it since. A colleague who has left since keeps no limit of their own and approves nothing.
 */
export async function lockRulesForOrder(
  ex: Executor,
  companyId: string,
  userId: string | null,
): Promise<OrderingRules & { active: boolean }> {
  const row = await lockCompanyRules(ex, companyId, userId);
  if (!row) throw new Error(`Company ${companyId} is gone`);
  return { ...toRules(row), active: row.status === 'active' };
}

const toRules = (row: NonNullable<Awaited<ReturnType<typeof lockCompanyRules>>>): OrderingRules => ({
  companyId: row.companyId,
  companyName: row.companyName,
  approvalAboveCents: row.approvalAboveCents,
  monthlyLimitCents: row.monthlyLimitCents,
  memberLimitCents: row.memberLimitCents ?? null,
  autoApprove: row.autoApprove,
  buyerApproves: row.roles?.includes('approver') ?? false,
});

/** The first moment of `at`'s calendar month, UTC: spending limits count from it. */
export function startOfUtcMonth(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** An approver to mail about an order waiting for them. */
export interface Approver {
  email: string;
  name: string;
}

/** How an order the rules allow is placed. */
export type ApprovalPlan =
  { kind: 'none' } | { kind: 'awaiting'; approvers: Approver[] } | { kind: 'automatic' };

/**
 * Checks an order of `amountCents` against the rules (locked by lockOrderingRules in this transaction)
 * and answers how it is placed: as it is, waiting for the company's other approvers, or approved at
 * once (the company lets its only approver's own orders through). Throws SPENDING_LIMIT when the
 * order would take this month's spending past a limit, and NO_APPROVER when it needs an approval that
 * nobody but its buyer could give.
 */
export async function approvalPlan(
  ex: Executor,
  user: Pick<SessionUser, 'id'>,
  rules: OrderingRules,
  amountCents: number,
  placedAt: Date,
  /** An order already placed that is being checked again (its freight quoted): not counted twice. */
  exceptOrderId?: string,
): Promise<ApprovalPlan> {
  if (rules.monthlyLimitCents !== null || rules.memberLimitCents !== null) {
    const spent = await spentSince(ex, rules.companyId, startOfUtcMonth(placedAt), {
      userId: user.id,
      exceptOrderId,
    });
    if (rules.monthlyLimitCents !== null && spent.company + amountCents > rules.monthlyLimitCents) {
      throw new DomainError(
        'SPENDING_LIMIT',
        messages.companyLimitReached(rules.monthlyLimitCents, spent.company, amountCents),
      );
    }
    if (rules.memberLimitCents !== null && spent.member + amountCents > rules.memberLimitCents) {
      throw new DomainError(
        'SPENDING_LIMIT',
        messages.memberLimitReached(rules.memberLimitCents, spent.member, amountCents),
      );
    }
  }
  if (rules.approvalAboveCents === null || amountCents <= rules.approvalAboveCents) return { kind: 'none' };

  const approvers = await ex
    .select({ email: users.email, name: users.name })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, rules.companyId),
        ne(companyMembers.userId, user.id),
        sql`'approver' = any(${companyMembers.roles})`,
      ),
    );
  if (approvers.length > 0) return { kind: 'awaiting', approvers };
  if (rules.buyerApproves && rules.autoApprove) return { kind: 'automatic' };
  throw new DomainError('NO_APPROVER', messages.noApprover(rules.approvalAboveCents, rules.buyerApproves));
}

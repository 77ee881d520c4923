import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { CompanyRules, CompanyRulesBody } from '../../shared/api/companies.schemas';
import { SPENDING_STATES } from '../../shared/domain/order-status';
import { messages } from '../../shared/messages';
import { centsToDollars, dollarsToCents } from '../../shared/money';
import { recordAudit } from '../audit/audit.repository';
import type { SessionUser } from '../auth/session';
import type { CatalogCache } from '../catalog/catalog-cache';
import type { Database, Executor } from '../db/database';
import { companies, orders } from '../db/schema';
import { DomainError } from '../http/domain-error';
import type { MailContext } from '../mail/mail-layout';
import {
  type PlacedOrder,
  assertCanMove,
  assertHoldNotEnded,
  findOrderFor,
  withLines,
} from '../orders/orders.repository';
import { checkAccountCredit } from '../credit/ledger';
import { transitionOrder } from '../orders/transitions';
import { companyOf } from './membership';
import { startOfUtcMonth } from './spending-rules';

/**
 * A company's rules for its orders, and its approvers' decisions (issue 33). The rules are checked
 * when an order is placed (spending-rules.ts); an order above the approval threshold waits, holding
 * its stock, until one of the company's approvers other than its buyer approves it (then it can be
 * paid) or rejects it (then its stock goes back), or its hold runs out (the expiry job closes it).
 */

export const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));
export const centsOrNull = (dollars: number | null) => (dollars === null ? null : dollarsToCents(dollars));

/** The company's rules as GET /api/company shows them, with what its orders this month add up to. */
export async function rulesOf(
  ex: Executor,
  company: Pick<
    typeof companies.$inferSelect,
    'id' | 'approvalAboveCents' | 'monthlyLimitCents' | 'autoApprove'
  >,
  now = new Date(),
): Promise<CompanyRules> {
  const [spent] = await ex
    .select({ cents: sql<number>`coalesce(sum(${orders.amountCents}), 0)`.mapWith(Number) })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, company.id),
        inArray(orders.status, SPENDING_STATES),
        gte(orders.createdAt, startOfUtcMonth(now)),
      ),
    );
  return {
    approvalAbove: dollarsOrNull(company.approvalAboveCents),
    monthlyLimit: dollarsOrNull(company.monthlyLimitCents),
    autoApprove: company.autoApprove,
    spentThisMonth: centsToDollars(spent?.cents ?? 0),
  };
}

/**
 * PUT /api/company/rules: a company admin sets the approval threshold, the monthly limit and automatic
 * approval of the only approver's orders, in one audited change. Orders already placed keep their state.
 */
export async function setCompanyRules(db: Database, caller: SessionUser, body: CompanyRulesBody) {
  const { id: companyId } = companyOf(caller, 'manage');
  const next = {
    approvalAboveCents: centsOrNull(body.approvalAbove),
    monthlyLimitCents: centsOrNull(body.monthlyLimit),
    autoApprove: body.autoApprove ?? false,
  };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        approvalAboveCents: companies.approvalAboveCents,
        monthlyLimitCents: companies.monthlyLimitCents,
        autoApprove: companies.autoApprove,
      })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('no key update');
    if (!before) throw new DomainError('NOT_FOUND', messages.companyNotFound);
    await tx
      .update(companies)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(companies.id, companyId));
    const asDollars = (rules: typeof next) => ({
      approvalAbove: dollarsOrNull(rules.approvalAboveCents),
      monthlyLimit: dollarsOrNull(rules.monthlyLimitCents),
      autoApprove: rules.autoApprove,
    });
    await recordAudit(tx, caller, {
      action: 'company.rules',
      subject: companyId,
      before: asDollars(before),
      after: asDollars(next),
    });
  });
}

/** GET /api/company/approvals: the company's orders waiting for approval, oldest first (its approvers). */
export async function listAwaitingApproval(db: Database, caller: SessionUser): Promise<PlacedOrder[]> {
  const { id: companyId } = approverOf(caller);
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.status, 'awaiting_approval')))
    .orderBy(desc(orders.createdAt))
    .limit(200);
  return withLines(db, rows.reverse());
}

function approverOf(caller: SessionUser) {
  const company = companyOf(caller, 'read');
  if (!company.roles.includes('approver')) throw new DomainError('FORBIDDEN', messages.approversOnly);
  return company;
}

export interface DecideDeps {
  db: Database;
  catalogCache: CatalogCache;
  mail: MailContext;
  /** An approved order is held at least this long again, for its buyer to pay. */
  holdHours: number;
  now?: () => Date;
}

export type Decision = { approve: true } | { approve: false; reason: string };

/**
 * POST /api/purchase/{id}/approve and /reject: one of the company's approvers decides an order that
 * waits for approval. Anyone else, and another company's approver, is told NOT_FOUND; its buyer may not
 * decide their own order (FORBIDDEN), nor an approver of a suspended company. A decision on an order no
 * longer waiting (decided by a colleague a moment before, cancelled, expired) is refused as stale: the
 * transition table's refusal (409), and of two approvers deciding at once exactly one decision stands.
 * Approved, the order becomes payable, held for `holdHours` from now at least, and its buyer is mailed;
 * rejected, its stock goes back and its buyer is mailed the reason.
 */
export async function decideOrder(
  { db, catalogCache, mail, holdHours, now = () => new Date() }: DecideDeps,
  caller: SessionUser,
  orderId: string,
  decision: Decision,
): Promise<PlacedOrder> {
  const order = await findOrderFor(db, caller, orderId, 'approve');
  if (order.userId === caller.id) throw new DomainError('FORBIDDEN', messages.selfApproval);
  if (!caller.company?.active) throw new DomainError('FORBIDDEN', messages.companySuspended);
  // An approved order on the company's account is invoiced (issue 34); any other becomes payable.
  // (An order whose pallet freight is being quoted comes here only once it is quoted.)
  const onAccount = order.paymentMethod === 'account' && order.freightCents !== null;
  const to = decision.approve ? (onAccount ? 'on_account' : 'unpaid') : 'rejected';
  assertCanMove(order, to);
  const at = now();
  if (decision.approve) assertHoldNotEnded(order, at, 'approved');
  const decidedBy = caller.email.toLowerCase();
  const moved = await db.transaction(async (tx) => {
    // The account may have changed since the order was placed: it is checked again, under its lock.
    if (to === 'on_account' && order.companyId) {
      await checkAccountCredit(tx, order.companyId, order.amountCents, at, order.id);
    }
    return transitionOrder(tx, orderId, to, mail, {
      set: !decision.approve
        ? { decidedBy, decidedAt: at, rejectionReason: decision.reason }
        : onAccount
          ? { decidedBy, decidedAt: at }
          : {
              decidedBy,
              holdExpiresAt: new Date(
                Math.max(order.holdExpiresAt.getTime(), at.getTime() + holdHours * 3_600_000),
              ),
              holdReminderSentAt: null,
            },
    });
  });
  if (!moved) throw new Error(`Order ${orderId} was not moved to ${to}`);
  catalogCache.stockChanged(moved.stock);
  if (moved.mailed) mail.nudge();
  return moved.order;
}

import type { CompanyRules, CompanyRulesBody } from '../../shared/api/companies.schemas';
import { messages } from '../../shared/messages';
import { centsToDollars, dollarsToCents } from '../../shared/money';
import { recordAudit } from '../audit/audit.repository';
import type { SessionUser } from '../identity/request-user';
import type { Database, Executor } from '../db/database';
import { type CompanyRow, findCompany, updateCompany } from '../records/companies.repository';
import { spentSince } from '../orders/storage/orders.repository';
import { DomainError } from '../http/domain-error';
import { companyOf } from '../identity/membership';
import { startOfUtcMonth } from './spending-rules';

/**
 * A company's rules for its orders, checked when an order is placed (spending-rules.ts): an
 * order above the approval threshold waits, holding its stock, until one of the company's approvers
 * decides it (orders/approvals.ts) or its hold runs out (the expiry job closes it).
 */

export const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));
export const centsOrNull = (dollars: number | null) => (dollars === null ? null : dollarsToCents(dollars));

/** The company's rules as GET /api/company shows them, with what its orders this month add up to. */
export async function rulesOf(
  ex: Executor,
  company: Pick<CompanyRow, 'id' | 'approvalAboveCents' | 'monthlyLimitCents' | 'autoApprove'>,
  now = new Date(),
): Promise<CompanyRules> {
  // As the monthly limit counts it (spending-rules.ts): a pallet awaiting its quote at its estimate.
  const spent = await spentSince(ex, company.id, startOfUtcMonth(now));
  return {
    approvalAbove: dollarsOrNull(company.approvalAboveCents),
    monthlyLimit: dollarsOrNull(company.monthlyLimitCents),
    autoApprove: company.autoApprove,
    spentThisMonth: centsToDollars(spent.company),
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
    const before = await findCompany(tx, companyId, { lock: true });
    if (!before) throw new DomainError('NOT_FOUND', messages.companyNotFound);
    await updateCompany(tx, companyId, next);
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

import type { z } from 'zod';
import type { CompanyTermsBody } from '../../shared/api/companies.schemas';
import { messages } from '../../shared/messages';
import { centsToDollars, dollarsToCents } from '../../shared/money';
import { recordAudit } from '../audit/audit.repository';
import type { SessionUser } from '../identity/request-user';
import type { Database } from '../db/database';
import { findCompany, updateCompany } from '../records/companies.repository';
import { DomainError } from '../http/domain-error';

/**
 * PUT /api/admin/companies/{id}/terms: a shop admin gives a company its payment terms and
 * credit limit, in one audited change. Card payment stays open to every company whatever its terms.
 */
export async function setCompanyTerms(
  db: Database,
  admin: SessionUser,
  companyId: string,
  body: z.output<typeof CompanyTermsBody>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findCompany(tx, companyId, { lock: true });
    if (!before) throw new DomainError('NOT_FOUND', messages.companyNotFoundForAdmin);
    const creditLimitCents = dollarsToCents(body.creditLimit);
    await updateCompany(tx, companyId, {
      paymentTerms: body.terms,
      creditLimitCents,
      graceDays: body.graceDays ?? before.graceDays,
    });
    await recordAudit(tx, admin, {
      action: 'company.terms',
      subject: before.name,
      before: {
        terms: before.paymentTerms,
        creditLimit: centsToDollars(before.creditLimitCents),
        graceDays: before.graceDays,
      },
      after: {
        terms: body.terms,
        creditLimit: body.creditLimit,
        graceDays: body.graceDays ?? before.graceDays,
      },
    });
  });
}

import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CompanyTermsBody } from '../../shared/api/companies.schemas';
import { messages } from '../../shared/messages';
import { centsToDollars, dollarsToCents } from '../../shared/money';
import { recordAudit } from '../audit/audit.repository';
import type { SessionUser } from '../identity/request-user';
import type { Database } from '../db/database';
import { companies } from '../db/schema';
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
    const [before] = await tx
      .select({
        name: companies.name,
        terms: companies.paymentTerms,
        creditLimitCents: companies.creditLimitCents,
        graceDays: companies.graceDays,
      })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('no key update');
    if (!before) throw new DomainError('NOT_FOUND', messages.companyNotFoundForAdmin);
    const creditLimitCents = dollarsToCents(body.creditLimit);
    await tx
      .update(companies)
      .set({
        paymentTerms: body.terms,
        creditLimitCents,
        graceDays: body.graceDays ?? before.graceDays,
        updatedAt: new Date(),
      })
      .where(eq(companies.id, companyId));
    await recordAudit(tx, admin, {
      action: 'company.terms',
      subject: before.name,
      before: {
        terms: before.terms,
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

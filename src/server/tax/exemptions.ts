import { and, arrayOverlaps, desc, eq, gte } from 'drizzle-orm';
import type { TaxBasis } from '../../shared/domain/order-charges';
import type { Executor } from '../db/database';
import { taxCertificates } from '../db/schema';
import type { Place } from './places';

/**
 * Tax exemption and resale certificates (issue 35): a company's evidence for buying untaxed. Only an
 * approved certificate, unexpired on the day of the order and covering its destination, counts.
 */

/** The codes a certificate may cover for this place: its region ("US-PA") and its whole country ("US"). */
export function placeCodes(place: Place): string[] {
  const country = place.country.toUpperCase();
  return place.region ? [`${country}-${place.region.toUpperCase()}`, country] : [country];
}

/** The company's approved certificate covering `place` on `at`'s day (the latest-expiring one), or null. */
export async function approvedCertificateFor(
  ex: Executor,
  companyId: string,
  place: Place,
  at: Date,
): Promise<NonNullable<TaxBasis['certificate']> | null> {
  const [row] = await ex
    .select({
      id: taxCertificates.id,
      regions: taxCertificates.regions,
      expiresOn: taxCertificates.expiresOn,
    })
    .from(taxCertificates)
    .where(
      and(
        eq(taxCertificates.companyId, companyId),
        eq(taxCertificates.status, 'approved'),
        gte(taxCertificates.expiresOn, at.toISOString().slice(0, 10)),
        arrayOverlaps(taxCertificates.regions, placeCodes(place)),
      ),
    )
    .orderBy(desc(taxCertificates.expiresOn))
    .limit(1);
  return row ?? null;
}

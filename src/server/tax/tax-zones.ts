import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TaxZone, TaxZoneBody } from '../../shared/api/tax.schemas';
import { type ZoneRates, rateFromPercent, rateToPercent } from '../../shared/domain/tax';
import { messages } from '../../shared/messages';
import { recordAudit } from '../audit/audit.repository';
import type { SessionUser } from '../identity/request-user';
import type { Database, Executor } from '../db/database';
import { taxZones } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { DomainError } from '../http/domain-error';
import { type Place, closestZone, placeName, zonesCovering } from './places';

/**
 * Tax zones: the rates a shop admin keeps per country or region, each change audited; and
 * the rates an address is taxed at (its region's zone, else its country's, else none).
 */

type Body = z.output<typeof TaxZoneBody>;
type ZoneRow = typeof taxZones.$inferSelect;

function toTaxZone(row: ZoneRow): TaxZone {
  return {
    _id: row.id,
    country: row.country,
    region: row.region,
    name: placeName(row.country, row.region),
    rates: {
      standard: rateToPercent(row.standardRate),
      reduced: rateToPercent(row.reducedRate),
      zero: rateToPercent(row.zeroRate),
    },
    registration: row.registration,
    taxesFreight: row.taxesFreight,
    components: row.components.map((component) => ({ ...component, rate: rateToPercent(component.rate) })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const values = (body: Body) => ({
  country: body.country,
  region: body.region ?? null,
  standardRate: rateFromPercent(body.rates.standard),
  reducedRate: rateFromPercent(body.rates.reduced),
  zeroRate: rateFromPercent(body.rates.zero),
  registration: body.registration,
  taxesFreight: body.taxesFreight,
  components: body.components.map((component) => ({ ...component, rate: rateFromPercent(component.rate) })),
});

const auditValues = (
  row: Pick<
    ZoneRow,
    'standardRate' | 'reducedRate' | 'zeroRate' | 'registration' | 'taxesFreight' | 'components'
  >,
) => ({
  standard: rateToPercent(row.standardRate),
  reduced: rateToPercent(row.reducedRate),
  zero: rateToPercent(row.zeroRate),
  registration: row.registration,
  taxesFreight: row.taxesFreight,
  // Only where the rate is made of taxes: "GST 5% (123456789 RT0001) + QST 9.975% (…)".
  ...(row.components.length > 0
    ? {
        components: row.components
          .map(
            (component) => `${component.name} ${rateToPercent(component.rate)}% (${component.registration})`,
          )
          .join(' + '),
      }
    : {}),
});

/** GET /api/admin/tax-zones: every zone, by country, the country's own zone before its regions'. */
export async function listTaxZones(db: Database): Promise<TaxZone[]> {
  const rows = await db
    .select()
    .from(taxZones)
    .orderBy(asc(taxZones.country), sql`${taxZones.region} asc nulls first`);
  return rows.map(toTaxZone);
}

/** POST /api/admin/tax-zones: a new zone; one zone per place (409 otherwise). */
export async function createTaxZone(db: Database, admin: SessionUser, body: Body): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(taxZones).values(values(body)).returning();
      if (!row) throw new Error('The tax zone was not stored');
      await recordAudit(tx, admin, {
        action: 'tax_zone.save',
        subject: placeName(row.country, row.region),
        before: null,
        after: auditValues(row),
      });
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DomainError('CONFLICT', messages.taxZoneTaken(placeName(body.country, body.region ?? null)));
    }
    throw error;
  }
}

/** PUT /api/admin/tax-zones/{id}: the zone's place and rates replaced. */
export async function replaceTaxZone(db: Database, admin: SessionUser, zoneId: string, body: Body) {
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(taxZones).where(eq(taxZones.id, zoneId)).for('update');
      if (!before) throw new DomainError('NOT_FOUND', messages.taxZoneNotFound);
      const [after] = await tx
        .update(taxZones)
        .set({ ...values(body), updatedAt: new Date() })
        .where(eq(taxZones.id, zoneId))
        .returning();
      if (!after) throw new Error(`Tax zone ${zoneId} was not updated`);
      await recordAudit(tx, admin, {
        action: 'tax_zone.save',
        subject: placeName(after.country, after.region),
        before: auditValues(before),
        after: auditValues(after),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DomainError('CONFLICT', messages.taxZoneTaken(placeName(body.country, body.region ?? null)));
    }
    throw error;
  }
}

export async function deleteTaxZone(db: Database, admin: SessionUser, zoneId: string) {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(taxZones).where(eq(taxZones.id, zoneId)).returning();
    if (!gone) throw new DomainError('NOT_FOUND', messages.taxZoneNotFound);
    await recordAudit(tx, admin, {
      action: 'tax_zone.delete',
      subject: placeName(gone.country, gone.region),
      before: auditValues(gone),
      after: null,
    });
  });
}

/** A tax zone as an order is charged by it. */
export interface ZoneForPlace {
  /** The place in words: "Pennsylvania, United States". */
  name: string;
  rates: ZoneRates;
  /** The registration the shop collects this tax under. */
  registration: string;
  taxesFreight: boolean;
}

/**
 * The zone a delivery to this place is taxed by: its region's zone, else its country's; null when the
 * shop keeps no zone for it (it is not registered there: nothing is taxed).
 */
export async function taxZoneFor(ex: Executor, place: Place): Promise<ZoneForPlace | null> {
  const zone = closestZone(await ex.select().from(taxZones).where(zonesCovering(taxZones, place)));
  if (!zone) return null;
  return {
    name: placeName(zone.country, zone.region),
    rates: {
      standard: zone.standardRate,
      reduced: zone.reducedRate,
      zero: zone.zeroRate,
      ...(zone.components.length > 0 ? { components: zone.components } : {}),
    },
    registration: zone.registration,
    taxesFreight: zone.taxesFreight,
  };
}

/** The rates a delivery to this place is taxed at (taxZoneFor's), or null. */
export async function ratesForPlace(ex: Executor, place: Place): Promise<ZoneRates | null> {
  return (await taxZoneFor(ex, place))?.rates ?? null;
}

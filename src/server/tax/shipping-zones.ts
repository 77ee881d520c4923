import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ShippingZone, ShippingZoneBody } from '../../shared/api/tax.schemas';
import type { ShippingRates } from '../../shared/domain/freight';
import { messages } from '../../shared/messages';
import { centsToDollars, dollarsToCents } from '../../shared/money';
import { kgToGrams } from '../../shared/numbers';
import { recordAudit } from '../audit/audit.repository';
import type { SessionUser } from '../identity/request-user';
import type { Database, Executor } from '../db/database';
import { shippingZones } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { DomainError } from '../http/domain-error';
import { type Place, closestZone, placeName, zonesCovering } from './places';

/**
 * Shipping zones: freight by weight band per country or region, kept by shop admins and
 * audited; and the rates an address ships at (its region's zone, else its country's, else none).
 */

type Body = z.output<typeof ShippingZoneBody>;
type ZoneRow = typeof shippingZones.$inferSelect;

const values = (body: Body) => ({
  country: body.country,
  region: body.region ?? null,
  bands: body.bands.map((band) => ({
    upToGrams: kgToGrams(band.upToKg),
    priceCents: dollarsToCents(band.price),
  })),
  freeFromCents: body.freeFrom === null || body.freeFrom === undefined ? null : dollarsToCents(body.freeFrom),
  palletFromGrams: kgToGrams(body.palletFromKg),
});

function toShippingZone(row: ZoneRow): ShippingZone {
  return {
    _id: row.id,
    country: row.country,
    region: row.region,
    name: placeName(row.country, row.region),
    bands: row.bands.map((band) => ({
      upToKg: band.upToGrams / 1000,
      price: centsToDollars(band.priceCents),
    })),
    freeFrom: row.freeFromCents === null ? null : centsToDollars(row.freeFromCents),
    palletFromKg: row.palletFromGrams / 1000,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const auditValues = (row: ZoneRow) => {
  const { bands, freeFrom, palletFromKg } = toShippingZone(row);
  return {
    bands: bands.map((band) => `${band.upToKg} kg: $${band.price}`).join(', '),
    freeFrom,
    palletFromKg,
  };
};

const taken = (body: Body) =>
  new DomainError('CONFLICT', messages.shippingZoneTaken(placeName(body.country, body.region ?? null)));

export async function listShippingZones(db: Database): Promise<ShippingZone[]> {
  const rows = await db
    .select()
    .from(shippingZones)
    .orderBy(asc(shippingZones.country), sql`${shippingZones.region} asc nulls first`);
  return rows.map(toShippingZone);
}

export async function createShippingZone(db: Database, admin: SessionUser, body: Body): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(shippingZones).values(values(body)).returning();
      if (!row) throw new Error('The shipping zone was not stored');
      await recordAudit(tx, admin, {
        action: 'shipping_zone.save',
        subject: placeName(row.country, row.region),
        before: null,
        after: auditValues(row),
      });
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(body);
    throw error;
  }
}

export async function replaceShippingZone(db: Database, admin: SessionUser, zoneId: string, body: Body) {
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(shippingZones)
        .where(eq(shippingZones.id, zoneId))
        .for('update');
      if (!before) throw new DomainError('NOT_FOUND', messages.shippingZoneNotFound);
      const [after] = await tx
        .update(shippingZones)
        .set({ ...values(body), updatedAt: new Date() })
        .where(eq(shippingZones.id, zoneId))
        .returning();
      if (!after) throw new Error(`Shipping zone ${zoneId} was not updated`);
      await recordAudit(tx, admin, {
        action: 'shipping_zone.save',
        subject: placeName(after.country, after.region),
        before: auditValues(before),
        after: auditValues(after),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(body);
    throw error;
  }
}

export async function deleteShippingZone(db: Database, admin: SessionUser, zoneId: string) {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(shippingZones).where(eq(shippingZones.id, zoneId)).returning();
    if (!gone) throw new DomainError('NOT_FOUND', messages.shippingZoneNotFound);
    await recordAudit(tx, admin, {
      action: 'shipping_zone.delete',
      subject: placeName(gone.country, gone.region),
      before: auditValues(gone),
      after: null,
    });
  });
}

/** The freight rates a delivery to this place ships at; null when the shop keeps no zone for it. */
export async function shippingRatesFor(ex: Executor, place: Place): Promise<ShippingRates | null> {
  const zone = closestZone(await ex.select().from(shippingZones).where(zonesCovering(shippingZones, place)));
  return zone
    ? { bands: zone.bands, freeFromCents: zone.freeFromCents, palletFromGrams: zone.palletFromGrams }
    : null;
}

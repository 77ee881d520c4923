import { type SQL, and, eq, isNull, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Places that tax and freight zones cover: a country, or one region of it. An address
 * belongs to its region's zone where there is one, else to its country's.
 */
export interface Place {
  country: string;
  region?: string | null | undefined;
}

export { placeName } from '../../shared/domain/addresses';

/** The zones that could cover `place`: its region's and its country's. */
export function zonesCovering(
  columns: { country: PgColumn; region: PgColumn },
  place: Place,
): SQL | undefined {
  const country = place.country.toUpperCase();
  const region = place.region?.toUpperCase() || null;
  return and(
    eq(columns.country, country),
    region ? or(eq(columns.region, region), isNull(columns.region)) : isNull(columns.region),
  );
}

/** Of the zones covering a place, the one that applies: its region's, else its country's. */
export const closestZone = <T extends { region: string | null }>(rows: readonly T[]): T | undefined =>
  rows.find((row) => row.region !== null) ?? rows[0];

import { z } from 'zod';
import { COUNTRY_CODES, REGIONS } from '../domain/addresses';

/** A rate in percent as forms send it: 0 to 100, at most three decimals (8.875). */
const percent = (what: string) =>
  z
    .number({ error: `Give the ${what} rate in percent` })
    .min(0, { error: `The ${what} rate cannot be negative` })
    .max(100, { error: `The ${what} rate is at most 100 %` })
    .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, {
      error: `The ${what} rate has at most three decimals`,
    });

/**
 * POST /api/admin/tax-zones, PUT /api/admin/tax-zones/{id} (issue 35): a country, or one of its
 * regions where the country has a list of them (US states, Canadian provinces), with its rates in
 * percent per tax class (exempt goods are never taxed).
 */
export const TaxZoneBody = z
  .strictObject({
    country: z
      .string({ error: 'Choose the country' })
      .transform((code) => code.trim().toUpperCase())
      .refine((code) => COUNTRY_CODES.includes(code), {
        error: 'Choose a country (its ISO code, e.g. US, DE)',
      }),
    region: z
      .string()
      .transform((code) => code.trim().toUpperCase() || null)
      .nullable()
      .optional(),
    rates: z.strictObject({
      standard: percent('standard'),
      reduced: percent('reduced'),
      zero: percent('zero').optional().default(0),
    }),
  })
  .superRefine((zone, ctx) => {
    if (!zone.region) return;
    const regions = REGIONS[zone.country];
    if (!regions) {
      ctx.addIssue({ code: 'custom', path: ['region'], message: 'Only US and Canadian zones name a region' });
    } else if (!regions[zone.region]) {
      ctx.addIssue({
        code: 'custom',
        path: ['region'],
        message: `${zone.region} is not a region of ${zone.country}`,
      });
    }
  });
export type TaxZoneBody = z.input<typeof TaxZoneBody>;

export const TaxZoneParams = z.object({ id: z.uuid({ error: 'Malformed tax zone id' }) });

export const TaxZone = z
  .object({
    _id: z.string(),
    country: z.string(),
    region: z.string().nullable(),
    /** The place in words: "Pennsylvania, United States", "Germany". */
    name: z.string(),
    /** Percent per class. */
    rates: z.object({ standard: z.number(), reduced: z.number(), zero: z.number() }),
    updatedAt: z.string(),
  })
  .meta({ id: 'TaxZone' });
export type TaxZone = z.infer<typeof TaxZone>;
export const TaxZoneList = z.array(TaxZone);

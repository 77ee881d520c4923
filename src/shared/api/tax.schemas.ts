import { z } from 'zod';
import { COUNTRY_CODES, EU_COUNTRIES, REGIONS } from '../domain/addresses';
import { rateFromPercent, rateToPercent } from '../domain/tax';
import { vatIdProblem } from '../domain/vat-id';
import { shippingRatesProblem } from '../domain/freight';
import { hasAtMostThreeDecimals, kgToGrams } from '../numbers';
import { dollars } from './products.schemas';
import { text } from './text';

/** A rate in percent as forms send it: 0 to 100, at most three decimals (8.875). */
const percent = (what: string) =>
  z
    .number({ error: `Give the ${what} rate in percent` })
    .min(0, { error: `The ${what} rate cannot be negative` })
    .max(100, { error: `The ${what} rate is at most 100 %` })
    .refine(hasAtMostThreeDecimals, {
      error: `The ${what} rate has at most three decimals`,
    });

/**
 * POST /api/admin/tax-zones, PUT /api/admin/tax-zones/{id}: a country, or one of its
 * regions where the country has a list of them (US states, Canadian provinces), with its rates in
 * percent per tax class (exempt goods are never taxed).
 */
/** A zone's place: a country, or one of its regions where it has a list of them. */
const placeShape = {
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
};

/** A region only where the country lists them (US states, Canadian provinces), and one of them. */
function checkRegion(zone: { country: string; region?: string | null | undefined }, ctx: z.RefinementCtx) {
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
}

export const TaxZoneBody = z
  .strictObject({
    ...placeShape,
    rates: z.strictObject({
      standard: percent('standard'),
      reduced: percent('reduced'),
      zero: percent('zero').optional().default(0),
    }),
    /**
     * The registration the shop collects this tax under, printed on the invoices it taxes: a VAT ID for
     * an EU zone, a sales tax permit for a US state. A zone is a place where the shop is registered.
     */
    registration: text({
      required: 'Give the registration you collect this tax under (a VAT ID, a sales tax permit)',
      max: 80,
    }),
    /** Whether freight is taxed here (at the goods' rates): always in the EU; unsaid elsewhere, not. */
    taxesFreight: z.boolean().optional(),
    /**
     * Where the standard rate is two taxes or more (Quebec: GST 5 % + QST 9.975 %; British Columbia:
     * GST 5 % + PST 7 %): each with its rate and the registration it is collected under. A line taxed at
     * their sum is charged each on its own, and its documents print each.
     */
    components: z
      .array(
        z.strictObject({
          name: text({ required: 'Name each tax of the rate (GST, QST, PST)', max: 20 }),
          rate: percent('tax’s'),
          registration: text({
            required: 'Give the registration each tax is collected under (a GST/HST or QST number)',
            max: 80,
          }),
        }),
      )
      .max(4, { error: 'A rate is made of at most 4 taxes' })
      .optional()
      .default([]),
  })
  .superRefine(checkRegion)
  .superRefine((zone, ctx) => {
    const problem = vatIdProblem(zone.registration);
    if (problem) ctx.addIssue({ code: 'custom', path: ['registration'], message: problem });
    if (zone.components.length === 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['components'],
        message: 'A rate made of taxes has two of them at least; a rate of one tax needs no split',
      });
    }
    const sum = zone.components.reduce((total, component) => total + rateFromPercent(component.rate), 0);
    if (zone.components.length > 1 && sum !== rateFromPercent(zone.rates.standard)) {
      ctx.addIssue({
        code: 'custom',
        path: ['components'],
        message: `The taxes add up to ${rateToPercent(sum)} %, not the standard rate of ${zone.rates.standard} %`,
      });
    }
    if (EU_COUNTRIES.includes(zone.country) && zone.taxesFreight === false) {
      ctx.addIssue({
        code: 'custom',
        path: ['taxesFreight'],
        message: 'In the EU freight is always taxed, at the rates of the goods it carries',
      });
    }
  })
  .transform((zone) => ({
    ...zone,
    taxesFreight: zone.taxesFreight ?? EU_COUNTRIES.includes(zone.country),
  }));
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
    registration: z.string(),
    taxesFreight: z.boolean(),
    /** The taxes the standard rate is made of, each in percent (none: it is one tax). */
    components: z.array(z.object({ name: z.string(), rate: z.number(), registration: z.string() })),
    updatedAt: z.string(),
  })
  .meta({ id: 'TaxZone' });
export type TaxZone = z.infer<typeof TaxZone>;
export const TaxZoneList = z.array(TaxZone);

const kilograms = (what: string) =>
  z
    .number({ error: `Give the ${what} in kilograms` })
    .gt(0, { error: `The ${what} must be more than 0 kg` })
    .max(100_000, { error: `The ${what} is at most 100,000 kg` })
    .refine(hasAtMostThreeDecimals, {
      error: `The ${what} is in kilograms to the gram (at most three decimals)`,
    });

/**
 * POST /api/admin/shipping-zones, PUT /api/admin/shipping-zones/{id}: a place's freight by
 * weight band (up to so many kg, so many dollars), free from an order value, and the weight from which
 * the shop quotes a pallet.
 */
export const ShippingZoneBody = z
  .strictObject({
    ...placeShape,
    bands: z
      .array(z.strictObject({ upToKg: kilograms('band’s weight'), price: dollars('band’s price') }))
      .min(1, { error: 'Give at least one weight band' })
      .max(20, { error: 'At most 20 weight bands' }),
    freeFrom: dollars('free-freight threshold').nullable().optional(),
    palletFromKg: kilograms('pallet weight'),
  })
  .superRefine((zone, ctx) => {
    checkRegion(zone, ctx);
    const problem = shippingRatesProblem({
      bands: zone.bands.map((band) => ({ upToGrams: kgToGrams(band.upToKg), priceCents: 0 })),
      freeFromCents: null,
      palletFromGrams: kgToGrams(zone.palletFromKg),
    });
    if (problem) ctx.addIssue({ code: 'custom', path: ['bands'], message: problem });
  });
export type ShippingZoneBody = z.input<typeof ShippingZoneBody>;

export const ShippingZone = z
  .object({
    _id: z.string(),
    country: z.string(),
    region: z.string().nullable(),
    name: z.string(),
    bands: z.array(z.object({ upToKg: z.number(), price: z.number() })),
    freeFrom: z.number().nullable(),
    palletFromKg: z.number(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ShippingZone' });
export type ShippingZone = z.infer<typeof ShippingZone>;
export const ShippingZoneList = z.array(ShippingZone);

/** What a tax certificate may be: the file types taken, and how large. */
export const CERTIFICATE_TYPES = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
} as const;
export const MAX_CERTIFICATE_BYTES = 4 * 1024 * 1024;

/** A place a certificate covers: a country ("CA") or one of its regions ("US-PA"). */
const CoveredPlace = z
  .string()
  .trim()
  .toUpperCase()
  .refine(
    (code) => {
      const [country = '', region] = code.split('-');
      if (!COUNTRY_CODES.includes(country)) return false;
      return region === undefined || (REGIONS[country]?.[region] ?? null) !== null;
    },
    { error: 'Each place is a country code (CA) or a state or province (US-PA)' },
  );

/**
 * POST /api/company/tax-certificates: a company's exemption or resale certificate, the file as
 * base64 (a PDF or a picture up to 4 MB, its type checked by its content), the places it covers and
 * its expiry. A shop admin approves it before it counts.
 */
export const CertificateBody = z.strictObject({
  kind: z.enum(['resale', 'exemption'], { error: 'A resale or an exemption certificate' }),
  number: text({ required: 'Please give the certificate’s number', max: 60 }),
  regions: z
    .array(CoveredPlace, { error: 'Please say which places it covers' })
    .min(1, { error: 'Please say which places it covers' })
    .max(100, { error: 'At most 100 places' }),
  expiresOn: z.iso.date({ error: 'Please give its expiry as a date' }),
  fileName: text({ required: 'Please choose the certificate’s file', max: 200 }),
  content: z
    .base64({ error: 'The file is not base64' })
    .max(Math.ceil(MAX_CERTIFICATE_BYTES / 3) * 4, { error: 'The file may be at most 4 MB' }),
});
export type CertificateBody = z.input<typeof CertificateBody>;

export const TaxCertificate = z
  .object({
    _id: z.string(),
    company: z.object({ _id: z.string(), name: z.string() }),
    kind: z.enum(['resale', 'exemption']),
    number: z.string(),
    regions: z.array(z.string()),
    expiresOn: z.string(),
    /** Whether it has passed its expiry (an approved one then no longer counts). */
    expired: z.boolean(),
    fileName: z.string(),
    contentType: z.string(),
    status: z.enum(['pending', 'approved', 'rejected']),
    uploadedBy: z.string(),
    decidedBy: z.string().nullable(),
    decidedAt: z.string().nullable(),
    rejectionReason: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'TaxCertificate' });
export type TaxCertificate = z.infer<typeof TaxCertificate>;
export const TaxCertificateList = z.array(TaxCertificate);

/** POST /api/admin/tax-certificates/{id}/decision: approve, or reject with the reason the company reads. */
export const DecideCertificateBody = z
  .strictObject({
    approve: z.boolean({ error: 'Approve or reject' }),
    reason: text({ max: 500, multiline: true }).optional(),
  })
  .superRefine((decision, ctx) => {
    if (!decision.approve && !decision.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Please say why, for the company' });
    }
  });

export const CertificateParams = z.object({ id: z.uuid({ error: 'Malformed certificate id' }) });
export const CertificatesQuery = z.strictObject({
  status: z.enum(['pending', 'all']).optional().default('pending'),
});

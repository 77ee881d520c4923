import { z } from 'zod';
import { MAX_PRICE_TIERS } from '../domain/price-tiers';
import { entryProblems } from '../domain/price-lists';
import { ImportProblem, Sku, dollars } from './products.schemas';
import { text } from './text';

/** The most entries one list holds: a catalogue's worth of SKUs. */
export const MAX_PRICE_LIST_ENTRIES = 20_000;

const day = z.iso.date({ error: 'Days are written YYYY-MM-DD' });

const percentOff = z
  .number({ error: 'Give the percentage off as a number' })
  .gt(0, { error: 'The percentage off must be more than 0' })
  // 100 % off makes a free order, which no payment or invoice can carry: a contract price is a price.
  .lt(100, { error: 'The percentage off must be less than 100' })
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    error: 'The percentage off has at most two decimals',
  });

/** One SKU's contract price: its own breaks (dollars), or a percentage off the base breaks. */
export const PriceListEntryBody = z.strictObject({
  sku: Sku,
  priceTiers: z
    .array(
      z.strictObject({
        minQuantity: z
          .number({ error: 'Give each break’s smallest quantity' })
          .int({ error: 'Quantities are whole units' })
          .min(1, { error: 'A break starts at 1 unit or more' }),
        price: dollars('break price'),
      }),
    )
    .min(1, { error: 'Give at least one price' })
    .max(MAX_PRICE_TIERS, { error: `At most ${MAX_PRICE_TIERS} price breaks` })
    .optional(),
  percentOff: percentOff.optional(),
  validFrom: day.nullable().optional(),
  validTo: day.nullable().optional(),
});
export type PriceListEntryBody = z.input<typeof PriceListEntryBody>;

/**
 * POST /api/admin/price-lists, PUT /api/admin/price-lists/{id}: a whole list. Entries of one SKU may
 * not share a day; each fixes its breaks or takes a percentage off.
 */
export const PriceListBody = z
  .strictObject({
    name: text({ required: 'Please name the price list', max: 120 }),
    validFrom: day.nullable().optional(),
    validTo: day.nullable().optional(),
    entries: z
      .array(PriceListEntryBody)
      .max(MAX_PRICE_LIST_ENTRIES, { error: `A price list holds at most ${MAX_PRICE_LIST_ENTRIES} entries` }),
  })
  .superRefine((body, ctx) => {
    if (body.validFrom && body.validTo && body.validFrom > body.validTo) {
      ctx.addIssue({
        code: 'custom',
        path: ['validTo'],
        message: 'The last valid day comes before the first',
      });
    }
    for (const problem of entryProblems(body.entries)) {
      ctx.addIssue({
        code: 'custom',
        path: ['entries', problem.index, problem.field],
        message: problem.message,
      });
    }
  });
export type PriceListBody = z.input<typeof PriceListBody>;

export const PriceListParams = z.object({ id: z.uuid({ error: 'Malformed price list id' }) });

export const PriceListEntry = z.object({
  sku: z.string(),
  priceTiers: z.array(z.object({ minQuantity: z.number().int(), price: z.number() })).nullable(),
  percentOff: z.number().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
});

export const PriceListSummary = z.object({
  _id: z.string(),
  name: z.string(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  entryCount: z.number().int(),
  /** The companies holding it, with its priority for each. */
  companies: z.array(z.object({ companyId: z.string(), name: z.string(), priority: z.number().int() })),
  updatedAt: z.string(),
});
export const PriceListSummaries = z.array(PriceListSummary);

export const PriceList = PriceListSummary.extend({ entries: z.array(PriceListEntry) }).meta({
  id: 'PriceList',
});
export type PriceList = z.infer<typeof PriceList>;

/** PUT /api/admin/companies/{id}/price-lists: the lists the company holds, each with its priority. */
export const CompanyPriceListsBody = z
  .array(
    z.strictObject({
      priceListId: z.uuid({ error: 'Malformed price list id' }),
      priority: z
        .number({ error: 'Give each list a priority' })
        .int({ error: 'A priority is a whole number' })
        .min(0, { error: 'A priority is 0 or more' })
        .max(1000, { error: 'A priority is at most 1,000' }),
    }),
  )
  .max(50, { error: 'A company holds at most 50 price lists' })
  .superRefine((lists, ctx) => {
    const seen = new Set<string>();
    lists.forEach((list, index) => {
      if (seen.has(list.priceListId))
        ctx.addIssue({ code: 'custom', path: [index, 'priceListId'], message: 'Give each price list once' });
      seen.add(list.priceListId);
    });
  });

/** The columns of a price list's CSV (export and import), in order. */
export const PRICE_LIST_CSV_COLUMNS = [
  'sku',
  'price_tiers',
  'percent_off',
  'valid_from',
  'valid_to',
] as const;

/** POST /api/admin/price-lists/{id}/import?commit=: a CSV replacing the list's entries, checked or saved. */
export const PriceListImportReport = z
  .object({
    committed: z.boolean(),
    /** The file's rows, and the entries they make (every row, when there are no errors). */
    rows: z.number().int(),
    entries: z.number().int(),
    errors: z.array(ImportProblem),
  })
  .meta({ id: 'PriceListImportReport' });
export type PriceListImportReport = z.infer<typeof PriceListImportReport>;

export const PriceListImportQuery = z.strictObject({
  /** true saves the rows as the list's entries (all or none); otherwise the file is only checked. */
  commit: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

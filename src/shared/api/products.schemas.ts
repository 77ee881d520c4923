import { hasAtMostThreeDecimals } from '../numbers';
import { TAX_CLASSES } from '../domain/tax';
import { isWholeCents, wholeCentsError } from '../money';
import { z } from 'zod';
import { messages } from '../messages';
import { MAX_PRICE_TIERS } from '../domain/price-tiers';
import { formatUnits } from '../numbers';
import { pictureUrl, text } from './text';
import { ProductDocuments } from './uploads.schemas';
import { ProductSpecsInput } from '../domain/specifications';
import { MAX_ORDER_MULTIPLE, UNIT_CODES } from '../domain/units';

/** The longest lead time a product gives, in days. */
export const MAX_LEAD_TIME_DAYS = 365;

/** The most units of one product the shop keeps or sells (DESIGN §4; the database checks it too). */
export const MAX_STOCK_UNITS = 10_000_000;

const wholeUnits = (what: string) =>
  z
    .number({ error: messages.fillAllFields })
    .int({ error: `The ${what} must be a whole number of units` })
    .max(MAX_STOCK_UNITS, {
      error: `The ${what} is too large (at most ${formatUnits(MAX_STOCK_UNITS)})`,
    });

/** A price in dollars and cents, as forms send it. */
export const dollars = (what: string) =>
  z
    .number({ error: messages.fillAllFields })
    .min(0.01, { error: `The ${what} must be at least $0.01` })
    .max(1_000_000, { error: `The ${what} is too large` })
    .refine(isWholeCents, { error: wholeCentsError(what) });

/** A manufacturer's part number: letters, digits and dashes, kept in upper case. */
export const Sku = z
  .string({ error: messages.fillAllFields })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{1,39}$/, {
    error: 'The SKU is 2 to 40 letters, digits and dashes, starting with a letter or digit',
  });

/** Price breaks as the product forms send them (checked against the lower bound by tierProblem). */
const PriceTiersInput = z
  .array(
    z.strictObject({
      minQuantity: wholeUnits('break quantity').positive({ error: 'A break quantity is at least 1 unit' }),
      price: dollars('break price'),
    }),
  )
  .min(1, { error: 'Give at least one price' })
  .max(MAX_PRICE_TIERS, { error: `At most ${MAX_PRICE_TIERS} price breaks` });

/** Given breaks start with the price per unit (the price at the minimum order). */
const startsAtThePrice = (body: { price?: number; priceTiers?: { price: number }[] }) =>
  !body.priceTiers || body.price === undefined || body.priceTiers[0]?.price === body.price;
const startsAtThePriceError = { path: ['priceTiers'], error: 'The first price break is the price per unit' };

/**
 * POST /addproduct (spec §7, §5 Add Product, DESIGN §9): every spec field required, with clear rules.
 * `price` is the unit price at the minimum order; `priceTiers`, when given, starts with that price.
 */
export const AddProductBody = z
  .strictObject({
    /** Absent (the spec's payload has none): the shop makes one, as migration 0006 did for older products. */
    sku: Sku.optional(),
    name: text({ required: messages.fillAllFields, max: 120 }),
    img: pictureUrl({ required: messages.fillAllFields, http: true, noun: 'image' }),
    dis: text({ required: messages.fillAllFields, max: 2000, multiline: true }),
    /** A category's name; a new name creates the category. Absent (the spec's payload): General. */
    category: text({ required: 'Please choose a category', max: 60 }).optional(),
    min_order: wholeUnits('minimum order').positive({ error: 'The minimum order must be at least 1 unit' }),
    available: wholeUnits('available quantity').positive({
      error: 'The available quantity must be at least 1 unit',
    }),
    price: dollars('price'),
    priceTiers: PriceTiersInput.optional(),
    featured: z.boolean().optional(),
    /** How it is taxed and shipped: absent, standard tax, not yet weighed, 1 a carton. */
    taxClass: z.enum(TAX_CLASSES, { error: 'The tax class is standard, reduced, zero or exempt' }).optional(),
    weightKg: z
      .number({ error: 'Give the weight of one unit in kilograms' })
      .min(0, { error: 'The weight cannot be negative' })
      .max(10_000, { error: 'One unit weighs at most 10,000 kg' })
      .refine(hasAtMostThreeDecimals, {
        error: 'The weight is in kilograms to the gram (at most three decimals)',
      })
      .optional(),
    unitsPerCarton: z
      .number({ error: 'Give how many units a carton holds' })
      .int({ error: 'A carton holds whole units' })
      .min(1, { error: 'A carton holds at least 1 unit' })
      .max(100_000, { error: 'A carton holds at most 100,000 units' })
      .optional(),
    /** Its specifications by attribute key, checked against its category's attributes. */
    specs: ProductSpecsInput.optional(),
    /** Its unit of measure (EA when absent) and the pack it is sold in (1 when absent). */
    unit: z.enum(UNIT_CODES, { error: `The unit is one of ${UNIT_CODES.join(', ')}` }).optional(),
    orderMultiple: z
      .number({ error: 'Give how many units a pack holds' })
      .int({ error: 'A pack holds whole units' })
      .min(1, { error: 'A pack holds at least 1 unit' })
      .max(MAX_ORDER_MULTIPLE, { error: `A pack holds at most ${formatUnits(MAX_ORDER_MULTIPLE)} units` })
      .optional(),
    /** Its datasheets, safety data sheets and manuals, listed on its page. */
    documents: ProductDocuments.optional(),
    /** Days to ship when stock runs short (0: none given). */
    leadTimeDays: z
      .number({ error: 'Give the lead time in days' })
      .int({ error: 'The lead time is whole days' })
      .min(0, { error: 'The lead time cannot be negative' })
      .max(MAX_LEAD_TIME_DAYS, { error: `The lead time is at most ${MAX_LEAD_TIME_DAYS} days` })
      .optional(),
  })
  .refine(startsAtThePrice, startsAtThePriceError);
export type AddProductBody = z.infer<typeof AddProductBody>;

/**
 * PATCH /tools/{id} (beyond the spec: a shop owner edits products). Stock changes travel as a difference,
 * so units that customers reserved meanwhile are never overwritten.
 */
export const UpdateProductBody = z
  .strictObject({
    ...AddProductBody.def.shape,
    availableChange: z
      .number()
      .int({ error: 'Stock changes are whole units' })
      .min(-MAX_STOCK_UNITS, { error: 'The stock change is too large' })
      .max(MAX_STOCK_UNITS, { error: 'The stock change is too large' })
      .optional(),
  })
  .omit({ available: true })
  .partial()
  .refine(startsAtThePrice, startsAtThePriceError);
export type UpdateProductBody = z.infer<typeof UpdateProductBody>;

/**
 * One row of a catalog import (DESIGN §9): the Add Product rules, except that a product may be sold
 * out (0 available), as an export of the catalog shows it.
 */
export const ImportProductRow = z
  .strictObject({
    ...AddProductBody.def.shape,
    // A row names its product by SKU, and its category.
    sku: Sku,
    category: text({ required: 'Please choose a category', max: 60 }),
    available: wholeUnits('available quantity').min(0, {
      error: 'The available quantity cannot be negative',
    }),
  })
  .refine(startsAtThePrice, startsAtThePriceError);
export type ImportProductRow = z.infer<typeof ImportProductRow>;

/** The columns of a catalog CSV, in the order an export writes them. */
export const PRODUCT_CSV_COLUMNS = [
  'sku',
  'name',
  'category',
  'description',
  'image',
  'min_order',
  'available',
  'price_tiers',
  'featured',
  'tax_class',
  'weight_kg',
  'units_per_carton',
  'unit',
  'order_multiple',
  'lead_time_days',
  'family',
] as const;

/** A catalog CSV's specification columns: `spec.<attribute key>`, one per attribute. */
export const SPEC_COLUMN_PREFIX = 'spec.';
/** A family's variant's option columns: `option.<option name>`, in lower case. */
export const OPTION_COLUMN_PREFIX = 'option.';

/** One problem of an import, on the CSV line it was found (the header is line 1). */
export const ImportProblem = z.object({
  line: z.number().int(),
  sku: z.string().nullable(),
  /** The CSV column, when the problem is one value's. */
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblem>;

/** POST /api/admin/products/import: what the file would do (a dry run) or did (committed). */
export const ImportReport = z
  .object({
    committed: z.boolean(),
    rows: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    errors: z.array(ImportProblem),
    /** The rows that create or change a product, with what they change (at most 200 listed). */
    changes: z.array(
      z.object({
        line: z.number().int(),
        sku: z.string(),
        name: z.string(),
        action: z.enum(['create', 'update']),
        fields: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: 'ImportReport' });
export type ImportReport = z.infer<typeof ImportReport>;

export const ImportQuery = z.strictObject({
  /** true writes the rows (all or none); otherwise the file is only checked. */
  commit: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * `set` makes the file's `available` the stock of products that exist (a stock-take); by default
   * they keep theirs, since orders may have reserved units after the file was written.
   */
  stock: z.enum(['keep', 'set']).default('keep'),
});

import { z } from 'zod';
import { Tool } from './catalog.schemas';
import { AddProductBody, Sku } from './products.schemas';
import { pictureUrl, text } from './text';
import { ProductDocument, ProductDocuments } from './uploads.schemas';

/**
 * Product families (DESIGN §11): one tool in several variants, each a product of its own. A family
 * declares its options (Voltage: 12 V, 18 V, 36 V); each variant chooses one value of each.
 */

export const MAX_FAMILY_OPTIONS = 5;
export const MAX_OPTION_VALUES = 60;
export const MAX_VARIANTS = 500;

export const FamilyOption = z.strictObject({
  name: text({ required: 'Give each option a name', max: 40 }),
  values: z
    .array(text({ required: 'An option value cannot be empty', max: 60 }))
    .min(1, { error: 'Give each option at least one value' })
    .max(MAX_OPTION_VALUES, { error: `An option has at most ${MAX_OPTION_VALUES} values` })
    .refine((values) => new Set(values).size === values.length, { error: 'An option lists a value twice' }),
});
export type FamilyOption = z.infer<typeof FamilyOption>;

const FamilyOptions = z
  .array(FamilyOption)
  .min(1, { error: 'A family has at least one option' })
  .max(MAX_FAMILY_OPTIONS, { error: `A family has at most ${MAX_FAMILY_OPTIONS} options` })
  .refine((options) => new Set(options.map((option) => option.name)).size === options.length, {
    error: 'Each option is named once',
  });

/**
 * A variant as the family calls take it: its own SKU, the value it takes of each option, and the
 * product fields that are its own (price, breaks, minimum, stock, weight, packs, specifications).
 */
export const VariantInput = z
  .strictObject({
    ...AddProductBody.def.shape,
    sku: Sku,
    options: z.record(z.string(), z.string(), { error: 'Give the value of each option' }),
  })
  .omit({ name: true, img: true, dis: true, category: true, featured: true })
  .refine((body) => !body.priceTiers || body.priceTiers[0]?.price === body.price, {
    path: ['priceTiers'],
    error: 'The first price break is the price per unit',
  });
export type VariantInput = z.infer<typeof VariantInput>;

/** POST /api/admin/families. */
export const AddFamilyBody = z.strictObject({
  name: text({ required: 'Give the family a name', max: 100 }),
  dis: text({ required: 'Describe the family', max: 2000, multiline: true }),
  category: text({ required: 'Please choose a category', max: 60 }),
  img: pictureUrl({ required: 'Give a picture', http: true, noun: 'image' }).optional(),
  options: FamilyOptions,
  /** Documents every variant's page lists (the family's datasheet, its safety data sheet). */
  documents: ProductDocuments.optional(),
  variants: z
    .array(VariantInput)
    .min(1, { error: 'A family has at least one variant' })
    .max(MAX_VARIANTS, { error: `One call adds at most ${MAX_VARIANTS} variants` }),
});
export type AddFamilyBody = z.infer<typeof AddFamilyBody>;

/** PATCH /api/admin/families/{id}: what the variants share; options may gain values, or be renamed. */
export const EditFamilyBody = z
  .strictObject({
    name: AddFamilyBody.shape.name,
    dis: AddFamilyBody.shape.dis,
    img: pictureUrl({ required: 'Give a picture', http: true, noun: 'image' }),
    options: FamilyOptions,
    documents: ProductDocuments,
  })
  .partial();
export type EditFamilyBody = z.infer<typeof EditFamilyBody>;

export const FamilyIdParams = z.object({ id: z.uuid({ error: 'Malformed family id' }) });
export const FamilyVariantParams = z.object({
  id: z.uuid({ error: 'Malformed family id' }),
  toolId: z.uuid({ error: 'Malformed product id' }),
});

export const FamilyVariantRef = z.object({
  toolId: z.string(),
  sku: z.string(),
  options: z.record(z.string(), z.string()),
});

export const FamilyCreated = z
  .object({ _id: z.string(), variants: z.array(FamilyVariantRef) })
  .meta({ id: 'FamilyCreated' });
export type FamilyCreated = z.infer<typeof FamilyCreated>;

/** GET /api/families/{id}: the family and every variant, as products, in the options' order. */
export const Family = z
  .object({
    _id: z.string(),
    name: z.string(),
    dis: z.string(),
    img: z.string(),
    category: z.object({ slug: z.string(), name: z.string() }),
    options: z.array(FamilyOption),
    /** The family's own documents (each variant's `documents` lists them after its own). */
    documents: z.array(ProductDocument),
    variants: z.array(Tool),
  })
  .meta({ id: 'Family' });
export type Family = z.infer<typeof Family>;

/** A variant's name: the family's, then its option values in the family's order. */
export function variantName(
  familyName: string,
  options: readonly FamilyOption[],
  chosen: Record<string, string>,
) {
  return [familyName, ...options.map((option) => chosen[option.name] ?? '')].filter(Boolean).join(', ');
}

/** What is wrong with a variant's options for the family's, or null: one declared value for each. */
export function variantOptionsProblem(
  options: readonly FamilyOption[],
  chosen: Record<string, string>,
): string | null {
  for (const option of options) {
    const value = chosen[option.name];
    if (value === undefined) return `Give the variant's ${option.name}`;
    if (!option.values.includes(value)) {
      return `${option.name} is one of ${option.values.join(', ')} (not ${value})`;
    }
  }
  const unknown = Object.keys(chosen).find((name) => !options.some((option) => option.name === name));
  return unknown ? `The family has no option ${unknown}` : null;
}

/** The key two variants with the same options share: the values in the options' order. */
export function optionsKey(options: readonly FamilyOption[], chosen: Record<string, string>): string {
  return JSON.stringify(options.map((option) => chosen[option.name] ?? null));
}

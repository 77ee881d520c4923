import { z } from 'zod';

/**
 * Specifications (DESIGN §11): a category declares typed attributes (voltage in V, chuck size in mm,
 * brushless or not), its products take values for them, and the catalog filters and counts by them.
 * One set of rules here, for the API, the CSV import and the product form.
 */

export const ATTRIBUTE_TYPES = ['number', 'enum', 'boolean', 'text'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** The most attributes a category declares, and values an enum lists. */
export const MAX_ATTRIBUTES = 40;
export const MAX_ENUM_VALUES = 100;
/** The longest text value. */
export const MAX_TEXT_SPEC = 200;

/** An attribute's key: what `specs`, CSV columns (`spec.<key>`) and filters (`spec.<key>=`) name. */
export const ATTRIBUTE_KEY = /^[a-z][a-z0-9_]{0,39}$/;

export const CategoryAttribute = z
  .strictObject({
    key: z.string().regex(ATTRIBUTE_KEY, {
      error: 'An attribute key is 1 to 40 lower-case letters, digits and underscores, starting with a letter',
    }),
    name: z
      .string({ error: 'Give the attribute a name' })
      .trim()
      .min(1, { error: 'Give the attribute a name' })
      .max(60, { error: 'An attribute name is at most 60 characters' }),
    type: z.enum(ATTRIBUTE_TYPES, { error: 'An attribute is a number, enum, boolean or text' }),
    unit: z.string().trim().max(12, { error: 'A unit is at most 12 characters' }).optional(),
    values: z
      .array(
        z
          .string()
          .trim()
          .min(1, { error: 'An enum value cannot be empty' })
          .max(60, { error: 'An enum value is at most 60 characters' }),
      )
      .max(MAX_ENUM_VALUES, { error: `An enum lists at most ${MAX_ENUM_VALUES} values` })
      .optional(),
  })
  .superRefine((attribute, context) => {
    if (attribute.type === 'enum') {
      if (!attribute.values || attribute.values.length === 0) {
        context.addIssue({ code: 'custom', path: ['values'], message: `${attribute.key}: list its values` });
      } else if (new Set(attribute.values).size !== attribute.values.length) {
        context.addIssue({
          code: 'custom',
          path: ['values'],
          message: `${attribute.key}: a value is listed twice`,
        });
      }
    } else if (attribute.values !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['values'],
        message: `${attribute.key}: only an enum lists values`,
      });
    }
  });
export type CategoryAttribute = z.infer<typeof CategoryAttribute>;

export const CategoryAttributes = z
  .array(CategoryAttribute)
  .max(MAX_ATTRIBUTES, { error: `A category declares at most ${MAX_ATTRIBUTES} attributes` })
  .refine((attributes) => new Set(attributes.map((a) => a.key)).size === attributes.length, {
    error: 'Each attribute key is declared once',
  });

export type SpecValue = string | number | boolean;
/** A product's specifications by attribute key. */
export type ProductSpecs = Record<string, SpecValue>;

export const ProductSpecsInput = z.record(
  z.string().regex(ATTRIBUTE_KEY, { error: 'A specification key is an attribute key of the category' }),
  z.union([z.string().max(MAX_TEXT_SPEC), z.number(), z.boolean()], {
    error: 'A specification is a number, true or false, or text',
  }),
);

/** Whether a value is of a type's kind: a number, true or false, or text (an enum's value is text). */
export function isOfAttributeType(type: AttributeType, value: SpecValue): boolean {
  if (type === 'number') return typeof value === 'number';
  if (type === 'boolean') return typeof value === 'boolean';
  return typeof value === 'string';
}

/** What is wrong with one value for its attribute, or null. */
export function specValueProblem(attribute: CategoryAttribute, value: SpecValue): string | null {
  const label = `${attribute.name} (${attribute.key})`;
  switch (attribute.type) {
    case 'number':
      return isOfAttributeType('number', value) && Number.isFinite(value) ? null : `${label} is a number`;
    case 'boolean':
      return isOfAttributeType('boolean', value) ? null : `${label} is true or false`;
    case 'enum':
      return typeof value === 'string' && attribute.values?.includes(value)
        ? null
        : `${label} is one of ${attribute.values?.join(', ')}`;
    case 'text':
      return typeof value === 'string' && value.trim() !== ''
        ? value.length <= MAX_TEXT_SPEC
          ? null
          : `${label} is at most ${MAX_TEXT_SPEC} characters`
        : `${label} is text`;
  }
}

/** Every problem of a product's specifications against its category's attributes (none: []). */
export function specsProblems(attributes: readonly CategoryAttribute[], specs: ProductSpecs): string[] {
  const byKey = new Map(attributes.map((attribute) => [attribute.key, attribute]));
  const problems: string[] = [];
  for (const [key, value] of Object.entries(specs)) {
    const attribute = byKey.get(key);
    if (!attribute) {
      problems.push(
        attributes.length === 0
          ? `${key} is not a specification of this category (it declares none)`
          : `${key} is not a specification of this category (it has ${attributes.map((a) => a.key).join(', ')})`,
      );
      continue;
    }
    const problem = specValueProblem(attribute, value);
    if (problem) problems.push(problem);
  }
  return problems;
}

/**
 * A value as a form or a CSV cell writes it, read by its attribute's type: undefined when empty,
 * the text itself when it cannot be read (the checks then say why).
 */
export function specFromText(attribute: CategoryAttribute, text: string): SpecValue | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  switch (attribute.type) {
    case 'number': {
      const number = Number(value.replaceAll(',', ''));
      return Number.isFinite(number) && /\d/.test(value) ? number : value;
    }
    case 'boolean': {
      const lower = value.toLowerCase();
      if (['yes', 'true', 'y', '1'].includes(lower)) return true;
      if (['no', 'false', 'n', '0'].includes(lower)) return false;
      return value;
    }
    default:
      return value;
  }
}

/** A value as a CSV cell or a filter writes it. */
export function specText(value: SpecValue): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

// --- Filters: `spec.<key>=<value>` (repeat for any of several) or `spec.<key>=10..13` ---

/** The most values one filter lists, and filters one search takes. */
export const MAX_FILTER_VALUES = 20;
export const MAX_SPEC_FILTERS = 10;

export type SpecFilter =
  { key: string; values: SpecValue[] } | { key: string; range: { min?: number; max?: number } };

const NUMBER = String.raw`-?\d+(?:\.\d+)?`;
const RANGE = new RegExp(`^(${NUMBER})?\\.\\.(${NUMBER})?$`);

/**
 * A filter as a query string gives it. A value is matched as it is written and, when it reads as a
 * number or as true/false, as that too: a filter needs no category to know a key's type.
 */
export function parseSpecFilter(key: string, written: readonly string[]): SpecFilter | string {
  if (!ATTRIBUTE_KEY.test(key)) return `spec.${key} is not a specification filter`;
  const texts = written.map((value) => value.trim()).filter((value) => value !== '');
  if (texts.length === 0) return `spec.${key} needs a value`;
  if (texts.length > MAX_FILTER_VALUES) return `spec.${key} takes at most ${MAX_FILTER_VALUES} values`;
  const [only] = texts;
  const range = texts.length === 1 && only ? RANGE.exec(only) : null;
  if (range) {
    const [, low, high] = range;
    if (low === undefined && high === undefined) return `spec.${key}=.. needs a low or a high end`;
    const min = low === undefined ? undefined : Number(low);
    const max = high === undefined ? undefined : Number(high);
    if (min !== undefined && max !== undefined && min > max) {
      return `spec.${key}=${only}: the low end is above the high end`;
    }
    return { key, range: { min, max } };
  }
  const values: SpecValue[] = [];
  for (const text of texts) {
    if (text.length > MAX_TEXT_SPEC) return `spec.${key}: a value is at most ${MAX_TEXT_SPEC} characters`;
    values.push(text);
    if (new RegExp(`^${NUMBER}$`).test(text)) values.push(Number(text));
    if (text === 'true' || text === 'false') values.push(text === 'true');
  }
  return { key, values };
}

/** Whether a product's specifications pass a filter: the rule the database's query follows. */
export function specsMatch(specs: ProductSpecs, filter: SpecFilter): boolean {
  const value = specs[filter.key];
  if (value === undefined) return false;
  if ('range' in filter) {
    const { min, max } = filter.range;
    return (
      typeof value === 'number' && (min === undefined || value >= min) && (max === undefined || value <= max)
    );
  }
  return filter.values.some((wanted) => wanted === value);
}

/** One facet of a catalog search: an attribute's values among the matches, each with how many have it. */
export const Facet = z.object({
  key: z.string(),
  name: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  unit: z.string().nullable(),
  values: z.array(
    z.object({ value: z.union([z.string(), z.number(), z.boolean()]), count: z.number().int() }),
  ),
});
export type Facet = z.infer<typeof Facet>;

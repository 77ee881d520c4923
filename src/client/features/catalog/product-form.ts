import { z } from 'zod';
import type { Tool } from '../../../shared/api/catalog.schemas';
import { AddProductBody } from '../../../shared/api/products.schemas';
import type { ProductDocument } from '../../../shared/api/uploads.schemas';
import { lowerBound } from '../../../shared/domain/order-quantity';
import { tierPackProblem, tierProblem } from '../../../shared/domain/price-tiers';
import type { TaxClass } from '../../../shared/domain/tax';
import type { ProductSpecs } from '../../../shared/domain/specifications';
import { DEFAULT_UNIT, type UnitCode } from '../../../shared/domain/units';
import { messages } from '../../../shared/messages';

/** One volume price break in the product forms: from `minQuantity` units, `price` dollars each. */
export interface PriceBreakValues {
  minQuantity: number;
  price: number;
}

export interface ProductFormValues {
  sku: string;
  name: string;
  img: string;
  dis: string;
  category: string;
  min_order: number;
  available: number;
  price: number;
  /** The breaks after the first: the first is always `price` at the minimum order. */
  breaks: PriceBreakValues[];
  featured: boolean;
  /** How it is taxed and shipped. */
  taxClass: TaxClass;
  weightKg: number;
  unitsPerCarton: number;
  /** How it is counted and packed, and how long it takes when stock runs short. */
  unit: UnitCode;
  orderMultiple: number;
  leadTimeDays: number;
  /** Its datasheets, safety data sheets and manuals. */
  documents: ProductDocument[];
  /** Its specifications by attribute key; a field left empty holds undefined (not stated). */
  specs: Partial<ProductSpecs>;
}

export const emptyProductForm: ProductFormValues = {
  sku: '',
  name: '',
  img: '',
  dis: '',
  category: '',
  min_order: Number.NaN,
  available: Number.NaN,
  price: Number.NaN,
  breaks: [],
  featured: false,
  taxClass: 'standard',
  weightKg: 0,
  unitsPerCarton: 1,
  unit: DEFAULT_UNIT,
  orderMultiple: 1,
  leadTimeDays: 0,
  documents: [],
  specs: {},
};

/** A product's current values, for the edit dialog. */
export function productFormValues(tool: Tool): ProductFormValues {
  return {
    sku: tool.sku,
    name: tool.name,
    img: tool.img,
    dis: tool.dis,
    category: tool.category.name,
    min_order: tool.min_order,
    available: tool.available,
    price: tool.price,
    breaks: tool.priceTiers.slice(1),
    featured: tool.featured,
    taxClass: tool.taxClass,
    weightKg: tool.weightKg,
    unitsPerCarton: tool.unitsPerCarton,
    unit: tool.unit,
    orderMultiple: tool.orderMultiple,
    leadTimeDays: tool.leadTimeDays,
    // Its own: a family's documents are the family's to edit.
    documents: tool.documents
      .filter((document) => document.source === 'product')
      .map(({ title, kind, url }) => ({ title, kind, url })),
    specs: tool.specs,
  };
}

/** The specifications the API takes: those the form states (an empty field states none). */
export function specsOf(values: Pick<ProductFormValues, 'specs'>): ProductSpecs {
  const stated: ProductSpecs = {};
  for (const [key, value] of Object.entries(values.specs)) if (value !== undefined) stated[key] = value;
  return stated;
}

/** The price breaks the API takes: the price at the lower bound, then the breaks. */
export function priceTiersOf(
  values: Pick<ProductFormValues, 'min_order' | 'price' | 'breaks' | 'orderMultiple'>,
  floor: number,
) {
  const lower = lowerBound(values.min_order, floor, packOf(values));
  return [{ minQuantity: lower, price: values.price }, ...values.breaks];
}

/** The form's pack, or 1 while the field holds no whole number. */
const packOf = (values: Pick<ProductFormValues, 'orderMultiple'>) =>
  Number.isInteger(values.orderMultiple) && values.orderMultiple > 0 ? values.orderMultiple : 1;

const breakUnits = z
  .number({ error: 'Enter a quantity' })
  .int({ error: 'Whole units' })
  .positive({ error: 'At least 1 unit' });

/**
 * The product forms' rules: the API's own (AddProductBody), the breaks as a list, and the one tier
 * rule (tierProblem) against the lower bound this shop's floor (ORDER_MIN_UNITS) gives. `available`
 * may go down to zero when editing.
 */
export function productFormSchema(floor: number, { editing = false } = {}) {
  const base = AddProductBody.def.shape;
  return z
    .object({
      ...base,
      // The API makes a SKU and picks General when a caller sends none (the spec's payload); the form
      // asks for both.
      sku: base.sku.unwrap(),
      category: base.category.unwrap(),
      available: editing
        ? z
            .number({ error: messages.fillAllFields })
            .int({ error: 'The available quantity must be a whole number of units' })
            .min(0, { error: 'The available quantity cannot be negative' })
        : base.available,
      breaks: z.array(z.object({ minQuantity: breakUnits, price: z.number({ error: 'Enter a price' }) })),
      featured: z.boolean(),
      taxClass: base.taxClass.unwrap(),
      weightKg: base.weightKg.unwrap(),
      unitsPerCarton: base.unitsPerCarton.unwrap(),
      unit: base.unit.unwrap(),
      orderMultiple: base.orderMultiple.unwrap(),
      leadTimeDays: base.leadTimeDays.unwrap(),
      documents: base.documents.unwrap(),
      // Typed by each field (SpecsFields); the server checks them against the category.
      specs: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.undefined()])),
    })
    .omit({ priceTiers: true })
    .superRefine((values, ctx) => {
      if (!Number.isFinite(values.min_order) || !Number.isFinite(values.price)) return;
      const tiers = priceTiersOf(values, floor);
      const problem =
        tierProblem(tiers, lowerBound(values.min_order, floor, packOf(values))) ??
        tierPackProblem(tiers, packOf(values));
      if (problem) ctx.addIssue({ code: 'custom', path: ['breaks'], message: problem });
    });
}

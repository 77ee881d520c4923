import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import { categorySlug } from '../../shared/api/catalog.schemas';
import { findOrCreateCategory } from '../records/products.repository';
import { products, reviews } from '../db/schema';

type NewProduct = typeof products.$inferInsert;
type NewReview = typeof reviews.$inferInsert;

let sequence = 0;
const next = () => `${++sequence}-${randomUUID().slice(0, 8)}`;

/**
 * A product row for tests: a unique SKU, the category 'Test tools' unless one is given, and one price
 * tier at the shop's default floor at `priceCents` unless tiers are given.
 */
export async function insertTool(db: Database, overrides: Partial<NewProduct> & { category?: string } = {}) {
  const n = next();
  const { category = 'Test tools', ...fields } = overrides;
  const priceCents = fields.priceCents ?? fields.priceTiers?.[0]?.priceCents ?? 1250;
  const minOrder = fields.minOrder ?? 100;
  const categoryId = fields.categoryId ?? (await findOrCreateCategory(db, categorySlug(category), category));
  const [row] = await db
    .insert(products)
    .values({
      sku: `T-${n.toUpperCase()}`,
      name: `Test Tool ${n}`,
      imageUrl: `/images/tools/test-${n}.svg`,
      description: `A tool made for test ${n}`,
      minOrder,
      available: 1000,
      priceTiers: [{ minQuantity: Math.max(100, minOrder), priceCents }],
      ...fields,
      priceCents,
      categoryId,
    })
    .returning();
  if (!row) throw new Error('insertTool: nothing inserted');
  return row;
}

export function buildReview(overrides: Partial<NewReview> = {}): NewReview {
  const n = next();
  return {
    name: `Reviewer ${n}`,
    imageUrl: `https://example.com/avatars/${n}.png`,
    text: `Review text ${n}`,
    rating: 4,
    ...overrides,
  };
}

export async function insertReview(db: Database, overrides: Partial<NewReview> = {}) {
  const [row] = await db.insert(reviews).values(buildReview(overrides)).returning();
  if (!row) throw new Error('insertReview: nothing inserted');
  return row;
}

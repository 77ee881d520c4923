import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import { products, reviews } from '../db/schema';

type NewProduct = typeof products.$inferInsert;
type NewReview = typeof reviews.$inferInsert;

let sequence = 0;
const next = () => `${++sequence}-${randomUUID().slice(0, 8)}`;

export function buildTool(overrides: Partial<NewProduct> = {}): NewProduct {
  const n = next();
  return {
    name: `Test Tool ${n}`,
    imageUrl: `/images/tools/test-${n}.svg`,
    description: `A tool made for test ${n}`,
    minOrder: 100,
    available: 1000,
    priceCents: 1250,
    ...overrides,
  };
}

export async function insertTool(db: Database, overrides: Partial<NewProduct> = {}) {
  const [row] = await db.insert(products).values(buildTool(overrides)).returning();
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

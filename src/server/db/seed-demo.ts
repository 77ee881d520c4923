import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { dollarsToCents } from '../../shared/money';
import { projectPaths } from '../project-paths';
import type { Database } from './database';
import { appMeta, products, reviews } from './schema';

const DemoCatalog = z.object({
  tools: z.array(
    z.object({
      name: z.string(),
      img: z.string(),
      dis: z.string(),
      min_order: z.number().int().positive(),
      available: z.number().int().nonnegative(),
      price: z.number().positive(),
    }),
  ),
  reviews: z.array(
    z.object({
      name: z.string(),
      img: z.string(),
      customer_review: z.string(),
      rating: z.number().int().min(1).max(5),
    }),
  ),
});

export function readDemoCatalog(file = join(projectPaths.content, 'demo-catalog.json')) {
  return DemoCatalog.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * Fills a brand-new database with the demo catalog and reviews, once in its life: a shop owner who later
 * deletes every demo product does not get them back at the next start. Safe when several processes start
 * together, because only the transaction that claims the marker row seeds.
 */
export async function seedDemoOnce(db: Database): Promise<boolean> {
  const catalog = readDemoCatalog();
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: 'demo_seeded', value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return false;

    // Distinct timestamps keep the catalog in the order the file lists it.
    const start = Date.now() - catalog.tools.length * 1000;
    await tx.insert(products).values(
      catalog.tools.map((tool, i) => ({
        name: tool.name,
        imageUrl: tool.img,
        description: tool.dis,
        minOrder: tool.min_order,
        available: tool.available,
        priceCents: dollarsToCents(tool.price),
        createdAt: new Date(start + i * 1000),
      })),
    );
    await tx.insert(reviews).values(
      catalog.reviews.map((review, i) => ({
        name: review.name,
        imageUrl: review.img,
        text: review.customer_review,
        rating: review.rating,
        // The first review in the file is shown first (reviews are listed newest first).
        createdAt: new Date(start - i * 1000),
      })),
    );
    return true;
  });
}

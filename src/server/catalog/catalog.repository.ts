import { asc, eq } from 'drizzle-orm';
import type { Tool } from '../../shared/api/catalog.schemas';
import { centsToDollars } from '../../shared/money';
import type { Database } from '../db/database';
import { products } from '../db/schema';

type ProductRow = typeof products.$inferSelect;

/** The API's product shape (spec §3). */
export function toTool(row: ProductRow): Tool {
  return {
    _id: row.id,
    name: row.name,
    img: row.imageUrl,
    dis: row.description,
    min_order: row.minOrder,
    available: row.available,
    price: centsToDollars(row.priceCents),
  };
}

export function createCatalogRepository(db: Database) {
  return {
    async listTools(): Promise<Tool[]> {
      const rows = await db.select().from(products).orderBy(asc(products.createdAt), asc(products.id));
      return rows.map(toTool);
    },

    async findTool(id: string): Promise<Tool | undefined> {
      const [row] = await db.select().from(products).where(eq(products.id, id));
      return row ? toTool(row) : undefined;
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

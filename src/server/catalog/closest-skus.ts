import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { products } from '../db/schema';

/** How alike a SKU must be (pg_trgm similarity, 0 to 1) to be offered when no SKU is a keystroke or two away. */
const SUGGEST_SIMILARITY = 0.25;
/** The most keystrokes (letters added, dropped or changed) a suggested SKU may be from the one pasted. */
const SUGGEST_EDITS = 2;

/**
 * For each SKU that no product has, the SKUs most like it, closest first: those a keystroke or two away
 * (fuzzystrmatch's levenshtein: WK-0L2 finds WK-012), and the nearest by trigram distance (pg_trgm
 * `<->` through the SKUs' GiST index: FT-DRIL-18 finds FT-DRILL-18V); ranked by keystrokes, then by
 * likeness. One query for all of them.
 */
export async function closestSkus(db: Executor, unknown: readonly string[]): Promise<Map<string, string[]>> {
  const closest = new Map<string, string[]>(unknown.map((sku) => [sku, []]));
  if (unknown.length === 0) return closest;
  const asked = sql.join(
    unknown.map((sku) => sql`${sku}`),
    sql`, `,
  );
  const result: unknown = await db.execute(sql`
    select asked.sku as "asked", near.sku as "sku", near.edits as "edits", near.similarity as "similarity"
    from unnest(array[${asked}]::text[]) as asked(sku)
    cross join lateral (
      select candidate.sku,
             levenshtein_less_equal(candidate.sku, asked.sku, ${SUGGEST_EDITS + 1}) as edits,
             similarity(candidate.sku, asked.sku) as similarity
      from (
        (select ${products.sku} as sku from ${products}
          where levenshtein_less_equal(${products.sku}, asked.sku, ${SUGGEST_EDITS}) <= ${SUGGEST_EDITS})
        union
        -- Distance alone orders this scan: a second sort key would read every SKU instead of the index.
        (select ${products.sku} as sku from ${products} order by ${products.sku} <-> asked.sku limit 3)
      ) as candidate
      order by edits, similarity desc, candidate.sku
      limit 3
    ) as near`);
  // Both drivers answer { rows }; similarity() is a `real` and levenshtein an integer: both numbers.
  const { rows } = result as { rows: { asked: string; sku: string; edits: number; similarity: number }[] };
  for (const row of rows) {
    if (row.edits <= SUGGEST_EDITS || row.similarity > SUGGEST_SIMILARITY)
      closest.get(row.asked)?.push(row.sku);
  }
  return closest;
}

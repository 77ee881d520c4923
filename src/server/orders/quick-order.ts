import { inArray, sql } from 'drizzle-orm';
import type { QuickAddRow } from '../../shared/api/cart.schemas';
import { MAX_QUICK_ORDER_ROWS, parseQuickOrder } from '../../shared/domain/quick-order';
import { messages } from '../../shared/messages';
import { formatCents } from '../../shared/money';
import { formatUnits } from '../../shared/numbers';
import type { SessionUser } from '../auth/session';
import type { Database, Executor } from '../db/database';
import { products } from '../db/schema';
import { DomainError } from '../http/domain-error';
import { lineProblem, setCartLines } from './cart';
import { pricingFor } from './price-line';

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

/**
 * Pasted rows (quick order, a saved list's CSV), read: refused whole when there are none or more than
 * MAX_QUICK_ORDER_ROWS; each SKU with a quantity looked up in one query (SKUs are stored upper case, as
 * the parser reads them: the unique index finds them), and the closest SKUs to each unknown one.
 */
export async function readSkuRows(ex: Executor, text: string) {
  const parsed = parseQuickOrder(text);
  if (parsed.length === 0) throw new DomainError('VALIDATION_FAILED', messages.quickOrderEmpty);
  if (parsed.length > MAX_QUICK_ORDER_ROWS) {
    throw new DomainError(
      'VALIDATION_FAILED',
      messages.quickOrderTooLong(parsed.length, MAX_QUICK_ORDER_ROWS),
    );
  }
  const skus = [...new Set(parsed.flatMap((row) => (row.quantity === null ? [] : [row.sku])))];
  const known = skus.length
    ? await ex
        .select({
          id: products.id,
          sku: products.sku,
          name: products.name,
          minOrder: products.minOrder,
          available: products.available,
          priceTiers: products.priceTiers,
        })
        .from(products)
        .where(inArray(products.sku, skus))
    : [];
  const bySku = new Map(known.map((product) => [product.sku.toUpperCase(), product]));
  // An unknown SKU is answered with the closest the catalog has.
  const suggestions = await closestSkus(
    ex,
    skus.filter((sku) => !bySku.has(sku)),
  );
  return { parsed, bySku, suggestions };
}

/**
 * Quick order (POST /api/cart/quick-add): a verdict for every pasted row (unknown SKU with the closest
 * ones, below the minimum, over the stock with the most there is, the price break it reaches, merged
 * with an earlier row of the same SKU), and unless `dryRun`, every good row into the cart in one
 * transaction (a product already in the cart takes the pasted quantity). Answers the verdicts and how
 * many lines were set.
 */
export async function quickAdd(
  db: Database,
  user: SessionUser,
  text: string,
  { dryRun, floor }: { dryRun: boolean; floor: number },
): Promise<{ rows: QuickAddRow[]; added: number }> {
  const { parsed, bySku, suggestions } = await readSkuRows(db, text);

  // Rows of one SKU are one line: their quantities add up, judged on the first row of it.
  const firstRowOf = new Map<string, number>();
  const totals = new Map<string, number>();
  for (const row of parsed) {
    if (row.quantity === null) continue;
    totals.set(row.sku, (totals.get(row.sku) ?? 0) + row.quantity);
    if (!firstRowOf.has(row.sku)) firstRowOf.set(row.sku, row.row);
  }

  const pricing = await pricingFor(db, user, [...bySku.keys()], floor);
  const rows: QuickAddRow[] = [];
  const accepted = new Map<string, number>();
  for (const row of parsed) {
    if (row.quantity === null) {
      rows.push({ row: row.row, sku: row.sku, quantity: null, ok: false, message: row.problem });
      continue;
    }
    const first = firstRowOf.get(row.sku);
    if (first !== row.row) {
      rows.push({
        row: row.row,
        sku: row.sku,
        quantity: row.quantity,
        ok: true,
        message: messages.quickOrderMerged(first ?? 0),
      });
      continue;
    }
    const product = bySku.get(row.sku);
    if (!product) {
      rows.push({
        row: row.row,
        sku: row.sku,
        quantity: row.quantity,
        ok: false,
        message: messages.unknownSku(row.sku, suggestions.get(row.sku) ?? []),
      });
      continue;
    }
    const quantity = totals.get(row.sku) ?? row.quantity;
    const problem = lineProblem({ ...product, quantity }, floor);
    if (problem) {
      rows.push({
        row: row.row,
        sku: product.sku,
        quantity,
        ok: false,
        message: `${product.name}: ${problem}`,
      });
      continue;
    }
    const price = pricing.line(product, quantity);
    const contract = price.source.label === null ? '' : ` (${messages.contractPrice(price.source.label)})`;
    accepted.set(product.id, quantity);
    rows.push({
      row: row.row,
      sku: product.sku,
      quantity,
      ok: true,
      message: `${product.name}: ${formatUnits(quantity)} units at ${formatCents(price.unitPriceCents)}${contract}, ${formatCents(price.amountCents)}`,
    });
  }

  if (dryRun || accepted.size === 0) return { rows, added: 0 };
  await db.transaction((tx) => setCartLines(tx, user, accepted, floor));
  return { rows, added: accepted.size };
}

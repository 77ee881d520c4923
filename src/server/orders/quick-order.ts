import { inArray, sql } from 'drizzle-orm';
import type { QuickAddRow } from '../../shared/api/cart.schemas';
import { MAX_QUICK_ORDER_ROWS, parseQuickOrder } from '../../shared/domain/quick-order';
import { messages } from '../../shared/messages';
import { formatCents } from '../../shared/money';
import { formatUnits } from '../../shared/numbers';
import type { SessionUser } from '../auth/session';
import type { Database } from '../db/database';
import { products } from '../db/schema';
import { DomainError } from '../http/domain-error';
import { lineProblem, setCartLines } from './cart';
import { priceLine } from './price-line';

/** The SKUs most like `sku` (pg_trgm), for a row whose SKU no product has. */
async function closestSkus(db: Database, sku: string): Promise<string[]> {
  const rows = await db
    .select({ sku: products.sku })
    .from(products)
    .where(sql`similarity(${products.sku}, ${sku}) > 0.25`)
    .orderBy(sql`similarity(${products.sku}, ${sku}) desc`, products.sku)
    .limit(3);
  return rows.map((row) => row.sku);
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
    ? await db
        .select({
          id: products.id,
          sku: products.sku,
          name: products.name,
          minOrder: products.minOrder,
          available: products.available,
          priceTiers: products.priceTiers,
        })
        .from(products)
        .where(inArray(sql`upper(${products.sku})`, skus))
    : [];
  const bySku = new Map(known.map((product) => [product.sku.toUpperCase(), product]));

  // Rows of one SKU are one line: their quantities add up, judged on the first row of it.
  const firstRowOf = new Map<string, number>();
  const totals = new Map<string, number>();
  for (const row of parsed) {
    if (row.quantity === null) continue;
    totals.set(row.sku, (totals.get(row.sku) ?? 0) + row.quantity);
    if (!firstRowOf.has(row.sku)) firstRowOf.set(row.sku, row.row);
  }

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
        message: messages.unknownSku(row.sku, await closestSkus(db, row.sku)),
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
    const price = priceLine(user, product, quantity, floor);
    accepted.set(product.id, quantity);
    rows.push({
      row: row.row,
      sku: product.sku,
      quantity,
      ok: true,
      message: `${product.name}: ${formatUnits(quantity)} units at ${formatCents(price.unitPriceCents)}, ${formatCents(price.amountCents)}`,
    });
  }

  if (dryRun || accepted.size === 0) return { rows, added: 0 };
  await db.transaction((tx) => setCartLines(tx, user, accepted, floor));
  return { rows, added: accepted.size };
}

import type { QuickAddRow } from '../../shared/api/cart.schemas';
import {
  MAX_QUICK_ORDER_ROWS,
  type ParsedRow,
  parseQuickOrder,
  rowUnits,
} from '../../shared/domain/quick-order';
import { messages } from '../../shared/messages';
import { formatCents } from '../../shared/money';
import { formatUnits } from '../../shared/numbers';
import type { SessionUser } from '../identity/request-user';
import type { Database, Executor } from '../db/database';
import { DomainError } from '../http/domain-error';
import { lineProblem, setCartLines } from './cart';
import { pricingFor } from '../pricing/price-line';
import { closestSkus, findOrderable } from '../records/products.repository';
import { skusOfPartNumbers } from '../records/part-numbers.repository';

/**
 * Pasted rows (quick order, a saved list's CSV), read: refused whole when there are none or more than
 * MAX_QUICK_ORDER_ROWS; each SKU with a quantity looked up in one query (SKUs are stored upper case, as
 * the parser reads them: the unique index finds them), and the closest SKUs to each unknown one.
 */
export async function readSkuRows(ex: Executor, text: string, companyId: string | null) {
  const written = parseQuickOrder(text);
  if (written.length === 0) throw new DomainError('VALIDATION_FAILED', messages.quickOrderEmpty);
  if (written.length > MAX_QUICK_ORDER_ROWS) {
    throw new DomainError(
      'VALIDATION_FAILED',
      messages.quickOrderTooLong(written.length, MAX_QUICK_ORDER_ROWS),
    );
  }
  const asked = [...new Set(written.flatMap((row) => (row.quantity === null ? [] : [row.sku])))];
  const known = await findOrderable(ex, { skus: asked });
  // What no SKU matches may be the company's own part number for one (DESIGN §11).
  const found = new Set(known.map((product) => product.sku.toUpperCase()));
  const ofPartNumber = companyId
    ? await skusOfPartNumbers(
        ex,
        companyId,
        asked.filter((sku) => !found.has(sku)),
      )
    : new Map<string, string>();
  known.push(...(await findOrderable(ex, { skus: [...new Set(ofPartNumber.values())] })));
  const bySku = new Map(known.map((product) => [product.sku.toUpperCase(), product]));
  const skus = asked.filter((sku) => !ofPartNumber.has(sku));
  // A number of packs is that many of the product's packs, in units; a product sold singly has none.
  const parsed = written.map((typed): ParsedRow => {
    const sku = typed.quantity === null ? undefined : ofPartNumber.get(typed.sku);
    const row = sku ? { ...typed, sku } : typed;
    const product = bySku.get(row.sku);
    if (row.quantity === null || !row.packs || !product) return row;
    if (product.orderMultiple === 1) {
      return { row: row.row, sku: row.sku, quantity: null, problem: messages.notSoldInPacks(product.sku) };
    }
    return { ...row, quantity: rowUnits(row, product.orderMultiple), packs: false };
  });
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
  const { parsed, bySku, suggestions } = await readSkuRows(db, text, user.company?.id ?? null);

  // Rows of one SKU are one line: their quantities add up, judged on the first row of it.
  const firstRowOf = new Map<string, number>();
  const totals = new Map<string, number>();
  for (const row of parsed) {
    if (row.quantity === null) continue;
    totals.set(row.sku, (totals.get(row.sku) ?? 0) + row.quantity);
    if (!firstRowOf.has(row.sku)) firstRowOf.set(row.sku, row.row);
  }

  const pricing = await pricingFor(db, user, [...bySku.keys()], floor);
  // Every row but an unknown SKU's has no suggestion.
  const rows: (Omit<QuickAddRow, 'suggestions'> & { suggestions?: string[] })[] = [];
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
        suggestions: suggestions.get(row.sku) ?? [],
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

  const answered: QuickAddRow[] = rows.map((row) => ({ ...row, suggestions: row.suggestions ?? [] }));
  if (dryRun || accepted.size === 0) return { rows: answered, added: 0 };
  await db.transaction((tx) => setCartLines(tx, user, accepted, floor));
  return { rows: answered, added: accepted.size };
}

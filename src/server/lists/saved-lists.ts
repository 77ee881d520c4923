import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderAgainNote } from '../../shared/api/cart.schemas';
import {
  type AddToListBody,
  LIST_MAX_LINES,
  type SavedList,
  type SavedListSummary,
} from '../../shared/api/lists.schemas';
import { companyRolesAllow } from '../../shared/domain/company-roles';
import { MAX_STOCK_UNITS } from '../../shared/api/products.schemas';
import { messages } from '../../shared/messages';
import { centsToDollars } from '../../shared/money';
import { canAccess, visibleTo } from '../identity/access';
import type { SessionUser } from '../identity/request-user';
import { partNumbersOfSkus } from '../records/part-numbers.repository';
import type { Database, Executor } from '../db/database';
import { products, savedListLines, savedLists } from '../db/schema';
import { findOrderable } from '../records/products.repository';
import { DomainError } from '../http/domain-error';
import { cartLinesOf, lineProblem } from '../orders/cart';
import { refillCart } from '../orders/order-again';
import { findOrderFor } from '../orders/storage/orders.repository';
import { pricingFor } from '../pricing/price-line';
import { readSkuRows } from '../orders/quick-order';

/**
 * Saved lists: the products and quantities a buyer orders again and again. A list made by a
 * company's colleague belongs to the company: every colleague reads it, and those who may order
 * (buyers, its admins) change it and put it into their cart. Anyone else's list is their own. Another
 * company's list, like anyone's document, does not exist for the caller (NOT_FOUND).
 */

type ListRow = typeof savedLists.$inferSelect;

/** The list as the caller may see it, or NOT_FOUND; `change` also needs a role that orders (FORBIDDEN). */
async function findListFor(
  ex: Executor,
  caller: SessionUser,
  listId: string,
  change = false,
): Promise<ListRow> {
  const [row] = await ex.select().from(savedLists).where(eq(savedLists.id, listId));
  if (!row || !canAccess(caller, row, 'member')) throw new DomainError('NOT_FOUND', messages.listNotFound);
  if (change) assertMayChangeLists(caller);
  return row;
}

/** A company's viewers and approvers read its lists; buyers and admins change them. */
function assertMayChangeLists(caller: SessionUser) {
  const company = caller.company;
  if (company && !companyRolesAllow(company.roles, 'order')) {
    throw new DomainError('FORBIDDEN', messages.listsReadOnly);
  }
}

/** GET /api/lists: the caller's lists and their company's, most recently changed first. */
export async function listLists(db: Database, caller: SessionUser): Promise<SavedListSummary[]> {
  const rows = await db
    .select({ list: savedLists, lineCount: count(savedListLines.id) })
    .from(savedLists)
    .leftJoin(savedListLines, eq(savedListLines.listId, savedLists.id))
    .where(visibleTo(caller, savedLists))
    .groupBy(savedLists.id)
    .orderBy(desc(savedLists.updatedAt))
    .limit(500);
  return rows.map(({ list, lineCount }) => summaryOf(list, lineCount));
}

const summaryOf = (list: ListRow, lineCount: number): SavedListSummary => ({
  _id: list.id,
  name: list.name,
  shared: list.companyId !== null,
  lineCount,
  updatedAt: list.updatedAt.toISOString(),
});

/** POST /api/lists: a new, empty list, the company's when the caller belongs to one. */
export async function createList(db: Database, caller: SessionUser, name: string): Promise<string> {
  assertMayChangeLists(caller);
  const [row] = await db
    .insert(savedLists)
    .values({ name, companyId: caller.company?.id ?? null, userId: caller.id })
    .returning({ id: savedLists.id });
  if (!row) throw new Error('The list was not stored');
  return row.id;
}

export async function renameList(db: Database, caller: SessionUser, listId: string, name: string) {
  await findListFor(db, caller, listId, true);
  await db.update(savedLists).set({ name, updatedAt: new Date() }).where(eq(savedLists.id, listId));
}

export async function deleteList(db: Database, caller: SessionUser, listId: string) {
  await findListFor(db, caller, listId, true);
  await db.delete(savedLists).where(eq(savedLists.id, listId));
}

/** GET /api/lists/{id}: the list, each line priced for the caller today, with what keeps it from the cart. */
export async function readList(
  ex: Executor,
  caller: SessionUser,
  listId: string,
  floor: number,
  list?: ListRow,
): Promise<SavedList> {
  const row = list ?? (await findListFor(ex, caller, listId));
  const lines = await ex
    .select({
      line: savedListLines,
      product: {
        sku: products.sku,
        minOrder: products.minOrder,
        orderMultiple: products.orderMultiple,
        available: products.available,
        priceTiers: products.priceTiers,
      },
    })
    .from(savedListLines)
    .leftJoin(products, eq(products.id, savedListLines.productId))
    .where(eq(savedListLines.listId, row.id))
    .orderBy(asc(savedListLines.addedAt), asc(savedListLines.sku));
  const skus = lines.flatMap(({ product }) => (product ? [product.sku] : []));
  const pricing = await pricingFor(ex, caller, skus, floor);
  const partNumbers = caller.company
    ? await partNumbersOfSkus(ex, caller.company.id, skus)
    : new Map<string, string>();
  return {
    ...summaryOf(row, lines.length),
    lines: lines.map(({ line, product }) => {
      const price = product ? pricing.line(product, line.quantity) : null;
      return {
        toolId: line.productId,
        sku: line.sku,
        partNumber: product ? (partNumbers.get(product.sku) ?? null) : null,
        name: line.name,
        quantity: line.quantity,
        savedUnitPrice: centsToDollars(line.unitPriceCents),
        unitPrice: price ? centsToDollars(price.unitPriceCents) : null,
        priceList: price?.source.label ?? null,
        available: product?.available ?? null,
        problem: product
          ? lineProblem({ ...product, quantity: line.quantity }, floor)
          : messages.listLineGone,
      };
    }),
  };
}

/** A product's line to add: its name, SKU and today's price for the list's quantity. */
interface NewListLine {
  productId: string;
  sku: string;
  name: string;
  quantity: number;
}

/**
 * Adds these lines to the list in one statement: a product the list has already gets the quantity
 * added (within the most a line may hold), or set when `replace`. Refused whole (CONFLICT) when the
 * new products would take the list past LIST_MAX_LINES lines.
 */
async function upsertLines(
  ex: Executor,
  caller: SessionUser,
  listId: string,
  lines: readonly NewListLine[],
  floor: number,
  { replace = false } = {},
) {
  const merged = new Map<string, NewListLine>();
  for (const line of lines) {
    const earlier = merged.get(line.productId);
    merged.set(line.productId, earlier ? { ...line, quantity: earlier.quantity + line.quantity } : line);
  }
  if (merged.size === 0) return;
  const ids = [...merged.keys()];
  const priced = await findOrderable(ex, { ids });
  const priceOf = new Map(priced.map((product) => [product.id, product]));
  const pricing = await pricingFor(
    ex,
    caller,
    priced.map((product) => product.sku),
    floor,
  );
  const [held] = await ex
    .select({
      lines: count(),
      present: sql<number>`count(*) filter (where ${inArray(savedListLines.productId, ids)})`.mapWith(Number),
    })
    .from(savedListLines)
    .where(eq(savedListLines.listId, listId));
  const added = merged.size - (held?.present ?? 0);
  if ((held?.lines ?? 0) + added > LIST_MAX_LINES) {
    throw new DomainError('CONFLICT', messages.listFull(LIST_MAX_LINES));
  }
  const now = new Date();
  await ex
    .insert(savedListLines)
    .values(
      // A millisecond apart, so the list keeps the order they were given in.
      [...merged.values()].map((line, index) => {
        const quantity = Math.min(line.quantity, MAX_STOCK_UNITS);
        const product = priceOf.get(line.productId);
        return {
          listId,
          productId: line.productId,
          sku: line.sku,
          name: line.name,
          quantity,
          unitPriceCents: product ? pricing.line(product, quantity).unitPriceCents : 0,
          addedAt: new Date(now.getTime() + index),
        };
      }),
    )
    .onConflictDoUpdate({
      target: [savedListLines.listId, savedListLines.productId],
      set: {
        quantity: replace
          ? sql`excluded.quantity`
          : sql`least(${savedListLines.quantity} + excluded.quantity, ${MAX_STOCK_UNITS})`,
        sku: sql`excluded.sku`,
        name: sql`excluded.name`,
        unitPriceCents: sql`excluded.unit_price_cents`,
      },
    });
  await ex.update(savedLists).set({ updatedAt: now }).where(eq(savedLists.id, listId));
}

/** PUT /api/lists/{id}/lines/{toolId}: the product's line takes this quantity (added when missing). */
export async function setListLine(
  db: Database,
  caller: SessionUser,
  listId: string,
  toolId: string,
  quantity: number,
  floor: number,
): Promise<SavedList> {
  return db.transaction(async (tx) => {
    const list = await lockedList(tx, caller, listId);
    const [product] = await findOrderable(tx, { ids: [toolId] });
    if (!product) throw new DomainError('NOT_FOUND', messages.productNotFound);
    await upsertLines(
      tx,
      caller,
      listId,
      [{ productId: product.id, sku: product.sku, name: product.name, quantity }],
      floor,
      {
        replace: true,
      },
    );
    return readList(tx, caller, listId, floor, list);
  });
}

/** DELETE /api/lists/{id}/lines/{toolId} */
export async function removeListLine(
  db: Database,
  caller: SessionUser,
  listId: string,
  toolId: string,
  floor: number,
): Promise<SavedList> {
  return db.transaction(async (tx) => {
    const list = await lockedList(tx, caller, listId);
    await tx
      .delete(savedListLines)
      .where(and(eq(savedListLines.listId, listId), eq(savedListLines.productId, toolId)));
    await tx.update(savedLists).set({ updatedAt: new Date() }).where(eq(savedLists.id, listId));
    return readList(tx, caller, listId, floor, list);
  });
}

/** The list, changeable by the caller, its row locked: two changes at once count its lines one after the other. */
async function lockedList(tx: Executor, caller: SessionUser, listId: string) {
  const list = await findListFor(tx, caller, listId, true);
  await tx
    .select({ id: savedLists.id })
    .from(savedLists)
    .where(eq(savedLists.id, listId))
    .for('no key update');
  return list;
}

/** A row of a CSV or an order's line that could not be added, and why. */
interface Skipped {
  row: number;
  sku: string | null;
  message: string;
}

/**
 * POST /api/lists/{id}/lines: adds one product, the cart's lines, one of the caller's orders' lines,
 * or the rows of a CSV, in one transaction; answers the list, how many of its lines were added or
 * raised, and the rows that were not (an unknown SKU with the closest ones, a product no longer sold).
 */
export async function addToList(
  db: Database,
  caller: SessionUser,
  listId: string,
  body: AddToListBody,
  floor: number,
): Promise<{ list: SavedList; added: number; skipped: Skipped[] }> {
  return db.transaction(async (tx) => {
    const list = await lockedList(tx, caller, listId);
    const { lines, skipped } = await linesToAdd(tx, caller, body);
    await upsertLines(tx, caller, listId, lines, floor);
    return { list: await readList(tx, caller, listId, floor, list), added: lines.length, skipped };
  });
}

async function linesToAdd(
  ex: Executor,
  caller: SessionUser,
  body: AddToListBody,
): Promise<{ lines: NewListLine[]; skipped: Skipped[] }> {
  if ('toolId' in body) {
    const [product] = await findOrderable(ex, { ids: [body.toolId] });
    if (!product) throw new DomainError('NOT_FOUND', messages.productNotFound);
    const { id: productId, sku, name } = product;
    return { lines: [{ productId, sku, name, quantity: body.quantity }], skipped: [] };
  }
  if ('fromCart' in body) {
    const cart = await cartLinesOf(ex, caller.id);
    if (cart.length === 0) throw new DomainError('VALIDATION_FAILED', messages.cartEmpty);
    return { lines: cart, skipped: [] };
  }
  if ('fromOrder' in body) {
    const order = await findOrderFor(ex, caller, body.fromOrder, 'shop');
    const lines: NewListLine[] = [];
    const skipped: Skipped[] = [];
    for (const line of order.lines) {
      if (line.productId && line.sku) lines.push({ ...line, productId: line.productId, sku: line.sku });
      else skipped.push({ row: line.lineNumber, sku: line.sku, message: messages.orderAgainGone });
    }
    return { lines, skipped };
  }
  return csvLines(ex, body.csv, caller.company?.id ?? null);
}

/** The rows of a CSV (or pasted rows), read as quick order reads them: SKU and quantity. */
async function csvLines(
  ex: Executor,
  csv: string,
  companyId: string | null,
): Promise<{ lines: NewListLine[]; skipped: Skipped[] }> {
  const { parsed, bySku, suggestions } = await readSkuRows(ex, csv, companyId);
  const lines: NewListLine[] = [];
  const skipped: Skipped[] = [];
  for (const row of parsed) {
    if (row.quantity === null) {
      skipped.push({ row: row.row, sku: row.sku, message: row.problem });
      continue;
    }
    const product = bySku.get(row.sku);
    if (!product) {
      skipped.push({
        row: row.row,
        sku: row.sku,
        message: messages.unknownSku(row.sku, suggestions.get(row.sku) ?? []),
      });
      continue;
    }
    lines.push({ productId: product.id, sku: product.sku, name: product.name, quantity: row.quantity });
  }
  return { lines, skipped };
}

/**
 * POST /api/lists/{id}/cart, 'Add all to cart': every line into the caller's cart, re-checked against
 * today's price, stock and minimum (refillCart: a note for each line left out or changed). The list
 * stays as it is.
 */
export async function listToCart(
  db: Database,
  caller: SessionUser,
  listId: string,
  floor: number,
): Promise<{ notes: OrderAgainNote[]; added: number }> {
  return db.transaction(async (tx) => {
    await findListFor(tx, caller, listId, true);
    const lines = await tx
      .select()
      .from(savedListLines)
      .where(eq(savedListLines.listId, listId))
      .orderBy(asc(savedListLines.addedAt), asc(savedListLines.sku));
    if (lines.length === 0) throw new DomainError('VALIDATION_FAILED', messages.listEmpty);
    return refillCart(
      tx,
      caller,
      lines.map((line, index) => ({ ...line, line: index + 1 })),
      floor,
    );
  });
}

import { and, asc, eq, sql } from 'drizzle-orm';
import type { Cart, CartLine } from '../../shared/api/cart.schemas';
import { MAX_ORDER_LINES } from '../../shared/domain/order-lines';
import { lowerBound } from '../../shared/domain/order-quantity';
import { packProblem, roundUpToPack } from '../../shared/domain/units';
import { partNumbersOfSkus } from '../records/part-numbers.repository';
import { messages } from '../../shared/messages';
import { centsToDollars, formatCents } from '../../shared/money';
import type { SessionUser } from '../identity/request-user';
import type { Executor } from '../db/database';
import { cartLines, products } from '../db/schema';
import { findOrderable } from '../records/products.repository';
import { DomainError } from '../http/domain-error';
import { type BuyerPricing, pricingFor } from '../pricing/price-line';
import { priceSourceFields } from '../pricing/price-source';
import { type Seller, previewCharges } from '../tax/charges';
import type { Place } from '../tax/places';
import { type CentsTier, nextBreak } from '../../shared/domain/price-tiers';

/**
 * A signed-in buyer's cart: one line per product, priced on every read by the one pricing
 * rule (priceLine), so the cart always shows what checkout would charge. At most MAX_ORDER_LINES lines.
 */

/** A cart line with the product as it is now: what pricing, bounds and checkout need. */
export interface StoredCartLine {
  productId: string;
  quantity: number;
  seenUnitPriceCents: number;
  sku: string;
  name: string;
  imageUrl: string;
  minOrder: number;
  orderMultiple: number;
  unit: string;
  available: number;
  priceTiers: { minQuantity: number; priceCents: number }[];
}

/** The buyer's cart lines, oldest first, each with its product (deleted products' lines went with them). */
export async function cartLinesOf(
  ex: Executor,
  userId: string,
  { lock = false } = {},
): Promise<StoredCartLine[]> {
  const query = ex
    .select({
      productId: cartLines.productId,
      quantity: cartLines.quantity,
      seenUnitPriceCents: cartLines.seenUnitPriceCents,
      sku: products.sku,
      name: products.name,
      imageUrl: products.imageUrl,
      minOrder: products.minOrder,
      orderMultiple: products.orderMultiple,
      unit: products.unit,
      available: products.available,
      priceTiers: products.priceTiers,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.addedAt), asc(products.sku));
  // Checkout locks the products in id order first (checkout.ts); this lock is the cart's own rows.
  return lock ? query.for('update', { of: cartLines }) : query;
}

/** Why a line cannot be ordered as it is now, or null: below the product's smallest order, or over its stock. */
export function lineProblem(
  line: Pick<StoredCartLine, 'quantity' | 'minOrder' | 'available' | 'orderMultiple'>,
  floor: number,
): string | null {
  const lower = lowerBound(line.minOrder, floor, line.orderMultiple);
  if (line.quantity < lower) return messages.lineBelowMinimum(lower);
  if (line.quantity > line.available) return messages.lineAboveStock(line.available, lower);
  return packProblem(line.quantity, { multiple: line.orderMultiple, lower, upper: line.available });
}

/**
 * The buyer's cart as GET /api/cart shows it, read and priced for them now; with a destination, the
 * charges the order would carry there (the same function checkout uses, previewCharges).
 */
export async function readCart(
  ex: Executor,
  user: SessionUser,
  floor: number,
  destination?: { place: Place; seller: Seller; notForResale?: boolean | undefined },
): Promise<Cart> {
  const lines = await cartLinesOf(ex, user.id);
  const pricing = await pricingFor(
    ex,
    user,
    lines.map((line) => line.sku),
    floor,
  );
  const partNumbers = user.company
    ? await partNumbersOfSkus(
        ex,
        user.company.id,
        lines.map((line) => line.sku),
      )
    : new Map<string, string>();
  const cart = toCart(pricing, lines, floor, partNumbers);
  if (!destination || lines.length === 0) return cart;
  const charges = await previewCharges(
    ex,
    lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      amountCents: pricing.line(line, line.quantity).amountCents,
    })),
    destination.place,
    {
      companyId: user.company?.id ?? null,
      seller: destination.seller,
      notForResale: destination.notForResale,
    },
  );
  return { ...cart, charges };
}

function cheaperBreak(tiers: CentsTier[], quantity: number, available: number) {
  const next = nextBreak(tiers, quantity, available);
  return next && { minQuantity: next.minQuantity, unitPrice: centsToDollars(next.priceCents) };
}

/** The cart as GET /api/cart shows it: every line priced for this buyer now, with its verdict. */
export function toCart(
  pricing: BuyerPricing,
  lines: readonly StoredCartLine[],
  floor: number,
  partNumbers: ReadonlyMap<string, string> = new Map(),
): Cart {
  let totalCents = 0;
  let ready = lines.length > 0;
  const shown: CartLine[] = lines.map((line) => {
    const price = pricing.line(line, line.quantity);
    const blocking = lineProblem(line, floor);
    if (blocking) ready = false;
    totalCents += price.amountCents;
    const changed =
      price.unitPriceCents !== line.seenUnitPriceCents
        ? messages.priceChangedSinceAdded(
            formatCents(line.seenUnitPriceCents),
            formatCents(price.unitPriceCents),
          )
        : null;
    return {
      toolId: line.productId,
      sku: line.sku,
      partNumber: partNumbers.get(line.sku) ?? null,
      name: line.name,
      img: line.imageUrl,
      quantity: line.quantity,
      unitPrice: centsToDollars(price.unitPriceCents),
      amount: centsToDollars(price.amountCents),
      ...priceSourceFields(price),
      minQuantity: lowerBound(line.minOrder, floor, line.orderMultiple),
      orderMultiple: line.orderMultiple,
      available: line.available,
      nextBreak: cheaperBreak(pricing.tiers(line).tiers, line.quantity, line.available),
      problem: blocking ?? changed,
    };
  });
  return { lines: shown, total: centsToDollars(totalCents), ready, charges: null };
}

/**
 * Sets a line's quantity, adding the line when the cart has none for the product; the price the buyer
 * sees now is recorded with it. A cart already holding MAX_ORDER_LINES other lines refuses a new one.
 */
export async function setCartLine(
  ex: Executor,
  user: SessionUser,
  productId: string,
  quantity: number,
  floor: number,
): Promise<void> {
  await setCartLines(ex, user, new Map([[productId, quantity]]), floor);
}

/**
 * Sets several lines at once (quick order, order again, the merge at sign-in), each product taking the
 * given quantity and the price the buyer is shown for it now, in one statement: refused whole when a
 * product does not exist, or when the new products would take the cart past MAX_ORDER_LINES lines.
 */
export async function setCartLines(
  ex: Executor,
  user: SessionUser,
  lines: ReadonlyMap<string, number>,
  floor: number,
): Promise<void> {
  if (lines.size === 0) return;
  const ids = [...lines.keys()].sort();
  const found = await findOrderable(ex, { ids });
  if (found.length !== ids.length) throw new DomainError('NOT_FOUND', messages.productNotFound);
  // A quantity in part packs is refused, naming the nearest whole ones (the bounds are the line's verdict).
  for (const product of found) {
    const quantity = lines.get(product.id) ?? 0;
    const lower = lowerBound(product.minOrder, floor, product.orderMultiple);
    const problem = packProblem(quantity, {
      multiple: product.orderMultiple,
      lower,
      upper: Number.MAX_SAFE_INTEGER,
    });
    if (problem) throw new DomainError('VALIDATION_FAILED', `${product.name}: ${problem}`);
  }
  const held = await ex
    .select({ productId: cartLines.productId })
    .from(cartLines)
    .where(eq(cartLines.userId, user.id));
  const inCart = new Set(held.map((line) => line.productId));
  const newLines = ids.filter((id) => !inCart.has(id)).length;
  if (newLines > 0 && inCart.size + newLines > MAX_ORDER_LINES) {
    throw new DomainError('CONFLICT', messages.cartFull(MAX_ORDER_LINES));
  }
  const pricing = await pricingFor(
    ex,
    user,
    found.map((product) => product.sku),
    floor,
  );
  await ex
    .insert(cartLines)
    .values(
      found.map((product) => {
        const quantity = lines.get(product.id) ?? 0;
        const seenUnitPriceCents = pricing.line(product, quantity).unitPriceCents;
        return { userId: user.id, productId: product.id, quantity, seenUnitPriceCents };
      }),
    )
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.productId],
      set: {
        quantity: sql`excluded.quantity`,
        seenUnitPriceCents: sql`excluded.seen_unit_price_cents`,
      },
    });
}

/**
 * Merges a visitor's cart (kept in the browser) into the account's at sign-in: a product in both keeps
 * the larger quantity; new products are added while the cart has room. Unknown products are skipped.
 */
export async function mergeCart(
  ex: Executor,
  user: SessionUser,
  lines: readonly { toolId: string; quantity: number }[],
  floor: number,
): Promise<void> {
  if (lines.length === 0) return;
  const found = await findOrderable(ex, { ids: lines.map((line) => line.toolId) });
  const packOf = new Map(found.map((product) => [product.id, product.orderMultiple]));
  const held = await ex
    .select({ productId: cartLines.productId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.userId, user.id));
  const current = new Map(held.map((line) => [line.productId, line.quantity]));
  let room = MAX_ORDER_LINES - current.size;
  const merged = new Map<string, number>();
  for (const { toolId, quantity: kept } of lines) {
    const pack = packOf.get(toolId);
    if (pack === undefined) continue;
    // A visitor's quantity from before the product was sold in packs is rounded up to whole packs.
    const quantity = roundUpToPack(kept, pack);
    const mine = merged.get(toolId) ?? current.get(toolId);
    if (mine === undefined && room <= 0) continue;
    const larger = Math.max(mine ?? 0, quantity);
    if (mine === larger) continue;
    if (mine === undefined) room -= 1;
    merged.set(toolId, larger);
  }
  await setCartLines(ex, user, merged, floor);
}

export async function removeCartLine(ex: Executor, userId: string, productId: string): Promise<void> {
  await ex.delete(cartLines).where(and(eq(cartLines.userId, userId), eq(cartLines.productId, productId)));
}

export async function emptyCart(ex: Executor, userId: string): Promise<void> {
  await ex.delete(cartLines).where(eq(cartLines.userId, userId));
}

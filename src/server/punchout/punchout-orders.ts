import { and, eq } from 'drizzle-orm';
import { type ShipTo, addressProblems, formatAddress, normalizeAddress } from '../../shared/domain/addresses';
import type { StoredShipTo } from '../../shared/domain/order-charges';
import { formatCents } from '../../shared/money';
import { recordAudit } from '../audit/audit.repository';
import type { Executor } from '../db/database';
import { punchoutConnections, punchoutOrders } from '../db/schema';
import { lineProblem } from '../orders/cart';
import { runOrderWork } from '../orders/order-process';
import { type PlaceOrderDeps, holdUnpaidOrderSlot, insertUnpaidOrder } from '../orders/place-order';
import { orderLineFor, pricingFor } from '../pricing/price-line';
import { findCompany } from '../records/companies.repository';
import { addressesOf } from '../companies/addresses';
import { type PlacedOrder, findOrder, withLinesOf } from '../orders/storage/orders.repository';
import { findOrderable, moveStock } from '../records/products.repository';
import { type CxmlAddress, CxmlError, type CxmlRequest } from './cxml';
import type { ConnectionRow } from './connections';
import { accountFor } from './punchout-sessions';

/**
 * A procurement system's purchase order (cXML OrderRequest) becomes an order (DESIGN §11): placed as
 * the connection's buyer, at the company's prices, on account or awaiting a card payment as its terms
 * say, with the PO number the system gave; once per payloadID, so an OrderRequest sent again (a
 * timeout, a retry) answers the order it made. Every line must be a SKU the shop sells, at the price
 * the company pays now: otherwise nothing is ordered, and the lines are named (406).
 */
export async function placePunchoutOrder(
  deps: PlaceOrderDeps,
  connection: ConnectionRow,
  request: Extract<CxmlRequest, { kind: 'OrderRequest' }>,
): Promise<{ order: PlacedOrder; repeated: boolean }> {
  return runOrderWork(deps, async (work) => {
    const { tx, at } = work;
    // One OrderRequest of a connection at a time: a resent one waits and finds the first's order.
    await tx
      .select({ id: punchoutConnections.id })
      .from(punchoutConnections)
      .where(eq(punchoutConnections.id, connection.id))
      .for('update');
    const earlier = await earlierOrder(tx, connection.id, request.payloadId);
    if (earlier) return { order: earlier, repeated: true };

    if (request.currency && request.currency !== 'USD') {
      throw new CxmlError(406, `The shop prices in USD, not ${request.currency}`);
    }
    // The ShipTo decides tax and freight: checked by the rules every order form's address meets.
    const shipTo = request.shipTo ?? request.billTo;
    const destination = checkedDestination(shipTo);
    const buyer = await accountFor(tx, connection, null, null, at);
    // The buyer's account and company rows before the products' (holdUnpaidOrderSlot), in the order
    // every other way of ordering takes them: taken the other way round, an OrderRequest and a
    // colleague's checkout of the same products deadlocked.
    const rules = await holdUnpaidOrderSlot(tx, buyer, deps.maxUnpaid);
    const skus = [...new Set(request.items.map((item) => item.supplierPartId))];
    const products = await findOrderable(tx, { skus }, { lock: true });
    const productOf = (sku: string) =>
      products.find((product) => product.sku.toUpperCase() === sku.toUpperCase());
    const pricing = await pricingFor(
      tx,
      buyer,
      products.map((product) => product.sku),
      deps.minUnits,
      at,
    );
    const problems: string[] = [];
    const seen = new Set<string>();
    const lines = request.items.flatMap((item, index) => {
      const name = `Line ${item.lineNumber ?? index + 1} (${item.supplierPartId})`;
      if (seen.has(item.supplierPartId.toUpperCase())) {
        problems.push(`${name}: the SKU is on an earlier line; send one line per SKU`);
        return [];
      }
      seen.add(item.supplierPartId.toUpperCase());
      const product = productOf(item.supplierPartId);
      if (!product) {
        problems.push(`${name}: not a product the shop sells`);
        return [];
      }
      const line = orderLineFor(pricing, product, item.quantity);
      if (item.unitPrice !== null && Math.round(item.unitPrice * 100) !== line.unitPriceCents) {
        problems.push(
          `${name}: ordered at ${formatCents(Math.round(item.unitPrice * 100))} a unit, the price is ${formatCents(line.unitPriceCents)}`,
        );
      }
      const problem = lineProblem(
        {
          quantity: item.quantity,
          minOrder: product.minOrder,
          orderMultiple: product.orderMultiple,
          available: product.available,
        },
        deps.minUnits,
      );
      if (problem) problems.push(`${name}: ${problem}`);
      return [{ product, line, quantity: item.quantity }];
    });
    if (problems.length > 0) throw new CxmlError(406, `Nothing was ordered. ${problems.join('. ')}.`);

    const taken = new Map<string, number>();
    for (const { product, quantity } of lines) taken.set(product.id, (taken.get(product.id) ?? 0) - quantity);
    work.stockMoved(await moveStock(tx, taken));
    const company = await findCompany(tx, connection.companyId);
    // A company that ships only to its address book: the ShipTo must be one of its addresses.
    const booked =
      company && !company.freeAddresses
        ? (await addressesOf(tx, company.id)).find((address) =>
            sameAddress(address.shipTo, destination.shipTo),
          )
        : undefined;
    if (company && !company.freeAddresses && !booked) {
      throw new CxmlError(
        406,
        `Nothing was ordered. ${company.name} ships only to its address book, and ${formatAddress(destination.shipTo).replaceAll('\n', ', ')} is not in it.`,
      );
    }
    const order = await insertUnpaidOrder(work, {
      user: buyer,
      rules,
      details: {
        name: destination.recipient,
        number: shipTo?.phone ?? '-',
        shipTo: destination.shipTo,
        ...(booked ? { addressId: booked._id } : {}),
        company: company?.name ?? (request.billTo?.name || null),
        poNumber: request.orderId.slice(0, 60),
      },
      lines: lines.map(({ line }) => line),
      holdHours: deps.holdHours,
      paymentMethod: company && company.paymentTerms !== 'card' ? 'account' : 'card',
    });
    await tx.insert(punchoutOrders).values({
      connectionId: connection.id,
      payloadId: request.payloadId,
      orderId: order.id,
      createdAt: at,
    });
    await recordAudit(tx, buyer, {
      action: 'punchout.order',
      subject: `order ${order.orderNumber}`,
      after: {
        system: connection.systemName,
        payloadId: request.payloadId,
        poNumber: request.orderId,
        total: formatCents(order.amountCents),
      },
    });
    return { order, repeated: false };
  });
}

async function earlierOrder(
  ex: Executor,
  connectionId: string,
  payloadId: string,
): Promise<PlacedOrder | null> {
  const [earlier] = await ex
    .select({ orderId: punchoutOrders.orderId })
    .from(punchoutOrders)
    .where(and(eq(punchoutOrders.connectionId, connectionId), eq(punchoutOrders.payloadId, payloadId)));
  const row = earlier && (await findOrder(ex, earlier.orderId));
  return row ? withLinesOf(ex, row) : null;
}

/** The punchout an order came through, for its page: the system and the payloadID (null: not by punchout). */
export async function punchoutOfOrder(ex: Executor, orderId: string) {
  const [row] = await ex
    .select({ payloadId: punchoutOrders.payloadId, systemName: punchoutConnections.systemName })
    .from(punchoutOrders)
    .innerJoin(punchoutConnections, eq(punchoutConnections.id, punchoutOrders.connectionId))
    .where(eq(punchoutOrders.orderId, orderId));
  return row ?? null;
}

/** The same place: street, postal code and country alike but for case and spacing. */
function sameAddress(
  booked: { line1: string; postalCode: string; country: string } | null,
  given: { line1: string; postalCode: string; country: string },
) {
  const plain = (value: string) => value.toLowerCase().replace(/[\s.,]+/g, '');
  return (
    booked !== null &&
    plain(booked.line1) === plain(given.line1) &&
    plain(booked.postalCode) === plain(given.postalCode) &&
    booked.country.toUpperCase() === given.country
  );
}

/** Where a structured address's fields are in a cXML Address, for a refusal that names the field. */
const CXML_FIELD: Record<keyof ShipTo, string> = {
  line1: 'Street',
  line2: 'Street',
  city: 'City',
  region: 'State',
  postalCode: 'PostalCode',
  country: 'Country isoCountryCode',
};

/**
 * The OrderRequest's ShipTo as an order's structured destination, normalised, with its recipient; a
 * ShipTo the shop's address rules refuse (a state missing or not the postal code's, a postal code
 * not of its country, no street) is a cXML 400 naming the first field, as a form would name it.
 */
function checkedDestination(address: CxmlAddress | null): { shipTo: StoredShipTo; recipient: string } {
  if (!address) throw new CxmlError(400, 'The OrderRequest has no ShipTo address');
  const [line1 = '', ...rest] = address.street;
  const given: ShipTo = {
    line1,
    line2: [...rest, ...address.deliverTo.slice(1)].join(', ') || null,
    city: address.city,
    region: address.state,
    postalCode: address.postalCode ?? '',
    country: address.country ?? '',
  };
  const [problem] = addressProblems(given);
  if (problem) throw new CxmlError(400, `ShipTo ${CXML_FIELD[problem.field]}: ${problem.message}`);
  const recipient = address.deliverTo[0] || address.name;
  if (!recipient) throw new CxmlError(400, 'ShipTo DeliverTo: the ShipTo names no one to deliver to');
  const normal = normalizeAddress(given);
  const shipTo: StoredShipTo = { ...normal, line2: normal.line2 ?? null, region: normal.region ?? null };
  return { shipTo, recipient };
}

import { checkAccountCredit } from '../billing/ledger';
import { countOrderPlaced } from '../metrics/metrics';
import { destinationOf } from '../companies/addresses';
import { chargesFor } from '../tax/charges';
import { placeName } from '../tax/places';
import type { StoredShipTo } from '../../shared/domain/order-charges';
import {
  type ApprovalPlan,
  type OrderingRules,
  approvalPlan,
  lockOrderingRules,
} from '../companies/spending-rules';
import type { OrderStatus } from '../../shared/domain/order-status';
import { companyRolesAllow } from '../../shared/domain/company-roles';
import type { ErrorCode } from '../../shared/api/errors';
import { type QuantityProblem, quantityBounds, quantityProblem } from '../../shared/domain/order-quantity';
import { orderLineFor, pricingFor } from '../pricing/price-line';
import { placeOrderIn } from './transitions';
import { type OrderProcessDeps, type OrderWork, runOrderWork } from './order-process';
import { holdUntil, nextState } from '../../shared/domain/order-process';
import { messages } from '../../shared/messages';
import { type SessionUser, actorOf } from '../identity/request-user';
import { findProduct, reserveStockFor } from '../records/products.repository';
import type { Executor } from '../db/database';
import { DomainError } from '../http/domain-error';
import { lockAccount } from '../users/users.repository';
import { partNumbersOfSkus } from '../records/part-numbers.repository';
import {
  type NewOrder,
  type NewOrderLine,
  type PlacedOrder,
  countUnpaidOrders,
  insertOrder,
  uninvoicedOnAccountCents,
} from './storage/orders.repository';

/**
 * How long an unconfirmed account's unpaid order holds its stock: an account anybody can make in a
 * minute must not keep a product's whole stock from paying customers for ORDER_HOLD_HOURS.
 */
export const UNCONFIRMED_HOLD_HOURS = 1;

/**
 * The share of a product's stock an unconfirmed account's order may hold: with one unpaid order at a
 * time and an hour's hold, a throwaway account cannot take a product off sale for paying customers.
 */
export const UNCONFIRMED_STOCK_SHARE = 0.1;

/** Amounts are stored as 32-bit cents; an order above this is not one to take through a web form. */
export const MAX_AMOUNT_CENTS = 2_000_000_000;

/** Too few units is a bad request; more than the stock is a conflict with the stock (DESIGN §4). */
const quantityErrorCode: Record<QuantityProblem['kind'], ErrorCode> = {
  below: 'VALIDATION_FAILED',
  above: 'OUT_OF_STOCK',
  pack: 'VALIDATION_FAILED',
};

export interface PlaceOrderDeps extends OrderProcessDeps {
  holdHours: number;
  /** The shop-wide smallest order (ORDER_MIN_UNITS). */
  minUnits: number;
  /** Unpaid orders an account may hold (MAX_UNPAID_ORDERS); 1 while its email is unverified. */
  maxUnpaid: number;
}

/**
 * A customer orders a product (spec §7 POST /purchase, DESIGN §4). The price, the amount, the item name
 * and the email come from the database and the session, never from the request. The quantity is
 * checked by the same rule as the buy form and reserved in the transaction that stores the order.
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  user: SessionUser,
  input: { toolId: string; quantity: number } & DeliveryFields,
): Promise<PlacedOrder> {
  const { holdHours, minUnits, maxUnpaid } = deps;
  const order = await runOrderWork(deps, async (work) => {
    const { tx } = work;
    // One account's orders are placed one at a time, so that two at once cannot both pass the limit.
    const rules = await holdUnpaidOrderSlot(tx, user, maxUnpaid);

    // The fast path: one conditional update reserves the stock and answers the price and the name.
    const product =
      (await reserveStockFor(tx, input.toolId, input.quantity, minUnits)) ??
      (await explainRefusal(tx, input.toolId, input.quantity, minUnits));
    // Priced by the one pricing rule (price-line.ts), the buyer's contract price included; the buy
    // page shows the same price (DESIGN §9).
    const pricing = await pricingFor(tx, user, [product.sku], minUnits, work.at);
    // The catalog shows the new stock at once, without reading the catalog again.
    work.stockMoved([{ id: product.id, available: product.available }]);
    return insertUnpaidOrder(work, {
      user,
      rules,
      details: input,
      lines: [orderLineFor(pricing, product, input.quantity)],
      holdHours,
    });
  });
  countOrderPlaced('buy_form', order);
  return order;
}

/** Where an order goes and the buyer's references, as the buy form and a quote's acceptance give them. */
export interface DeliveryFields {
  name: string;
  /** The spec's one-box address; `shipTo` (structured) wins over it. */
  address?: string | undefined;
  shipTo?: StoredShipTo | undefined;
  /** The buyer says this order is not for resale: taxed although a certificate would cover it. */
  notForResale?: boolean | undefined;
  number: string;
  company?: string | null;
  poNumber?: string | null;
  /** One of the company's addresses, which then wins over the three fields above. */
  addressId?: string | undefined;
}

/**
 * Takes one of the account's unpaid-order places, or throws UNPAID_ORDER_LIMIT. The account row is
 * locked first, so that two orders placed at once by one account are counted one after the other.
 * A company's colleague orders only with a role that lets them, while the shop has not suspended it;
 * the company's row is locked next, and its ordering rules answered, so that colleagues' orders are
 * counted against its spending limits one after the other (null: a buyer of no company).
 */
export async function holdUnpaidOrderSlot(
  ex: Executor,
  user: SessionUser,
  maxUnpaid: number,
): Promise<OrderingRules | null> {
  assertMayOrder(user);
  await lockAccount(ex, user.id);
  const unpaid = await countUnpaidOrders(ex, user.id);
  const allowed = user.emailVerified ? maxUnpaid : 1;
  if (unpaid >= allowed)
    throw new DomainError('UNPAID_ORDER_LIMIT', messages.unpaidOrderLimit(allowed, user.emailVerified));
  return lockOrderingRules(ex, user);
}

/**
 * Stores an unpaid order of these lines, whose stock is already reserved (but for each line's
 * backordered units), held for `holdHours` (an hour at most until the account's address is
 * confirmed), and queues its 'order placed' mail in the same transaction: the buy form's orders, carts
 * and accepted quotes alike. The order's totals are its charges' (orderCharges). A company's order is
 * checked against its rules (holdUnpaidOrderSlot locked them): past a spending limit it is refused,
 * and above the approval threshold it is stored awaiting approval, its approvers mailed.
 */
export async function insertUnpaidOrder(
  work: OrderWork,
  {
    user,
    rules,
    details,
    lines,
    holdHours,
    quoteId = null,
    shipDate = null,
    paymentMethod = 'card',
  }: {
    user: SessionUser;
    /** The company's rules, locked by holdUnpaidOrderSlot (null: a buyer of no company). */
    rules: OrderingRules | null;
    details: DeliveryFields;
    lines: NewOrderLine[];
    holdHours: number;
    quoteId?: string | null;
    /** The day the shop promised the lines' backordered units would ship (an accepted quote's). */
    shipDate?: string | null;
    /**
     * On the company's account: checked against its terms, its overdue invoices and its
     * credit limit under the company's row lock (holdUnpaidOrderSlot took it), then invoiced at once.
     */
    paymentMethod?: 'card' | 'account';
  },
): Promise<PlacedOrder> {
  const { tx: ex, at: placedAt } = work;
  if (!user.emailVerified) await assertUnconfirmedShare(ex, lines);
  const destination = await destinationOf(ex, user, details);
  const terms = await orderTerms(work, {
    buyer: { id: user.id, email: user.email },
    companyId: user.company?.id ?? null,
    rules,
    lines,
    shipTo: destination.shipTo,
    notForResale: details.notForResale,
    paymentMethod,
  });
  const { status, plan } = terms;
  const backordered = lines.some((line) => (line.backorderedUnits ?? 0) > 0);
  const row = await insertOrder(
    ex,
    {
      userId: user.id,
      companyId: user.company?.id ?? null,
      buyerName: destination.name,
      placedByName: user.name,
      email: user.email.toLowerCase(),
      address: destination.address,
      shipTo: destination.shipTo,
      phone: destination.phone,
      // The buyer's company for the invoice: as typed, else the company the order is placed for (an
      // ERP's key or a punchout types none).
      company: details.company ?? rules?.companyName ?? null,
      poNumber: details.poNumber ?? null,
      ...terms.values,
      // Its first state; every later one through the transition table (orders/transitions.ts).
      status,
      paymentMethod,
      quoteId,
      shipDate: backordered ? shipDate : null,
      createdAt: placedAt,
      updatedAt: placedAt,
      holdExpiresAt: holdUntil(
        placedAt,
        user.emailVerified ? holdHours : Math.min(holdHours, UNCONFIRMED_HOLD_HOURS),
      ),
    },
    terms.lines,
  );
  const entered = await placeOrderIn(work, row, actorOf(user), {
    approvers: plan.kind === 'awaiting' ? plan.approvers : [],
  });
  return { ...row, ...entered };
}

/** What orderTerms decides for an order of some lines: its charges and state, and its lines as stored. */
export interface OrderTerms {
  values: Pick<
    NewOrder,
    | 'quantity'
    | 'amountCents'
    | 'subtotalCents'
    | 'freightCents'
    | 'freightKind'
    | 'freightEstimateCents'
    | 'taxCents'
    | 'freightTaxes'
    | 'taxBasis'
    | 'approvalRequired'
    | 'approvedAutomatically'
    | 'decidedAt'
    | 'decidedBy'
  >;
  status: OrderStatus;
  plan: ApprovalPlan;
  /** The lines with how each was taxed. */
  lines: NewOrderLine[];
}

/**
 * What an order of these lines delivered to `shipTo` comes to and where it goes, by the rules every
 * order is placed under (an order being changed is checked by the same, not counted twice): its
 * charges (chargesFor: tax at the destination, freight, which may be the shop's to quote); refused
 * where the shop does not deliver or above MAX_AMOUNT_CENTS; on account, within the company's terms
 * and credit limit; within the company's spending limits, and sent to its approvers above its
 * threshold (once the total is known: a pallet waits for its freight quote first). `rules` were
 * locked by the caller (holdUnpaidOrderSlot, lockRulesForOrder).
 */
export async function orderTerms(
  { tx: ex, at, mail }: OrderWork,
  {
    buyer,
    companyId,
    rules,
    lines,
    shipTo,
    notForResale,
    paymentMethod,
    exceptOrderId,
  }: {
    buyer: { id: string; email: string };
    companyId: string | null;
    rules: OrderingRules | null;
    lines: readonly NewOrderLine[];
    shipTo: StoredShipTo | null;
    notForResale: boolean | undefined;
    paymentMethod: 'card' | 'account';
    exceptOrderId?: string;
  },
): Promise<OrderTerms> {
  const {
    charges,
    basis,
    lines: charged,
  } = await chargesFor(ex, lines, shipTo, {
    companyId,
    seller: mail.shop,
    notForResale,
    at,
  });
  if (charges.freight.kind === 'unavailable' && shipTo) {
    throw new DomainError(
      'VALIDATION_FAILED',
      messages.noDeliveryTo(placeName(shipTo.country, shipTo.region)),
    );
  }
  // What the buyer's company calls each product, kept on the line as its name and SKU are.
  const partNumbers = companyId
    ? await partNumbersOfSkus(
        ex,
        companyId,
        lines.flatMap((line) => (line.sku ? [line.sku] : [])),
      )
    : new Map<string, string>();
  const amountCents = charges.totalCents;
  if (amountCents > MAX_AMOUNT_CENTS) throw new DomainError('VALIDATION_FAILED', messages.orderTooLarge);
  // A pallet's freight is quoted by the shop: the order waits for it (awaiting_freight) before it can
  // be approved, paid or invoiced (setFreight). Meanwhile it counts against the company's credit and
  // spending limits at its goods, tax and an estimate of that freight.
  const freightQuoted = charges.freight.kind === 'quoted';
  const countedCents = amountCents + (charges.freightEstimateCents ?? 0);
  if (paymentMethod === 'account') {
    if (!rules) throw new DomainError('FORBIDDEN', messages.accountNeedsCompany);
    await checkAccountCredit(ex, rules.companyId, countedCents, at, () =>
      uninvoicedOnAccountCents(ex, rules.companyId, exceptOrderId),
    );
  }
  const checked = rules ? await approvalPlan(ex, buyer, rules, countedCents, at, exceptOrderId) : null;
  // Approval waits for the final total: an approver approves what is then paid.
  const plan: ApprovalPlan = !checked || freightQuoted ? { kind: 'none' } : checked;
  const status = nextState({
    freightQuote: freightQuoted,
    approval: plan.kind === 'awaiting',
    paymentMethod,
  });
  return {
    values: {
      quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
      amountCents,
      subtotalCents: charges.subtotalCents,
      freightCents: charges.freight.cents,
      freightKind: charges.freight.kind === 'unavailable' ? 'none' : charges.freight.kind,
      freightEstimateCents: charges.freightEstimateCents,
      taxCents: charges.taxCents,
      freightTaxes: charges.freightTaxes,
      taxBasis: basis,
      approvalRequired: plan.kind !== 'none',
      ...(plan.kind === 'automatic'
        ? { approvedAutomatically: true, decidedAt: at, decidedBy: buyer.email.toLowerCase() }
        : { approvedAutomatically: false, decidedAt: null, decidedBy: null }),
    },
    status,
    plan,
    lines: lines.map((line, index) => ({
      ...line,
      partNumber: line.sku ? (partNumbers.get(line.sku) ?? null) : null,
      taxClass: charged[index]?.taxClass ?? 'standard',
      taxRate: charges.lines[index]?.rate ?? 0,
      taxCents: charges.lines[index]?.taxCents ?? 0,
    })),
  };
}

/**
 * Refuses an unconfirmed account's order holding more than UNCONFIRMED_STOCK_SHARE of a product's
 * stock (as it was before this order reserved it; backordered units hold none). Every way an order is
 * made comes through insertUnpaidOrder, so this is the one place the rule is kept.
 */
export async function assertUnconfirmedShare(ex: Executor, lines: readonly NewOrderLine[]): Promise<void> {
  for (const line of lines) {
    const held = line.quantity - (line.backorderedUnits ?? 0);
    if (held <= 0 || !line.productId) continue;
    const product = await findProduct(ex, line.productId);
    if (!product) continue;
    const most = Math.floor((product.available + held) * UNCONFIRMED_STOCK_SHARE);
    if (held > most) {
      throw new DomainError('FORBIDDEN', messages.unconfirmedStockShare(line.name, most));
    }
  }
}

/**
 * The reservation did not happen: reads the product once and throws the reason, by the same rule as
 * the buy form (quantityProblem), or OUT_OF_STOCK when another order took the stock meanwhile.
 */
async function explainRefusal(
  ex: Executor,
  productId: string,
  quantity: number,
  minUnits: number,
): Promise<never> {
  const product = await findProduct(ex, productId);
  if (!product) throw new DomainError('NOT_FOUND', messages.productNotFound);
  const bounds = quantityBounds(
    { min_order: product.minOrder, available: product.available, orderMultiple: product.orderMultiple },
    minUnits,
  );
  const problem = quantityProblem(quantity, bounds);
  if (problem) throw new DomainError(quantityErrorCode[problem.kind], problem.message);
  throw new DomainError('OUT_OF_STOCK', messages.orderAboveAvailable(product.available));
}

/**
 * Refuses an order or a quote request from a company's colleague whose roles do not include ordering
 * (a viewer, an approver alone), or while the shop has suspended the company.
 */
export function assertMayOrder(user: SessionUser): void {
  const company = user.company;
  if (!company) return;
  if (!company.active) throw new DomainError('FORBIDDEN', messages.companySuspended);
  if (!companyRolesAllow(company.roles, 'order'))
    throw new DomainError('FORBIDDEN', messages.companyCannotOrder);
}

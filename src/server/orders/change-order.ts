import { buyerMayChange, inWords } from '../../shared/domain/order-status';
import { messages } from '../../shared/messages';
import { formatCents } from '../../shared/money';
import { formatUnits } from '../../shared/numbers';
import { lockRulesForOrder } from '../companies/spending-rules';
import type { Executor } from '../db/database';
import { DomainError } from '../http/domain-error';
import { type SessionUser, actorOf } from '../identity/request-user';
import { queueMail } from '../mail/outbox';
import type { PaymentProvider } from '../payments/payment-provider';
import { orderLineFor, pricingFor } from '../pricing/price-line';
import { type ProductStock, findOrderable, moveStock } from '../records/products.repository';
import { returnUnits } from '../stock/backorders';
import { lineProblem } from './cart';
import { type OrderProcessDeps, runOrderWork } from './order-process';
import { assertUnconfirmedShare, orderTerms } from './place-order';
import { changeOrderInto } from './transitions';
import { orderChangedMail } from './order-mails';
import {
  type OrderRow,
  type PlacedOrder,
  findOrderFor,
  lockOrder,
  replaceOrderLines,
  withLinesOf,
} from './storage/orders.repository';
import { assertHoldNotEnded } from './order-status-writer';

export interface ChangeOrderDeps extends OrderProcessDeps {
  provider: PaymentProvider;
  /** The shop-wide smallest order (ORDER_MIN_UNITS). */
  minUnits: number;
}

/** A line of the order as the buyer wants it: a SKU and its whole quantity. */
export interface WantedLine {
  sku: string;
  quantity: number;
}

/**
 * The buyer changes an order before it is paid or invoiced (PUT /api/purchase/{id}/lines, DESIGN §11):
 * its lines become `wanted` (a line left out is removed), each priced again for the buyer now by the
 * one pricing rule, its stock reserved all or nothing (what the order held counts as theirs to take
 * again), its tax and freight charged again for its destination, and the company's rules applied again
 * as at placing (orderTerms: credit, spending limits, approval), the order itself not counted twice.
 * The order goes where its new total sends it: unpaid, to its approvers again, to the shop for a
 * freight quote, or invoiced on account. An order priced by a quote keeps its quote's lines.
 *
 * The order's payment intent is cancelled first, outside the transaction (a provider is never called
 * inside one): once cancelled it can never be charged the old amount, and the order's next intent is
 * made under its next payment attempt (create-payment-intent.ts). A payment that went through first
 * keeps the order as it is (ORDER_ALREADY_PAID).
 */
export async function changeOrderLines(
  deps: ChangeOrderDeps,
  user: SessionUser,
  orderId: string,
  wanted: readonly WantedLine[],
  /**
   * previewOrderWork: the order as the change would make it (lines priced, tax, freight, where it
   * goes), by this same code, rolled back; its payment intent is left as it is.
   */
  run: typeof runOrderWork = runOrderWork,
): Promise<PlacedOrder> {
  const { db, provider, minUnits, mail } = deps;
  const seen = await findOrderFor(db, user, orderId);
  assertChangeable(seen, new Date());
  const preview = run !== runOrderWork;
  if (seen.paymentIntentId && !preview) {
    const intent = await provider.cancelIntent(seen.paymentIntentId);
    if (intent.status !== 'canceled') {
      throw new DomainError('ORDER_ALREADY_PAID', messages.paymentTakenBeforeChange);
    }
  }

  return run(deps, async (work) => {
    const { tx, at } = work;
    const order = await lockOrder(tx, orderId);
    if (!order) throw new DomainError('NOT_FOUND', messages.orderNotFound);
    assertChangeable(order, at);
    if (order.paymentIntentId !== seen.paymentIntentId) {
      throw new DomainError('CONFLICT', messages.paymentStartedWhileChanging);
    }
    // The lines as they are under the lock: another change may have been made meanwhile.
    const { lines: before } = await withLinesOf(tx, order);
    // The company's rules under its row lock, as the order's buyer placed it (their own limit).
    const rules = order.companyId ? await lockRulesForOrder(tx, order.companyId, order.userId) : null;
    if (rules && !rules.active) throw new DomainError('FORBIDDEN', messages.companySuspended);

    // The units the order holds now are the buyer's to take again.
    const held = new Map<string, number>();
    for (const line of before) {
      if (!line.productId) continue;
      const units = line.quantity - line.backorderedUnits - line.cancelledQuantity;
      held.set(line.productId, (held.get(line.productId) ?? 0) + units);
    }
    const skus = wanted.map((line) => line.sku.toUpperCase());
    const named = await findOrderable(tx, { skus });
    // Every product the change touches is locked in id order, as checkout locks a cart's.
    const ids = [...new Set([...held.keys(), ...named.map((product) => product.id)])].sort();
    const locked = await findOrderable(tx, { ids }, { lock: true });
    const bySku = new Map(locked.map((product) => [product.sku, product]));

    const problems: { text: string; short: boolean }[] = [];
    const lines = wanted.flatMap((line, index) => {
      const sku = skus[index] ?? line.sku;
      const product = bySku.get(sku);
      if (!product) {
        problems.push({ text: `${messages.unknownSku(sku, [])}.`, short: false });
        return [];
      }
      const available = product.available + (held.get(product.id) ?? 0);
      const problem = lineProblem(
        {
          quantity: line.quantity,
          minOrder: product.minOrder,
          orderMultiple: product.orderMultiple,
          available,
        },
        minUnits,
      );
      if (problem) {
        problems.push({ text: `${sku} ${product.name}: ${problem}.`, short: line.quantity > available });
      }
      return [{ product, quantity: line.quantity }];
    });
    if (problems.length > 0) {
      throw new DomainError(
        problems.some((problem) => problem.short) ? 'OUT_OF_STOCK' : 'VALIDATION_FAILED',
        messages.changeRefused(problems.map((problem) => problem.text)),
      );
    }

    work.stockMoved(await moveHeldStock(tx, held, lines));
    const newLines = await priced(tx, order, lines, minUnits, at);
    if (!user.emailVerified) await assertUnconfirmedShare(tx, newLines);
    const terms = await orderTerms(work, {
      buyer: { id: order.userId ?? user.id, email: order.email },
      companyId: order.companyId,
      rules,
      lines: newLines,
      shipTo: order.shipTo,
      notForResale: order.taxBasis?.notForResale,
      paymentMethod: order.paymentMethod,
      exceptOrderId: order.id,
    });
    // The lines and totals change here; the state only through the transition table (changeOrderInto).
    // Who changed it last may not approve it (four eyes, orders/approvals.ts).
    const changed = await replaceOrderLines(
      tx,
      order.id,
      { ...terms.values, lastChangedBy: user.id },
      terms.lines,
      at,
    );
    const by = user.email.toLowerCase() === order.email ? null : user.name;
    await queueMail(tx, orderChangedMail(mail, changed, by));
    work.mailed();
    return changeOrderInto(
      work,
      changed,
      terms.status,
      {
        actor: actorOf(user),
        note: messages.orderChangedNoted(summary(order, before), summary(changed, changed.lines)),
      },
      { approvers: terms.plan.kind === 'awaiting' ? terms.plan.approvers : [] },
    );
  });
}

/** Refuses a change of an order that is paid, invoiced or closed, priced by a quote, or past its hold. */
function assertChangeable(order: OrderRow, at: Date): void {
  if (!buyerMayChange(order.status)) {
    throw new DomainError(
      order.status === 'paid' ? 'ORDER_ALREADY_PAID' : 'CONFLICT',
      messages.orderNotChangeable(inWords(order.status)),
    );
  }
  if (order.quoteId) throw new DomainError('CONFLICT', messages.quoteOrderNotChangeable);
  assertHoldNotEnded(order, at, 'changed');
}

/**
 * The stock moves from what the order held to what it now holds, product by product: units taken
 * come off the shelf (their rows are locked and checked), units let go fill other orders' backorders
 * first, then go back on sale.
 */
async function moveHeldStock(
  ex: Executor,
  held: ReadonlyMap<string, number>,
  lines: readonly { product: { id: string }; quantity: number }[],
): Promise<ProductStock[]> {
  const change = new Map(held);
  for (const { product, quantity } of lines) change.set(product.id, (change.get(product.id) ?? 0) - quantity);
  const taken = new Map([...change].filter(([, units]) => units < 0));
  const given = new Map([...change].filter(([, units]) => units > 0));
  return [...(await moveStock(ex, taken)), ...(await returnUnits(ex, given))];
}

/** The wanted lines priced for the order's buyer now, by the one pricing rule (its company's contract prices included). */
async function priced(
  ex: Executor,
  order: Pick<OrderRow, 'userId' | 'companyId'>,
  lines: readonly { product: Parameters<typeof orderLineFor>[1]; quantity: number }[],
  minUnits: number,
  at: Date,
) {
  // The order's own buyer and company, not the caller's: a personal order stays personal (list prices,
  // no company's limits) though its buyer joined a company since, and a colleague's change prices it
  // for the company it was placed for.
  const buyer = order.userId
    ? { id: order.userId, company: order.companyId ? { id: order.companyId } : null }
    : null;
  const pricing = await pricingFor(
    ex,
    buyer,
    lines.map(({ product }) => product.sku),
    minUnits,
    at,
  );
  return lines.map(({ product, quantity }) => orderLineFor(pricing, product, quantity));
}

/** "3 lines, 450 units, $1,234.00": an order's lines at a glance, for its timeline. */
function summary(
  order: Pick<OrderRow, 'amountCents'>,
  lines: readonly { name: string; quantity: number }[],
): string {
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const count = lines.length === 1 ? '1 line' : `${lines.length} lines`;
  return `${count}, ${formatUnits(units)} units, ${formatCents(order.amountCents)}`;
}

import { type SQL, sql } from 'drizzle-orm';
import type { AuditValues } from '../../shared/api/audit.schemas';
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENTS, type WebhookTry } from '../../shared/api/webhooks.schemas';
import type { OrderEvent } from '../../shared/domain/order-process';
import type { OrderStatus } from '../../shared/domain/order-status';
import type { CategoryAttribute, ProductSpecs } from '../../shared/domain/specifications';
import type { TaxComponent } from '../../shared/domain/tax';
import type { ProductDocument } from '../../shared/api/uploads.schemas';
import type { StoredShipTo, TaxBasis as StoredTaxBasis } from '../../shared/domain/order-charges';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type (drizzle has no builder for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Product categories (DESIGN §9): created from the Add/Edit product forms, listed by GET /api/categories. */
export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The URL form of the name (`hand-tools`): what /api/catalog?category= takes. */
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /**
   * The specifications its products take (DESIGN §11): typed, each under a key that a product's
   * `specs` and the catalog's `spec.<key>` filters name.
   */
  attributes: jsonb('attributes').$type<CategoryAttribute[]>().notNull().default([]),
  createdAt: createdAt(),
});

/** One of a family's options as stored: its name and the values its variants choose from, in order. */
export interface StoredFamilyOption {
  name: string;
  values: string[];
}

/**
 * A product family (DESIGN §11): one tool in several variants (an impact driver in three voltages),
 * each variant a product of its own, with its own SKU, price, stock and weight. The family holds what
 * they share, and the options that tell them apart.
 */
export const productFamilies = pgTable('product_families', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  imageUrl: text('image_url').notNull(),
  categoryId: uuid('category_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'restrict' }),
  options: jsonb('options').$type<StoredFamilyOption[]>().notNull(),
  /** Documents every variant's page lists after its own (a family's datasheet, its safety data sheet). */
  documents: jsonb('documents').$type<ProductDocument[]>().notNull().default([]),
  createdAt: createdAt(),
});

/**
 * A price break as stored: from `minQuantity` units on, each unit costs `priceCents`. A product keeps
 * them ascending, the first at its lower bound when saved, prices never rising (shared/domain/price-tiers).
 */
export interface StoredPriceTier {
  minQuantity: number;
  priceCents: number;
}

/** A product's tax class: a zone's rate is per class; exempt goods are never taxed. */
export const taxClass = pgEnum('tax_class', ['standard', 'reduced', 'zero', 'exempt']);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The manufacturer's part number, upper case, unique: what buyers search and quote. */
    sku: text('sku').notNull().unique(),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    description: text('description').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    minOrder: integer('min_order').notNull(),
    available: integer('available').notNull(),
    /** The unit price at the lower bound: the first tier's, kept in a column to sort and filter by. */
    priceCents: integer('price_cents').notNull(),
    priceTiers: jsonb('price_tiers').$type<StoredPriceTier[]>().notNull(),
    /** Shown on the home grid before the newest products. */
    featured: boolean('featured').notNull().default(false),
    /**
     * How it is taxed and shipped: its tax class, one unit's weight in grams (0: not yet
     * weighed) and how many units a carton holds.
     */
    taxClass: taxClass('tax_class').notNull().default('standard'),
    weightGrams: integer('weight_grams').notNull().default(0),
    unitsPerCarton: integer('units_per_carton').notNull().default(1),
    /** Its specifications by attribute key, as its category declares them (`{"voltage": 18}`). */
    specs: jsonb('specs').$type<ProductSpecs>().notNull().default({}),
    /**
     * How it is counted and packed: its unit of measure (a UN/ECE Recommendation 20 code) and the
     * pack it is sold in (a quantity is a multiple of it).
     */
    unit: text('unit').notNull().default('EA'),
    orderMultiple: integer('order_multiple').notNull().default(1),
    /** Days from an order to its shipping when stock runs short (0: none given). */
    leadTimeDays: integer('lead_time_days').notNull().default(0),
    /** The family it is a variant of, and the value it takes for each of the family's options. */
    familyId: uuid('family_id').references(() => productFamilies.id, { onDelete: 'restrict' }),
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    /** Its datasheets, safety data sheets and manuals (PDFs uploaded to the shop, or https:// addresses). */
    documents: jsonb('documents').$type<ProductDocument[]>().notNull().default([]),
    /**
     * The words search matches (full text, GIN-indexed): SKU and name weighted above the description.
     * A typed word also matches the catalog's words spelled like it (search_words), so a typo finds.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('simple', ${products.sku} || ' ' || ${products.name}), 'A') || setweight(to_tsvector('simple', ${products.description}), 'B')`,
      ),
    // Milliseconds, as a JavaScript Date holds them: a catalog cursor carries it back exactly.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check('products_min_order_positive', sql`${t.minOrder} > 0`),
    check('products_available_not_negative', sql`${t.available} >= 0`),
    check('products_price_positive', sql`${t.priceCents} > 0`),
    check('products_price_tiers_list', sql`jsonb_typeof(${t.priceTiers}) = 'array'`),
    check('products_weight_not_negative', sql`${t.weightGrams} >= 0`),
    check('products_units_per_carton_positive', sql`${t.unitsPerCarton} > 0`),
    check('products_specs_object', sql`jsonb_typeof(${t.specs}) = 'object'`),
    check('products_order_multiple_positive', sql`${t.orderMultiple} > 0`),
    check('products_lead_time_not_negative', sql`${t.leadTimeDays} >= 0`),
    check('products_unit_code', sql`${t.unit} ~ '^[A-Z0-9]{1,3}$'`),
    // The catalog's search, category and specification filters in one GIN index: the search's words
    // and catalog_keys (the specifications with the category as "@category", migration 0052) are
    // intersected inside the index, so a word half the catalog holds costs only the rows that pass
    // every filter (at a million SKUs, 2,500 rows read instead of 48,000 pages; docs/decisions/0008).
    index('products_catalog_idx').using(
      'gin',
      t.searchVector,
      sql`catalog_keys(${t.specs}, ${t.categoryId}) jsonb_path_ops`,
    ),
    // A family's variants, read together (its page, its price range, its one place in a listing);
    // no two variants of a family choose the same options.
    uniqueIndex('products_family_options_idx').on(t.familyId, t.options),
    // Keyset pages (GET /api/catalog) walk one of these indexes in either direction.
    index('products_newest_idx').on(t.createdAt, t.id),
    index('products_name_idx').on(t.name, t.id),
    index('products_price_idx').on(t.priceCents, t.id),
    index('products_category_newest_idx').on(t.categoryId, t.createdAt, t.id),
    index('products_featured_newest_idx').on(t.featured, t.createdAt, t.id),
    check('products_sku_upper', sql`${t.sku} = upper(${t.sku})`),
    // Quick order's 'did you mean' for a SKU no product has: the nearest SKUs by trigram distance
    // (pg_trgm `<->`), which a GiST index answers without reading every SKU.
    index('products_sku_trgm_idx').using('gist', t.sku.op('gist_trgm_ops')),
    // Low stock (the dashboard): below twice the lower bound, max(min_order, ORDER_MIN_UNITS), is
    // "available < 2 * min_order or available < 2 * ORDER_MIN_UNITS", one index for each side.
    index('products_available_idx').on(t.available),
    index('products_stock_margin_idx').on(sql`(${t.available} - 2 * ${t.minOrder})`),
  ],
);

/**
 * Every word the catalog's products use, kept by a trigger on products (migration 0006): search
 * corrects a typed word to the words spelled like it here (pg_trgm similarity, GIN-indexed).
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

export const orderStatus = pgEnum('order_status', [
  'unpaid',
  'paid',
  'shipped',
  'cancelled',
  'expired',
  'awaiting_approval',
  'rejected',
  'on_account',
  'awaiting_freight',
  'partially_shipped',
]);

/** How an order is paid: by card before it ships, or on the company's account, invoiced. */
export const paymentMethod = pgEnum('payment_method', ['card', 'account']);

/**
 * How an order's freight was found: priced by its zone's weight band, free above the zone's
 * threshold, quoted by the shop (a pallet: unknown until the shop sets it), or none (an order with no
 * structured destination: the spec's one-box address, or placed before freight was charged).
 */
export const freightKind = pgEnum('freight_kind', ['priced', 'free', 'quoted', 'none']);

export const quoteStatus = pgEnum('quote_status', [
  'requested',
  'answered',
  'declined',
  'accepted',
  'expired',
]);

/**
 * A customer's request for a price on quantities the shop does not sell through the buy form (beyond
 * the stock, or a negotiated price), the shop's answer, and the order it became (DESIGN §9). What is
 * asked for is in its lines (quote_lines); its state moves only through shared/domain/quote-status.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What people say on the phone and in mails: Q-1001. */
    quoteNumber: integer('quote_number').notNull().generatedAlwaysAsIdentity({ startWith: 1001 }).unique(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The company it was asked for: its colleagues share it, by their roles. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    buyerName: text('buyer_name').notNull(),
    /** Every unit of every line (quote_lines), summed when the quote is requested. */
    quantity: integer('quantity').notNull(),
    note: text('note').notNull().default(''),
    status: quoteStatus('status').notNull().default('requested'),
    /** The shop's answer: a unit price on each line, valid until a time. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    reply: text('reply'),
    /** When a quantity is beyond the stock: the day the shop promises the rest will ship. */
    shipDate: date('ship_date', { mode: 'string' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** When it was accepted, declined or expired. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('quotes_quantity_positive', sql`${t.quantity} > 0`),
    index('quotes_user_created_idx').on(t.userId, t.createdAt),
    index('quotes_company_created_idx').on(t.companyId, t.createdAt),
    index('quotes_status_created_idx').on(t.status, t.createdAt),
  ],
);

/**
 * A quote's lines: one product each, as it was called when asked for, and the unit price
 * the shop answered for it. Accepting the quote makes an order of these lines at these prices.
 */
export const quoteLines = pgTable(
  'quote_lines',
  {
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… in the order the buyer listed them. */
    lineNumber: smallint('line_number').notNull(),
    // Kept when the product is deleted; such a line can no longer be accepted.
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    /** The shop's price for a unit of this line, once answered. */
    unitPriceCents: integer('unit_price_cents'),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.lineNumber] }),
    check('quote_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('quote_lines_unit_price_positive', sql`${t.unitPriceCents} is null or ${t.unitPriceCents} > 0`),
    index('quote_lines_product_idx').on(t.productId),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What people say on the phone and in mails: order 10001. Numbered in placing order, gaps allowed. */
    orderNumber: integer('order_number').notNull().generatedAlwaysAsIdentity({ startWith: 10001 }).unique(),
    // Kept when the account is deleted (DESIGN: orders outlive users); `email` still says whose it was.
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The company it was placed for: its colleagues share it, by their roles. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** The recipient the goods go to (the ship-to name), not necessarily who placed the order. */
    buyerName: text('buyer_name').notNull(),
    /** The address of the account that placed it (mails go there). */
    email: text('email').notNull(),
    /** The name of the account that placed it, as it was then; null on orders placed before it was kept. */
    placedByName: text('placed_by_name'),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    /** The buyer's company and purchase-order number, for their accounts department (optional). */
    company: text('company'),
    poNumber: text('po_number'),
    /**
     * The order's totals as placed: every unit of every line (order_lines), and its amount, the total
     * of its charges (orderCharges).
     */
    quantity: integer('quantity').notNull(),
    /**
     * The order's total (orderCharges): the lines' subtotal, the freight and the tax; what
     * is charged by card or put on account. Until the shop quotes a pallet's freight, without it.
     */
    amountCents: integer('amount_cents').notNull(),
    /**
     * Where it is delivered, structured; `address` is its formatted text. Null: an order
     * given the spec's one-box address, or placed before addresses were structured.
     */
    shipTo: jsonb('ship_to').$type<StoredShipTo>(),
    /** The lines' amounts together, before freight and tax. */
    subtotalCents: integer('subtotal_cents').notNull(),
    /** The freight charged (null while the shop is quoting a pallet's) and how it was found. */
    freightCents: integer('freight_cents').default(0),
    freightKind: freightKind('freight_kind').notNull().default('none'),
    /**
     * While the shop quotes a pallet's freight: that freight and its tax as estimated from the zone's
     * heaviest band, which the order counts as against credit and spending limits until the quote
     * replaces it (null then, and for every other order).
     */
    freightEstimateCents: integer('freight_estimate_cents'),
    /**
     * The order's tax together: every line's (each rounded to the cent, order_lines.tax_cents) and the
     * freight's (`freightTaxes`).
     */
    taxCents: integer('tax_cents').notNull().default(0),
    /**
     * The tax on the freight where the destination taxes freight, by rate: the freight split across
     * the lines' rates in proportion to their amounts, each part taxed at its rate (cents; rates in
     * thousandths of a percent). Empty where freight is not taxed, or not yet quoted.
     */
    freightTaxes: jsonb('freight_taxes')
      .$type<{ rate: number; baseCents: number; taxCents: number }[]>()
      .notNull()
      .default([]),
    /**
     * What the order was taxed by when it was placed: the zone and its rates, or why it was
     * not taxed (an exemption certificate, the reverse charge) with the evidence. Documents made later
     * (invoices, credit notes) read this, never today's rates.
     */
    taxBasis: jsonb('tax_basis').$type<StoredTaxBasis>(),
    status: orderStatus('status').notNull().default('unpaid'),
    transactionId: text('transaction_id').unique(),
    /** The order's payment intent at the payment provider (DESIGN §4), while it has one to be paid by. */
    paymentIntentId: text('payment_intent_id').unique(),
    /**
     * Which of the order's payment intents is current: a change of the order's lines (its amount)
     * cancels its intent and the next is made under the next attempt (the provider's idempotency key
     * names it), so an intent is never charged an amount the order no longer has.
     */
    paymentAttempt: integer('payment_attempt').notNull().default(0),
    /** Paid through the built-in test provider: no money moved (DESIGN §4). */
    paidInTestMode: boolean('paid_in_test_mode').notNull().default(false),
    /** The end of an unpaid order's stock reservation (DESIGN §4: ORDER_HOLD_HOURS). */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    /** The customer was told the hold ends soon (once per order). */
    holdReminderSentAt: timestamp('hold_reminder_sent_at', { withTimezone: true }),
    /**
     * Given when the order is paid: the next number of the `invoice` counter, in the transaction that
     * marks it paid, so invoice numbers have no gaps and never repeat.
     */
    invoiceNumber: integer('invoice_number').unique(),
    /** The accepted quote this order was made from (priced at the quote, not the tiers). */
    quoteId: uuid('quote_id')
      .references(() => quotes.id, { onDelete: 'set null' })
      .unique(),
    // When the order reached each later state: its history, with createdAt as 'placed'.
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /** Who carries a shipped order, and its tracking number (given when it is marked shipped). */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** The day the shop promised the backordered units (order_lines) would ship (from the quote's answer). */
    shipDate: date('ship_date', { mode: 'string' }),
    /** When it was cancelled or expired. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * A buyer's request to cancel a paid order that has not shipped (POST /api/purchase/{id}/cancellation):
     * when, by whom and why, until a shop admin cancels the order or refuses (which clears it).
     */
    cancellationRequestedAt: timestamp('cancellation_requested_at', { withTimezone: true, precision: 3 }),
    cancellationRequestedBy: text('cancellation_requested_by'),
    cancellationReason: text('cancellation_reason'),
    /**
     * The company's approval: whether its rules asked for one when the order was placed, who
     * decided (their address, kept after they leave) and when, and why an order was rejected. An order
     * approved automatically (the company lets its only approver's own orders through) was decided by
     * its buyer when it was placed.
     */
    approvalRequired: boolean('approval_required').notNull().default(false),
    approvedAutomatically: boolean('approved_automatically').notNull().default(false),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
    rejectionReason: text('rejection_reason'),
    /**
     * The account that last changed the order's lines (null: never changed): like its buyer, it may
     * not approve the order (four eyes).
     */
    lastChangedBy: text('last_changed_by'),
    /**
     * On account: invoiced when it is placed (or approved), its invoice due on `dueDate`;
     * the buyer's company was reminded 3 days before it and once it was overdue.
     */
    paymentMethod: paymentMethod('payment_method').notNull().default('card'),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    dueDate: date('due_date', { mode: 'string' }),
    dueReminderSentAt: timestamp('due_reminder_sent_at', { withTimezone: true }),
    overdueReminderSentAt: timestamp('overdue_reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'orders_total_adds_up',
      sql`${t.amountCents} = ${t.subtotalCents} + coalesce(${t.freightCents}, 0) + ${t.taxCents}`,
    ),
    // Only a pallet's freight is unknown, until the shop quotes it (and then it stays 'quoted').
    check('orders_freight_known', sql`${t.freightCents} is not null or ${t.freightKind} = 'quoted'`),
    index('orders_email_idx').on(t.email),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_company_created_idx').on(t.companyId, t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    // Manage All Orders lists newest first, by any range of days; the dashboard sums what was paid by day.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_paid_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    // Unpaid holds ending soon (the dashboard), and the expiry sweep's overdue holds.
    index('orders_unpaid_hold_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'unpaid'`),
  ],
);

/**
 * Where a line's unit price came from: the product's volume tiers, the quote it was agreed in, or the
 * buyer's company's price list.
 */
export const priceSource = pgEnum('price_source', ['tier', 'quote', 'contract']);

/**
 * An order's lines: one product each, with what it was called, its SKU and its price when
 * the order was placed, so that an order reads the same after the product changes or goes.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… in the order the buyer listed them. */
    lineNumber: smallint('line_number').notNull(),
    // Kept when the product is deleted: the line carries its own name, SKU, quantity and price.
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The product's SKU when ordered (null for lines ordered before products had one and since deleted). */
    sku: text('sku'),
    name: text('name').notNull(),
    /**
     * What the buyer's company calls the product (company_part_numbers) when ordered: shown beside
     * the SKU on the order, its invoice and exports (null: the company keeps no number for it).
     */
    partNumber: text('part_number'),
    /** The product's unit of measure when ordered (a UN/ECE Rec. 20 code; null: ordered before units). */
    unit: text('unit'),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /**
     * How the unit price was found (priceLine): `tier`; `quote` with the quote's id as its ref; or
     * `contract` with the price list's id as its ref and its name then as its label, so the line says
     * which agreement priced it however the list changes later.
     */
    priceSource: priceSource('price_source').notNull(),
    priceSourceRef: text('price_source_ref'),
    priceSourceLabel: text('price_source_label'),
    /**
     * Units that were not in stock when the order was made (an accepted quote's): not reserved, filled
     * first by new stock (stock/backorders.ts); they ship in a later shipment once they are in.
     */
    backorderedUnits: integer('backordered_units').notNull().default(0),
    /** Units that left in shipments (shipment_lines): never more than those not on backorder. */
    shippedQuantity: integer('shipped_quantity').notNull().default(0),
    /**
     * Units cancelled after the order was placed (POST /api/admin/orders/{id}/cancel): never shipped,
     * their stock given back, their share credited by a credit note when the order was invoiced.
     */
    cancelledQuantity: integer('cancelled_quantity').notNull().default(0),
    /** Shipped units a buyer is returning or returned (returns not rejected): never more than shipped. */
    returnedQuantity: integer('returned_quantity').notNull().default(0),
    /**
     * How the line was taxed: the product's class then, the rate applied (thousandths of a
     * percent; 0 when exempt, reverse-charged or untaxed at the destination) and its tax, rounded to
     * the cent on its own.
     */
    taxClass: taxClass('tax_class').notNull().default('standard'),
    taxRate: integer('tax_rate').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineNumber] }),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_price_not_negative', sql`${t.unitPriceCents} >= 0`),
    check(
      'order_lines_backorder_range',
      sql`${t.backorderedUnits} between 0 and ${t.quantity} - ${t.cancelledQuantity}`,
    ),
    check(
      'order_lines_shipped_range',
      sql`${t.shippedQuantity} between 0 and ${t.quantity} - ${t.backorderedUnits} - ${t.cancelledQuantity}`,
    ),
    check('order_lines_cancelled_range', sql`${t.cancelledQuantity} between 0 and ${t.quantity}`),
    check('order_lines_returned_range', sql`${t.returnedQuantity} between 0 and ${t.shippedQuantity}`),
    // What was bought of a product (reviews, the dashboard), and its oldest backorders (new stock).
    index('order_lines_product_idx').on(t.productId),
    index('order_lines_backorders_idx')
      .on(t.productId)
      .where(sql`${t.backorderedUnits} > 0`),
    index('order_lines_sku_idx').on(t.sku),
  ],
);

/**
 * One parcel or pallet that left for an order (POST /api/admin/orders/{id}/shipments): who carries it,
 * its tracking number, when and by whom it was sent; its lines say how many units of which order line.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true, precision: 3 }).notNull(),
    /** The shop admin who sent it (their email); null for shipments recorded before shipments existed. */
    shippedBy: text('shipped_by'),
  },
  (t) => [index('shipments_order_idx').on(t.orderId, t.shippedAt)],
);

export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    lineNumber: smallint('line_number').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.lineNumber] }),
    foreignKey({
      columns: [t.orderId, t.lineNumber],
      foreignColumns: [orderLines.orderId, orderLines.lineNumber],
    }).onDelete('cascade'),
    check('shipment_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * What happened to an order, one row per step (its timeline): placed, approved, freight quoted, paid,
 * shipped, cancelled, refunded… Written in the transaction that took the step, by the order process
 * (orders/order-process.ts), never changed afterwards. `from` and `to` are the order's states before
 * and after (equal for a step that did not move it, such as a refund); `actor` is the email of the
 * person who took it, or null for the shop itself (an expiry, a payment the provider reported); `note`
 * is what the step says besides (a rejection's reason, a shipment's carrier and lines).
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    event: text('event').$type<OrderEvent>().notNull(),
    // Text, not the enum: the migration that backfills them may run with enum values not yet committed.
    fromStatus: text('from_status').$type<OrderStatus>(),
    toStatus: text('to_status').$type<OrderStatus>().notNull(),
    actor: text('actor'),
    /** Taken by the shop's staff: a customer reads it as the shop's step, without the staff member's address. */
    byStaff: boolean('by_staff').notNull().default(false),
    note: text('note'),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * A credit note (DESIGN §11): what the shop gives back of an invoiced order, numbered in the gapless
 * `credit_note` series (counters) in the transaction that issues it. An order has one per cancellation
 * (of some units or of all that were left) and per refunded return; each repeats the invoice's prices
 * and rates for the units it credits (credit_note_lines), and the freight with its tax when the whole
 * order went. Never changed once issued.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    issuedAt: timestamp('issued_at', { withTimezone: true, precision: 3 }).notNull(),
    /** Why: the cancellation's or the return's reason, as the shop admin gave it. */
    reason: text('reason').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    /** The order's freight, credited only with the last of its units when nothing had shipped. */
    freightCents: integer('freight_cents').notNull().default(0),
    freightTaxes: jsonb('freight_taxes')
      .$type<{ rate: number; baseCents: number; taxCents: number }[]>()
      .notNull()
      .default([]),
    /**
     * The tax credited: the lines' tax shares and the freight's tax, less the tax a restocking fee
     * keeps (the note's breakdown's, billing/document-breakdown.ts). Notes issued before migration
     * 0059 were given the same figure by it.
     */
    taxCents: integer('tax_cents').notNull(),
    /** A refunded return's restocking fee as kept, tax included: taken off what is credited. */
    restockingFeeCents: integer('restocking_fee_cents').notNull().default(0),
    /** The tax in that fee (its net part is the fee less this). */
    restockingFeeTaxCents: integer('restocking_fee_tax_cents').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    /** The shop admin who issued it (their email); null for credit notes from before they were kept. */
    issuedBy: text('issued_by'),
  },
  (t) => [
    index('credit_notes_order_idx').on(t.orderId, t.issuedAt),
    check('credit_notes_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'credit_notes_total_adds_up',
      sql`${t.amountCents} = ${t.subtotalCents} + ${t.freightCents} + ${t.taxCents} - (${t.restockingFeeCents} - ${t.restockingFeeTaxCents})`,
    ),
  ],
);

/** A credit note's lines: units of an order line, at its unit price, and their share of its tax. */
export const creditNoteLines = pgTable(
  'credit_note_lines',
  {
    creditNoteId: uuid('credit_note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    lineNumber: smallint('line_number').notNull(),
    quantity: integer('quantity').notNull(),
    amountCents: integer('amount_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.creditNoteId, t.lineNumber] }),
    foreignKey({
      columns: [t.orderId, t.lineNumber],
      foreignColumns: [orderLines.orderId, orderLines.lineNumber],
    }).onDelete('restrict'),
    index('credit_note_lines_order_idx').on(t.orderId, t.lineNumber),
    check('credit_note_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const issuedDocumentKind = pgEnum('issued_document_kind', ['invoice', 'credit_note']);

/**
 * Every invoice and credit note as it was issued (billing/issued-documents.ts): written in the
 * transaction that gave it its number, with what its renderings read (the order and, for a credit
 * note, the note as they stood then, and the seller's details), so that a later step (a shipment, a
 * change of the shop's address or bank) never changes a document a buyer already has. A database
 * trigger refuses changes and deletions.
 */
export const issuedDocuments = pgTable(
  'issued_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: issuedDocumentKind('kind').notNull(),
    /** INV-/CN- number: the document's own series (counters). */
    number: integer('number').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    creditNoteId: uuid('credit_note_id').references(() => creditNotes.id, { onDelete: 'restrict' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** What every rendering reads (billing/issued-documents.ts, IssuedSnapshot). */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('issued_documents_number').on(t.kind, t.number),
    index('issued_documents_order_idx').on(t.orderId),
  ],
);

export const issuedDocumentFormat = pgEnum('issued_document_format', ['pdf', 'ubl', 'cii']);

/**
 * An issued document's files, each rendered once from its snapshot and kept: every later download or
 * mail sends these bytes. A database trigger refuses changes and deletions.
 */
export const issuedDocumentFiles = pgTable(
  'issued_document_files',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => issuedDocuments.id, { onDelete: 'restrict' }),
    format: issuedDocumentFormat('format').notNull(),
    content: bytea('content').notNull(),
    /** SHA-256 of the content, hex: what an auditor compares a copy against. */
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.format] })],
);

export const returnStatus = pgEnum('return_status', [
  'requested',
  'approved',
  'rejected',
  'received',
  'refunded',
]);

/**
 * A return (RMA): shipped units a buyer sends back (POST /api/purchase/{id}/returns), numbered in its
 * own series (RMA-000001). The shop approves it (with return instructions) or rejects it (with a
 * reason), receives the units (resellable ones go back to stock) and refunds them with a credit note.
 */
export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    status: returnStatus('status').notNull().default('requested'),
    /** Who asked (their email) and when, with what they added. */
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, precision: 3 }).notNull(),
    note: text('note'),
    /** The shop admin who approved or rejected it, when, and the instructions or the reason. */
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true, precision: 3 }),
    instructions: text('instructions'),
    rejectionReason: text('rejection_reason'),
    receivedBy: text('received_by'),
    receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 }),
    /** Its refund's credit note, once refunded. */
    creditNoteId: uuid('credit_note_id')
      .references(() => creditNotes.id, { onDelete: 'restrict' })
      .unique(),
    refundedAt: timestamp('refunded_at', { withTimezone: true, precision: 3 }),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    index('returns_order_idx').on(t.orderId, t.requestedAt),
    index('returns_status_idx').on(t.status, t.requestedAt),
  ],
);

/**
 * A return's lines: units of an order line, why they come back, and once received how many are
 * resellable (back to stock) and how many damaged.
 */
export const returnLines = pgTable(
  'return_lines',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    lineNumber: smallint('line_number').notNull(),
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull(),
    resellableQuantity: integer('resellable_quantity').notNull().default(0),
    damagedQuantity: integer('damaged_quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.lineNumber] }),
    foreignKey({
      columns: [t.orderId, t.lineNumber],
      foreignColumns: [orderLines.orderId, orderLines.lineNumber],
    }).onDelete('restrict'),
    check('return_lines_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'return_lines_received_range',
      sql`${t.resellableQuantity} >= 0 and ${t.damagedQuantity} >= 0 and ${t.resellableQuantity} + ${t.damagedQuantity} <= ${t.quantity}`,
    ),
  ],
);

export const refundStatus = pgEnum('refund_status', ['pending', 'succeeded', 'failed']);

/**
 * Money given back for an order: to the card it was paid with, through the payment provider, or
 * credited to the company's account (the ledger's credit note). A card refund is recorded `pending` in
 * the transaction that decided it, then sent to the provider with its own id as the idempotency key, so
 * a retry (ours, the provider's, a second process's) never refunds twice; `succeeded` once the provider
 * answers, or `failed` with the provider's reason.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The credit note it pays out; null for a payment that arrived after its order closed. */
    creditNoteId: uuid('credit_note_id').references(() => creditNotes.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    method: paymentMethod('method').notNull(),
    status: refundStatus('status').notNull(),
    /** The provider's id of the refund, once it answered. */
    providerRefundId: text('provider_refund_id').unique(),
    failure: text('failure'),
    requestedAt: timestamp('requested_at', { withTimezone: true, precision: 3 }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true, precision: 3 }),
    /** Sends so far (a pending refund is sent again by the refunds job until the provider answers). */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.requestedAt),
    index('refunds_pending_idx')
      .on(t.requestedAt)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('refunds_one_per_credit_note').on(t.creditNoteId),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A signed-in buyer's cart: one line per product, kept on the server so it survives sign-out
 * and follows the buyer to other devices. `seenUnitPriceCents` is the price the buyer was shown when
 * they last set the line, so the cart can say when the price has changed since.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    seenUnitPriceCents: integer('seen_unit_price_cents').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    text: text('text').notNull(),
    rating: smallint('rating').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [check('reviews_rating_range', sql`${t.rating} between 1 and 5`)],
);

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
});

/** Facts about the database itself, such as whether the demo catalog was ever seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

// Identity tables, in the shape better-auth expects (its models user, session, account, verification).
const timestamps = {
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const userRole = pgEnum('user_role', ['user', 'admin']);

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: userRole('role').notNull().default('user'),
  ...timestamps,
});

export const companyStatus = pgEnum('company_status', ['active', 'suspended']);
/** How a company pays: by card before shipping, or on account with an invoice due in N days. */
export const paymentTerms = pgEnum('payment_terms', ['card', 'net15', 'net30', 'net60']);

/** How a company receives its invoices and credit notes by mail: a Factur-X PDF, UBL, or both. */
export const invoiceDelivery = pgEnum('invoice_delivery', ['pdf', 'ubl', 'both']);
export const companyRole = pgEnum('company_role', ['admin', 'buyer', 'approver', 'viewer']);

/**
 * A business that buys: colleagues with roles share its orders, quotes, invoices, saved lists
 * and address book. A suspended company's members can still read, not order.
 */
export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The legal name, as invoices show it. */
  name: text('name').notNull(),
  /** A tax or VAT registration number, when it has one. */
  taxId: text('tax_id'),
  /**
   * When and by whom a shop admin verified the VAT ID as registered (in VIES, which the shop cannot
   * reach itself); null until then, and again whenever the ID changes. Only a verified ID counts for
   * tax (an intra-community supply).
   */
  vatVerifiedAt: timestamp('vat_verified_at', { withTimezone: true }),
  vatVerifiedBy: text('vat_verified_by'),
  billingAddress: text('billing_address').notNull().default(''),
  /** The billing address structured, as invoices print it; `billingAddress` is its text. */
  billingTo: jsonb('billing_to').$type<StoredShipTo>(),
  /**
   * Its accounts-payable system's addresses: where invoices and credit notes are mailed (besides the
   * buyer), in which format, and its Peppol participant ID ("0088:5790000435975"), which its
   * e-invoices name as the buyer's electronic address.
   */
  billingEmail: text('billing_email'),
  invoiceDelivery: invoiceDelivery('invoice_delivery').notNull().default('pdf'),
  peppolId: text('peppol_id'),
  status: companyStatus('status').notNull().default('active'),
  /** Whether colleagues may ship to an address outside the address book (its admins decide). */
  freeAddresses: boolean('free_addresses').notNull().default(true),
  /**
   * Its rules (PUT /api/company/rules): orders above this total wait for an approver; the company's
   * orders placed in one calendar month (UTC), unpaid or paid, may not together pass the monthly limit.
   * Null: no such rule.
   */
  approvalAboveCents: integer('approval_above_cents'),
  monthlyLimitCents: integer('monthly_limit_cents'),
  /** An order that needs approval, placed by the company's only approver, is approved at once. */
  autoApprove: boolean('auto_approve').notNull().default(false),
  /**
   * Its terms with the shop (set by shop admins): card only, or on account, the invoice due
   * 15, 30 or 60 days after it is issued, the open balance never above the credit limit.
   */
  paymentTerms: paymentTerms('payment_terms').notNull().default('card'),
  creditLimitCents: integer('credit_limit_cents').notNull().default(0),
  /** Days an invoice may be overdue before the company may no longer order on account. */
  graceDays: integer('grace_days').notNull().default(0),
  ...timestamps,
});

/** A company's ship-to addresses: checkout picks one; one of them is the default. */
export const companyAddresses = pgTable(
  'company_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** What colleagues call it: "Leeds depot". */
    label: text('label').notNull(),
    /** Who receives, the address on lines of its own, and a phone number for the carrier. */
    recipient: text('recipient').notNull(),
    address: text('address').notNull(),
    /** The address structured, which tax and freight go by; null for one written before. */
    shipTo: jsonb('ship_to').$type<StoredShipTo>(),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('company_addresses_company_idx').on(t.companyId, t.createdAt),
    uniqueIndex('company_addresses_one_default')
      .on(t.companyId)
      .where(sql`${t.isDefault}`),
  ],
);

/** What an API key may do (DESIGN §11): read the catalog with the company's prices, read or place orders. */
export const apiKeyScope = pgEnum('api_key_scope', ['catalog:read', 'orders:read', 'orders:write']);

/**
 * A company's API keys, for its own systems (an ERP ordering without a person): made by one of its
 * admins, acting as the company within their scopes, never as an admin of the shop or of the company.
 * Only a key's SHA-256 is kept (the key is shown once); its first characters name it in lists.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The admin who made it: its orders are placed in their name, its mails go to them. */
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: apiKeyScope('scopes').array().notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** "fl_AbC1": enough to tell keys apart, nothing to use. */
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('api_keys_company_idx').on(t.companyId),
    check('api_keys_scopes_given', sql`cardinality(${t.scopes}) between 1 and 3`),
  ],
);

export const webhookEvent = pgEnum('webhook_event', WEBHOOK_EVENTS);

/**
 * Where the shop sends events (DESIGN §11): the shop's own webhook (no company) hears of every order, a
 * company's of the company's own. The secret signs each delivery; it was shown once, when registered.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: webhookEvent('events').array().notNull(),
    secret: text('secret').notNull(),
    /** Who registered it (kept by address: the webhook outlives the account). */
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhooks_company_idx').on(t.companyId),
    check('webhooks_events_given', sql`cardinality(${t.events}) >= 1`),
  ],
);

export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', WEBHOOK_DELIVERY_STATES);

/**
 * The webhooks' outbox (DESIGN §11): one row per event and webhook, written in the transaction that
 * made the event, so a restart loses none; the worker claims it, sends `body` as it is (the same bytes
 * every try) and keeps each try, until the receiver answers 2xx or `giveUpAt` passes.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order events were queued in (two of one step share their time): each webhook's are sent in it. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: webhookEvent('event_type').notNull(),
    body: text('body').notNull(),
    status: webhookDeliveryStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    tries: jsonb('tries').$type<WebhookTry[]>().notNull().default([]),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker that claimed the delivery holds it until then; past it, another may take it over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Tried until then (a day after the event, or after 'Send again'), then failed. */
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.seq),
  ],
);

export const punchoutProtocol = pgEnum('punchout_protocol', ['cxml', 'oci']);

/**
 * A company's procurement system, set up by the shop's admin (DESIGN §11): how it authenticates (cXML's
 * sender credential and shared secret, or OCI's user name and password, kept only as scrypt hashes),
 * where carts may be returned to, and the colleague its buyers order as.
 */
export const punchoutConnections = pgTable(
  'punchout_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    protocol: punchoutProtocol('protocol').notNull(),
    /** What the buyer's system is called ('SAP Ariba'): 'Transfer to SAP Ariba'. */
    systemName: text('system_name').notNull(),
    senderDomain: text('sender_domain'),
    senderIdentity: text('sender_identity'),
    username: text('username'),
    secretHash: text('secret_hash').notNull(),
    /** The hosts a cart may be returned to (BrowserFormPost, HOOK_URL): no open redirect. */
    returnHosts: text('return_hosts').array().notNull(),
    /** The colleague the procurement system's buyers order as (gone: the connection refuses until another is set). */
    buyerUserId: text('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('punchout_connections_company_idx').on(t.companyId),
    uniqueIndex('punchout_connections_cxml_sender')
      .on(sql`lower(${t.senderDomain})`, sql`lower(${t.senderIdentity})`)
      .where(sql`${t.protocol} = 'cxml'`),
    uniqueIndex('punchout_connections_oci_user')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.protocol} = 'oci'`),
    check(
      'punchout_connections_credentials',
      sql`(${t.protocol} = 'cxml' and ${t.senderDomain} is not null and ${t.senderIdentity} is not null) or (${t.protocol} = 'oci' and ${t.username} is not null)`,
    ),
  ],
);

/**
 * One punchout: made by a setup request (cXML) or a catalog call (OCI), started once through its
 * single-use start address, and ended by the transfer of its cart to `returnUrl`.
 */
export const punchoutSessions = pgTable(
  'punchout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => punchoutConnections.id, { onDelete: 'cascade' }),
    /** SHA-256 of the start address's token: used once, within five minutes. */
    startTokenHash: text('start_token_hash').notNull().unique(),
    startExpiresAt: timestamp('start_expires_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Where the cart goes back: cXML's BrowserFormPost URL, OCI's HOOK_URL (on the connection's hosts). */
    returnUrl: text('return_url').notNull(),
    buyerCookie: text('buyer_cookie'),
    /** cXML: the buyer's organisation (the setup request's From), the To of the cart sent back. */
    buyerCredential: jsonb('buyer_credential').$type<{ domain: string; identity: string }>(),
    operation: text('operation').notNull().default('create'),
    /** OCI's ~TARGET: the frame the returned form is posted into. */
    ociTarget: text('oci_target'),
    setupPayloadId: text('setup_payload_id'),
    /** The procurement system's buyer, as it named them (cXML's UserEmail extrinsic). */
    contact: text('contact'),
    contactName: text('contact_name'),
    /** The requisition's lines an edit or inspect setup request brought: the cart starts with them. */
    items: jsonb('items')
      .$type<{ sku: string; quantity: number; buyerPartId: string | null }[]>()
      .notNull()
      .default([]),
    /** The account it shops as: the connection's buyer, or the contact's own. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    transferredAt: timestamp('transferred_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('punchout_sessions_connection_idx').on(t.connectionId, t.createdAt)],
);

/** Orders a procurement system sent (cXML OrderRequest): one per payloadID, so a resent one is the same order. */
export const punchoutOrders = pgTable(
  'punchout_orders',
  {
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => punchoutConnections.id),
    payloadId: text('payload_id').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.payloadId] })],
);

/** Who belongs to which company, and as what. An account belongs to at most one company. */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One role, or `admin` with `approver` (shared/domain/company-roles.ts). */
    roles: companyRole('roles').array().notNull(),
    /** This colleague's own monthly spending limit, besides the company's (null: none). */
    monthlyLimitCents: integer('monthly_limit_cents'),
    joinedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    check('company_members_roles_given', sql`cardinality(${t.roles}) between 1 and 2`),
  ],
);

/**
 * A saved list: a named set of products and quantities a buyer orders again and again ("the
 * monthly 40 parts"). A colleague's list belongs to their company, which shares it; anyone else's to
 * their account. 'Add all to cart' re-checks each line against today's price, stock and minimum.
 */
export const savedLists = pgTable(
  'saved_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** Who made it: its owner when it belongs to no company (a company's list stays when they leave). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [
    index('saved_lists_company_idx').on(t.companyId, t.updatedAt),
    index('saved_lists_user_idx').on(t.userId, t.updatedAt),
  ],
);

/** A saved list's lines: one per product, with the SKU, name and unit price it had when it was added. */
export const savedListLines = pgTable(
  'saved_list_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => savedLists.id, { onDelete: 'cascade' }),
    // Kept when the product is deleted, so that 'Add all to cart' can say which line was left out.
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    sku: text('sku'),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    /** The unit price when the line was added or last changed: 'Add all to cart' says when it moved. */
    unitPriceCents: integer('unit_price_cents').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_list_lines_product').on(t.listId, t.productId),
    index('saved_list_lines_list_idx').on(t.listId, t.addedAt),
    check('saved_list_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * A price list: contract prices a shop admin agrees with one or more companies, valid from
 * and to whole UTC days (null: no bound). Its entries price SKUs; companies hold lists by priority.
 */
export const priceLists = pgTable(
  'price_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    check(
      'price_lists_validity',
      sql`${t.validFrom} is null or ${t.validTo} is null or ${t.validFrom} <= ${t.validTo}`,
    ),
  ],
);

/**
 * One SKU's price in a list: its own breaks in cents, or a percentage off the product's base breaks (in
 * basis points: 1250 is 12.5 %), over the days it is valid. One list never prices a SKU twice on a day.
 */
export const priceListEntries = pgTable(
  'price_list_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    /** The SKU it prices, upper case (a product added later with this SKU is priced too). */
    sku: text('sku').notNull(),
    priceTiers: jsonb('price_tiers').$type<{ minQuantity: number; priceCents: number }[]>(),
    percentOffBasisPoints: integer('percent_off_basis_points'),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    /** Its place in the list as the admin gave it (exports keep the order). */
    position: integer('position').notNull(),
  },
  (t) => [
    index('price_list_entries_sku_idx').on(t.sku, t.priceListId),
    index('price_list_entries_list_idx').on(t.priceListId, t.position),
    check(
      'price_list_entries_one_price',
      sql`(${t.priceTiers} is null) <> (${t.percentOffBasisPoints} is null)`,
    ),
    check(
      'price_list_entries_percent_range',
      sql`${t.percentOffBasisPoints} is null or ${t.percentOffBasisPoints} between 1 and 10000`,
    ),
    check(
      'price_list_entries_validity',
      sql`${t.validFrom} is null or ${t.validTo} is null or ${t.validFrom} <= ${t.validTo}`,
    ),
  ],
);

/** The price lists a company holds, each with its priority for it: a higher number wins. */
export const companyPriceLists = pgTable(
  'company_price_lists',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    priority: integer('priority').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.priceListId] }),
    index('company_price_lists_list_idx').on(t.priceListId),
  ],
);

/**
 * An invitation to join a company, mailed as a single-use link valid 7 days. Only the token's hash is
 * kept: the link in the mail is the one copy of the token.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The invited address, lower case: only a confirmed account with it may accept. */
    email: text('email').notNull(),
    roles: companyRole('roles').array().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('company_invitations_company_idx').on(t.companyId, t.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set for a punchout's session: it may browse, fill the cart and transfer it, nothing else. */
    punchoutSessionId: uuid('punchout_session_id').references(() => punchoutSessions.id, {
      onDelete: 'cascade',
    }),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** The built-in test payment provider's own records: what Stripe keeps on its servers (DESIGN §4). */
export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    /** The order's payment attempt the intent was made for (orders.payment_attempt): one intent each. */
    attempt: integer('attempt').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    clientSecret: text('client_secret').notNull().unique(),
    status: text('status').notNull(),
    cardLast4: text('card_last4'),
    ...timestamps,
  },
  (t) => [unique('test_payment_intents_order_attempt').on(t.orderId, t.attempt)],
);

/**
 * The test provider's refunds (as Stripe keeps them): of a succeeded intent, never more in all than it
 * took; one per idempotency key, so a retried request answers the refund it made.
 */
export const testRefunds = pgTable(
  'test_refunds',
  {
    id: text('id').primaryKey(),
    intentId: text('intent_id')
      .notNull()
      .references(() => testPaymentIntents.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('test_refunds_intent_idx').on(t.intentId)],
);

/** Webhook events already handled, so a redelivered event changes nothing (Stripe retries). */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

/**
 * Better-auth's rate-limit counters, kept in the database when several processes share PostgreSQL so
 * that every instance counts the same attempts (DESIGN §6).
 */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** An attachment of a queued mail, made when it is sent: the invoice PDF of an order. */
/** A document a mail attaches, made when it is sent: its PDF (Factur-X), or its UBL (absent: the PDF). */
/**
 * The rows of the orders tables, for code that is given an order (billing renders what orders/ hands it):
 * only src/server/orders reads and writes the tables themselves (eslint.config.js, ordersOwnTheirTables).
 */
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type ShipmentRow = typeof shipments.$inferSelect;

export type MailAttachmentRef = (
  { kind: 'invoice'; orderId: string } | { kind: 'credit_note'; creditNoteId: string }
) & { format?: 'pdf' | 'ubl' };

export const mailStatus = pgEnum('mail_status', ['pending', 'sent', 'failed']);

/**
 * Mail waiting to be sent (DESIGN §6): written in the same transaction as what causes it, sent by the
 * mail worker outside any request, retried with backoff; `failed` once it has run out of attempts.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Files made when the mail is sent, named by what they are (an order's invoice). */
    attachments: jsonb('attachments').$type<MailAttachmentRef[]>().notNull().default([]),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker that claimed the mail holds it until then; past it, another may take it over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * Numbers that must have no gaps (invoices): taken by `UPDATE … SET value = value + 1 RETURNING` in
 * the transaction that uses the number, so a rolled-back transaction gives its number back.
 */
export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull(),
});

/** Request counters of the shop's own rate limits (http/rate-limit.ts), shared by every instance. */
export const requestCounters = pgTable('request_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});

export const auditAction = pgEnum('audit_action', [
  'product.add',
  'product.edit',
  'product.delete',
  'product.import',
  'user.make_admin',
  'user.delete',
  'order.ship',
  'review.delete',
  'quote.answer',
  'user.revoke_admin',
  'upload.add',
  'orders.export',
  'products.export',
  'company.create',
  'company.invite',
  'company.join',
  'company.member_roles',
  'company.member_remove',
  'company.status',
  'company.rules',
  'company.member_limit',
  'price_list.save',
  'price_list.delete',
  'company.price_lists',
  'company.terms',
  'company.payment',
  'tax_zone.save',
  'tax_zone.delete',
  'shipping_zone.save',
  'shipping_zone.delete',
  'order.freight',
  'tax_certificate.decide',
  'company.vat_verification',
  'company.invitation_revoke',
  'tax_certificate.upload',
  'company.details',
  'order.cancel',
  'order.cancellation_refused',
  'return.decide',
  'return.receive',
  'return.refund',
  'webhook.create',
  'webhook.delete',
  'webhook.resend',
  'api_key.create',
  'api_key.revoke',
  'punchout.connection_save',
  'punchout.connection_delete',
  'punchout.session',
  'punchout.order',
  'category.attributes',
  'family.add',
  'family.edit',
  'company.part_numbers',
  'document.resend',
]);

/**
 * Every admin action, with who, when, what and the values before and after (DESIGN §9), written in the
 * transaction of the action itself. Append-only: a trigger (migration 0008) refuses updates, deletes
 * and truncation. The actor is kept by id and address, without a foreign key, so an entry outlives the
 * account and never changes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: auditAction('action').notNull(),
    subject: text('subject').notNull(),
    before: jsonb('before').$type<AuditValues>(),
    after: jsonb('after').$type<AuditValues>(),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorEmail, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_at_idx').on(t.at),
  ],
);

/** What a company's ledger records. */
export const ledgerKind = pgEnum('ledger_kind', ['invoice', 'payment', 'credit_note', 'adjustment']);

/**
 * A company's account with the shop, append-only: invoices issued for its on-account orders
 * (positive), payments received and credit notes for cancelled on-account orders (negative), and a shop
 * admin's adjustments (either). The balance is the sum; a database trigger refuses changes and deletions.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    kind: ledgerKind('kind').notNull(),
    /** What it adds to the balance, in cents: what the company owes more (or, below zero, less). */
    amountCents: integer('amount_cents').notNull(),
    /** The day it counts from: an invoice's issue day, a payment's value day. */
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    /** An invoice's due day. */
    dueDate: date('due_date', { mode: 'string' }),
    /** The order an invoice or credit note is for, and the invoice's number. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    invoiceNumber: integer('invoice_number'),
    /** The credit note a credit_note entry books (credit_notes), once each. */
    creditNoteId: uuid('credit_note_id')
      .references(() => creditNotes.id, { onDelete: 'restrict' })
      .unique(),
    /** A payment's bank reference, an adjustment's reason. */
    reference: text('reference').notNull().default(''),
    /** Who recorded it (an admin's address; the shop for invoices and credit notes). */
    recordedBy: text('recorded_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_company_idx').on(t.companyId, t.occurredOn, t.createdAt),
    // An order is invoiced once; it may be credited several times (a cancellation, returns).
    uniqueIndex('ledger_entries_one_invoice')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null and ${t.kind} = 'invoice'`),
    check('ledger_entries_amount_not_zero', sql`${t.amountCents} <> 0`),
  ],
);

/**
 * A tax zone: a country, or a region of it (a US state, a Canadian province), with its rate
 * per tax class in thousandths of a percent (8.875 % is 8,875). An address is taxed by its region's
 * zone, else its country's, else not at all.
 */
export const taxZones = pgTable(
  'tax_zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    country: text('country').notNull(),
    region: text('region'),
    standardRate: integer('standard_rate').notNull(),
    reducedRate: integer('reduced_rate').notNull(),
    zeroRate: integer('zero_rate').notNull().default(0),
    /**
     * The registration the shop collects this zone's tax under, printed on the invoices it taxes: a VAT
     * ID for an EU zone, a sales tax permit for a US state. A zone is where the shop is registered.
     */
    registration: text('registration').notNull().default(''),
    /** Whether freight is taxed here, at the goods' rates (always in the EU; a US state's own rule). */
    taxesFreight: boolean('taxes_freight').notNull().default(false),
    /**
     * The taxes the standard rate is made of, where it is more than one (Quebec's GST and QST), rates
     * in thousandths of a percent adding up to it (shared/domain/tax.ts, TaxComponent); [] for one tax.
     */
    components: jsonb('components').$type<TaxComponent[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    unique('tax_zones_place').on(t.country, t.region).nullsNotDistinct(),
    check(
      'tax_zones_rates',
      sql`${t.standardRate} between 0 and 100000 and ${t.reducedRate} between 0 and 100000 and ${t.zeroRate} between 0 and 100000`,
    ),
  ],
);

/**
 * A shipping zone: a country, or a region of it, with freight by weight band (grams, cents),
 * an optional free-freight threshold, and the weight from which an order goes on a pallet the shop
 * quotes for. An address ships by its region's zone, else its country's; with none, not at all.
 */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    country: text('country').notNull(),
    region: text('region'),
    bands: jsonb('bands').$type<{ upToGrams: number; priceCents: number }[]>().notNull(),
    freeFromCents: integer('free_from_cents'),
    palletFromGrams: integer('pallet_from_grams').notNull(),
    ...timestamps,
  },
  (t) => [
    unique('shipping_zones_place').on(t.country, t.region).nullsNotDistinct(),
    check('shipping_zones_bands', sql`jsonb_typeof(${t.bands}) = 'array'`),
    check('shipping_zones_pallet', sql`${t.palletFromGrams} > 0`),
  ],
);

export const certificateStatus = pgEnum('certificate_status', ['pending', 'approved', 'rejected']);

/**
 * A company's tax exemption or resale certificate: the document itself (a PDF or a picture,
 * kept here with the order records it is evidence for, never public), the places it covers ("US-PA",
 * or a whole country "CA") and its expiry. Only an approved, unexpired certificate covering an order's
 * destination untaxes it; the order keeps which certificate it relied on (orders.tax_basis).
 */
export const taxCertificates = pgTable(
  'tax_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** What the company calls it, and its number on the issuing authority's form. */
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    regions: text('regions').array().notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    status: certificateStatus('status').notNull().default('pending'),
    uploadedBy: text('uploaded_by').notNull(),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    /** The company was told it expires within 30 days (once per certificate). */
    expiryNoticeSentAt: timestamp('expiry_notice_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('tax_certificates_company_idx').on(t.companyId, t.createdAt),
    index('tax_certificates_expiry_idx')
      .on(t.expiresOn)
      .where(sql`${t.status} = 'approved'`),
    check('tax_certificates_regions_given', sql`cardinality(${t.regions}) between 1 and 100`),
  ],
);

/**
 * A company's own part numbers for the shop's SKUs (DESIGN §11): what its buyers type in quick order and
 * lists, and what its cart lines show. Keyed by SKU, as price lists are, so a number outlives a product
 * re-imported under the same SKU. A part number is unique within the company, whatever its case.
 */
export const companyPartNumbers = pgTable(
  'company_part_numbers',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    partNumber: text('part_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.sku] }),
    uniqueIndex('company_part_numbers_number_idx').on(t.companyId, sql`upper(${t.partNumber})`),
    check('company_part_numbers_sku_upper', sql`${t.sku} = upper(${t.sku})`),
  ],
);

// --- The dashboard's rollups (DESIGN §9: the dashboard at a million orders) ---
// Triggers on orders and order_lines (migration 0053) write a row of change for each order that
// changes state, is paid or has a paid line changed: inserts only, so a payment never waits on a
// shared counter row. The sales-rollups job sums the change rows into one row per key; the dashboard
// reads the sums and the change rows not yet summed, so its figures are exact at every moment.

/** How many orders are in each state: +1 and -1 rows, summed by the job into one per state. */
export const orderStatusCounts = pgTable(
  'order_status_counts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    status: orderStatus('status').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [index('order_status_counts_status_idx').on(t.status)],
);

/** What paid orders brought in, per UTC day paid: change rows, summed by the job into one per day. */
export const dailySales = pgTable(
  'daily_sales',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    day: date('day', { mode: 'string' }).notNull(),
    orders: integer('orders').notNull(),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('daily_sales_day_idx').on(t.day)],
);

/**
 * Units and value of paid order lines, per line item (`sku:<SKU>`, or `name:<name>` for a line
 * without one) and UTC day paid, as written by the triggers and not yet summed.
 */
export const productSalesChanges = pgTable('product_sales_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  day: date('day', { mode: 'string' }).notNull(),
  item: text('item').notNull(),
  sku: text('sku'),
  name: text('name').notNull(),
  units: bigint('units', { mode: 'number' }).notNull(),
  cents: bigint('cents', { mode: 'number' }).notNull(),
});

/**
 * Units and value per line item of the orders paid since the window's first day (salesWindow): the
 * dashboard's top products read the first rows by units, where summing a month's lines at a million
 * SKUs took seconds. The job moves the window a day at a time, taking out the day that left it.
 */
export const productSalesRecent = pgTable(
  'product_sales_recent',
  {
    item: text('item').primaryKey(),
    sku: text('sku'),
    name: text('name').notNull(),
    units: bigint('units', { mode: 'number' }).notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('product_sales_recent_units_idx').on(t.units.desc(), t.sku, t.item)],
);

/** The first UTC day productSalesRecent sums from: one row. */
export const salesWindow = pgTable(
  'sales_window',
  {
    only: boolean('only').primaryKey().default(true),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
  },
  (t) => [check('sales_window_one_row', sql`${t.only}`)],
);

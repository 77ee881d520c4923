import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { CompanyPriceListsBody, PriceList, PriceListBody } from '../../shared/api/price-lists.schemas';

import type { z } from 'zod';
import { messages } from '../../shared/messages';
import { centsToDollars, dollarsToCents } from '../../shared/money';
import { recordAudit } from '../audit/audit.repository';
import type { SessionUser } from '../identity/request-user';
import type { Database, Executor } from '../db/database';
import { companies, companyPriceLists, priceListEntries, priceLists } from '../db/schema';
import { findCompany } from '../records/companies.repository';
import { closestSkus, knownSkus } from '../records/products.repository';
import { isUniqueViolation } from '../db/unique-violation';
import { DomainError } from '../http/domain-error';

/**
 * Price lists: contract prices a shop admin agrees with companies. A list is saved whole
 * (its entries replaced in the transaction that saves it) and audited; companies hold lists by priority.
 * The pricing rule that reads them is shared/domain/contract-prices.ts.
 */

type Body = z.output<typeof PriceListBody>;
type ListRow = typeof priceLists.$inferSelect;

/** The entries as stored: SKUs upper case, breaks in cents, a percentage in basis points. */
function storedEntries(listId: string, body: Body) {
  return body.entries.map((entry, position) => ({
    priceListId: listId,
    sku: entry.sku.toUpperCase(),
    priceTiers:
      entry.priceTiers?.map((tier) => ({
        minQuantity: tier.minQuantity,
        priceCents: dollarsToCents(tier.price),
      })) ?? null,
    percentOffBasisPoints: entry.percentOff === undefined ? null : Math.round(entry.percentOff * 100),
    validFrom: entry.validFrom ?? null,
    validTo: entry.validTo ?? null,
    position,
  }));
}

/** The most unknown SKUs one refusal names (a pasted list of typos is answered with the first few). */
const NAMED_UNKNOWN = 5;

/**
 * Refuses entries for SKUs no product has, naming each (up to NAMED_UNKNOWN) with the closest SKUs
 * the catalog has, as quick order does: a typo must not make a contract price nobody ever gets.
 */
async function assertKnownSkus(tx: Executor, body: Body) {
  const asked = [...new Set(body.entries.map((entry) => entry.sku.toUpperCase()))];
  const known = await knownSkus(tx, asked);
  const unknown = asked.filter((sku) => !known.has(sku));
  if (unknown.length === 0) return;
  const closest = await closestSkus(tx, unknown.slice(0, NAMED_UNKNOWN));
  const named = [...closest].map(([sku, near]) => messages.unknownSku(sku, near));
  throw new DomainError(
    'VALIDATION_FAILED',
    messages.priceListUnknownSkus(named, unknown.length - named.length),
  );
}

async function writeEntries(tx: Executor, listId: string, body: Body) {
  await assertKnownSkus(tx, body);
  await tx.delete(priceListEntries).where(eq(priceListEntries.priceListId, listId));
  const rows = storedEntries(listId, body);
  // PostgreSQL takes at most 65,535 parameters a statement: 2,000 entries of 8 columns at a time.
  for (let start = 0; start < rows.length; start += 2000) {
    await tx.insert(priceListEntries).values(rows.slice(start, start + 2000));
  }
}

/** POST /api/admin/price-lists: a new list with its entries; names are unique. */
export async function createPriceList(db: Database, admin: SessionUser, body: Body): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(priceLists)
        .values({ name: body.name, validFrom: body.validFrom ?? null, validTo: body.validTo ?? null })
        .returning({ id: priceLists.id });
      if (!row) throw new Error('The price list was not stored');
      await writeEntries(tx, row.id, body);
      await recordAudit(tx, admin, {
        action: 'price_list.save',
        subject: body.name,
        before: null,
        after: { entries: body.entries.length },
      });
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('CONFLICT', messages.priceListNameTaken(body.name));
    throw error;
  }
}

/** PUT /api/admin/price-lists/{id}: the list replaced whole, in one transaction. */
export async function replacePriceList(db: Database, admin: SessionUser, listId: string, body: Body) {
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(priceLists).where(eq(priceLists.id, listId)).for('update');
      if (!before) throw new DomainError('NOT_FOUND', messages.priceListNotFound);
      await tx
        .update(priceLists)
        .set({
          name: body.name,
          validFrom: body.validFrom ?? null,
          validTo: body.validTo ?? null,
          updatedAt: new Date(),
        })
        .where(eq(priceLists.id, listId));
      await writeEntries(tx, listId, body);
      await recordAudit(tx, admin, {
        action: 'price_list.save',
        subject: body.name,
        before: { name: before.name },
        after: { entries: body.entries.length },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('CONFLICT', messages.priceListNameTaken(body.name));
    throw error;
  }
}

export async function deletePriceList(db: Database, admin: SessionUser, listId: string) {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(priceLists)
      .where(eq(priceLists.id, listId))
      .returning({ name: priceLists.name });
    if (!gone) throw new DomainError('NOT_FOUND', messages.priceListNotFound);
    await recordAudit(tx, admin, {
      action: 'price_list.delete',
      subject: gone.name,
      before: null,
      after: null,
    });
  });
}

/** The companies holding each of these lists, with the list's priority for each. */
async function holdersOf(ex: Executor, listIds: readonly string[]) {
  const byList = new Map<string, PriceList['companies']>(listIds.map((id) => [id, []]));
  if (listIds.length === 0) return byList;
  const rows = await ex
    .select({
      priceListId: companyPriceLists.priceListId,
      companyId: companies.id,
      name: companies.name,
      priority: companyPriceLists.priority,
    })
    .from(companyPriceLists)
    .innerJoin(companies, eq(companies.id, companyPriceLists.companyId))
    .where(inArray(companyPriceLists.priceListId, [...listIds]))
    .orderBy(desc(companyPriceLists.priority), asc(companies.name));
  for (const { priceListId, ...holder } of rows) byList.get(priceListId)?.push(holder);
  return byList;
}

const summaryOf = (row: ListRow, entryCount: number, holders: PriceList['companies']) => ({
  _id: row.id,
  name: row.name,
  validFrom: row.validFrom,
  validTo: row.validTo,
  entryCount,
  companies: holders,
  updatedAt: row.updatedAt.toISOString(),
});

/** GET /api/admin/price-lists: every list, by name, with its entry count and the companies holding it. */
export async function listPriceLists(db: Database) {
  const rows = await db
    .select({ list: priceLists, entryCount: count(priceListEntries.id) })
    .from(priceLists)
    .leftJoin(priceListEntries, eq(priceListEntries.priceListId, priceLists.id))
    .groupBy(priceLists.id)
    .orderBy(asc(priceLists.name));
  const holders = await holdersOf(
    db,
    rows.map((row) => row.list.id),
  );
  return rows.map(({ list, entryCount }) => summaryOf(list, entryCount, holders.get(list.id) ?? []));
}

/** GET /api/admin/price-lists/{id}: the list with its entries, in the order they were given. */
export async function readPriceList(db: Database, listId: string): Promise<PriceList> {
  const [row] = await db.select().from(priceLists).where(eq(priceLists.id, listId));
  if (!row) throw new DomainError('NOT_FOUND', messages.priceListNotFound);
  const entries = await db
    .select()
    .from(priceListEntries)
    .where(eq(priceListEntries.priceListId, listId))
    .orderBy(asc(priceListEntries.position));
  const holders = await holdersOf(db, [listId]);
  return {
    ...summaryOf(row, entries.length, holders.get(listId) ?? []),
    entries: entries.map((entry) => ({
      sku: entry.sku,
      priceTiers:
        entry.priceTiers?.map((tier) => ({
          minQuantity: tier.minQuantity,
          price: centsToDollars(tier.priceCents),
        })) ?? null,
      percentOff: entry.percentOffBasisPoints === null ? null : entry.percentOffBasisPoints / 100,
      validFrom: entry.validFrom,
      validTo: entry.validTo,
    })),
  };
}

/** PUT /api/admin/companies/{id}/price-lists: the lists the company holds, replaced whole, audited. */
export async function setCompanyPriceLists(
  db: Database,
  admin: SessionUser,
  companyId: string,
  lists: z.output<typeof CompanyPriceListsBody>,
) {
  await db.transaction(async (tx) => {
    const company = await findCompany(tx, companyId, { lock: true });
    if (!company) throw new DomainError('NOT_FOUND', messages.companyNotFoundForAdmin);
    const ids = lists.map((list) => list.priceListId);
    const known = ids.length
      ? await tx.select({ id: priceLists.id }).from(priceLists).where(inArray(priceLists.id, ids))
      : [];
    if (known.length !== ids.length) throw new DomainError('NOT_FOUND', messages.priceListNotFound);
    const before = await tx
      .select({ priceListId: companyPriceLists.priceListId, priority: companyPriceLists.priority })
      .from(companyPriceLists)
      .where(eq(companyPriceLists.companyId, companyId));
    await tx.delete(companyPriceLists).where(eq(companyPriceLists.companyId, companyId));
    if (lists.length > 0) {
      await tx.insert(companyPriceLists).values(lists.map((list) => ({ ...list, companyId })));
    }
    await recordAudit(tx, admin, {
      action: 'company.price_lists',
      subject: company.name,
      before: { lists: before },
      after: { lists },
    });
  });
}

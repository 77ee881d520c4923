import { and, eq, inArray } from 'drizzle-orm';
import type { ContractEntry } from '../../shared/domain/contract-prices';
import type { Executor } from '../db/database';
import { companyPriceLists, priceListEntries, priceLists } from '../db/schema';

/**
 * The price-list entries a company holds for these SKUs, by SKU, each with the list's name
 * and its priority for the company and the list's validity taken together with the entry's own: what
 * resolvePrice (shared/domain/contract-prices.ts) needs to price a line. One query, over the entries'
 * (sku, list) index; a SKU no list of the company prices has no key. `all`: every entry the company
 * holds (the catalog's prices for its members).
 */
export async function contractEntriesFor(
  ex: Executor,
  companyId: string,
  skus: readonly string[] | 'all',
): Promise<Map<string, ContractEntry[]>> {
  const bySku = new Map<string, ContractEntry[]>();
  const wanted = skus === 'all' ? null : [...new Set(skus.map((sku) => sku.toUpperCase()))];
  if (wanted?.length === 0) return bySku;
  const rows = await ex
    .select({
      sku: priceListEntries.sku,
      listId: priceLists.id,
      listName: priceLists.name,
      priority: companyPriceLists.priority,
      priceTiers: priceListEntries.priceTiers,
      percentOffBasisPoints: priceListEntries.percentOffBasisPoints,
      entryFrom: priceListEntries.validFrom,
      entryTo: priceListEntries.validTo,
      listFrom: priceLists.validFrom,
      listTo: priceLists.validTo,
    })
    .from(companyPriceLists)
    .innerJoin(priceLists, eq(priceLists.id, companyPriceLists.priceListId))
    .innerJoin(priceListEntries, eq(priceListEntries.priceListId, priceLists.id))
    .where(
      and(
        eq(companyPriceLists.companyId, companyId),
        wanted ? inArray(priceListEntries.sku, wanted) : undefined,
      ),
    );
  for (const row of rows) {
    const entry: ContractEntry = {
      listId: row.listId,
      listName: row.listName,
      priority: row.priority,
      priceTiers: row.priceTiers,
      percentOff: row.percentOffBasisPoints === null ? null : row.percentOffBasisPoints / 100,
      validFrom: later(row.listFrom, row.entryFrom),
      validTo: earlier(row.listTo, row.entryTo),
    };
    bySku.set(row.sku, [...(bySku.get(row.sku) ?? []), entry]);
  }
  return bySku;
}

/** The later of two first days (null: no bound), and the earlier of two last days. */
const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);
const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);

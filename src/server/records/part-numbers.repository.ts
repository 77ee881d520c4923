import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { companyPartNumbers } from '../db/schema';

/** Every query of the `company_part_numbers` table (CONVENTIONS §13). */

export async function listPartNumbers(ex: Executor, companyId: string) {
  return ex
    .select({ sku: companyPartNumbers.sku, partNumber: companyPartNumbers.partNumber })
    .from(companyPartNumbers)
    .where(eq(companyPartNumbers.companyId, companyId))
    .orderBy(asc(companyPartNumbers.sku));
}

/** Replaces a company's part numbers with these rows, 1,000 a statement. */
export async function replacePartNumbers(
  ex: Executor,
  companyId: string,
  rows: readonly { sku: string; partNumber: string }[],
): Promise<void> {
  await ex.delete(companyPartNumbers).where(eq(companyPartNumbers.companyId, companyId));
  for (let start = 0; start < rows.length; start += 1000) {
    await ex
      .insert(companyPartNumbers)
      .values(rows.slice(start, start + 1000).map((row) => ({ companyId, ...row })));
  }
}

/** The SKUs these part numbers (any case) stand for in a company, by the number in upper case. */
export async function skusOfPartNumbers(
  ex: Executor,
  companyId: string,
  partNumbers: readonly string[],
): Promise<Map<string, string>> {
  if (partNumbers.length === 0) return new Map();
  const upper = [...new Set(partNumbers.map((number) => number.toUpperCase()))];
  const rows = await ex
    .select({ sku: companyPartNumbers.sku, partNumber: sql<string>`upper(${companyPartNumbers.partNumber})` })
    .from(companyPartNumbers)
    .where(
      and(
        eq(companyPartNumbers.companyId, companyId),
        inArray(sql`upper(${companyPartNumbers.partNumber})`, upper),
      ),
    );
  return new Map(rows.map((row) => [row.partNumber, row.sku]));
}

/** A company's part numbers for these SKUs, by SKU. */
export async function partNumbersOfSkus(
  ex: Executor,
  companyId: string,
  skus: readonly string[],
): Promise<Map<string, string>> {
  if (skus.length === 0) return new Map();
  const rows = await ex
    .select({ sku: companyPartNumbers.sku, partNumber: companyPartNumbers.partNumber })
    .from(companyPartNumbers)
    .where(and(eq(companyPartNumbers.companyId, companyId), inArray(companyPartNumbers.sku, [...skus])));
  return new Map(rows.map((row) => [row.sku, row.partNumber]));
}

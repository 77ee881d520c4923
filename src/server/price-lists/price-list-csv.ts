import {
  MAX_PRICE_LIST_ENTRIES,
  PRICE_LIST_CSV_COLUMNS,
  PriceListBody,
  PriceListEntryBody,
  type PriceListImportReport,
} from '../../shared/api/price-lists.schemas';
import type { ImportProblem } from '../../shared/api/products.schemas';
import { entryProblems } from '../../shared/domain/price-lists';
import type { SessionUser } from '../identity/request-user';
import type { Database } from '../db/database';
import { TIERS_CELL_HELP, formatTiersCell, parseTiersCell, readCsvTable } from '../http/csv-table';
import { neutraliseRecord } from '../http/spreadsheet-cells';
import { readPriceList, replacePriceList } from './price-lists';
import { knownSkus } from '../records/products.repository';
import { messages } from '../../shared/messages';

/**
 * A price list as CSV, and back: one row per entry, `sku, price_tiers, percent_off,
 * valid_from, valid_to`, as the catalog's CSV writes breaks (`100:12.50|500:11.00`). An import
 * replaces the list's entries whole, and names each problem's line and column as the catalog's does.
 */

/** Which CSV column an entry's field comes from. */
const COLUMN_OF: Record<string, string> = {
  sku: 'sku',
  priceTiers: 'price_tiers',
  percentOff: 'percent_off',
  validFrom: 'valid_from',
  validTo: 'valid_to',
};

/** GET /api/admin/price-lists/{id}/entries.csv: the list's entries in their order. */
export async function exportPriceListCsv(
  db: Database,
  listId: string,
): Promise<{ name: string; csv: string }> {
  const list = await readPriceList(db, listId);
  const { stringify } = await import('csv-stringify/sync');
  const records = list.entries.map((entry) =>
    neutraliseRecord({
      sku: entry.sku,
      price_tiers: entry.priceTiers ? formatTiersCell(entry.priceTiers) : '',
      percent_off: entry.percentOff ?? '',
      valid_from: entry.validFrom ?? '',
      valid_to: entry.validTo ?? '',
    }),
  );
  return {
    name: list.name,
    csv: stringify(records, { header: true, columns: [...PRICE_LIST_CSV_COLUMNS], bom: true }),
  };
}

/** A cell as a number of percent (`12.5`, `12.5%`); undefined when empty, NaN when not a number. */
function percentCell(cell: string): number | undefined {
  const value = cell.trim().replace(/%$/, '').trim();
  if (value === '') return undefined;
  return /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * POST /api/admin/price-lists/{id}/import: checks every row (the entry rules of the API, a SKU some
 * product has, and no SKU priced twice on one day); with `commit` and no problem, the list's entries become the file's, in
 * one audited change. A file with any problem changes nothing.
 */
export async function importPriceListCsv(
  db: Database,
  admin: SessionUser,
  listId: string,
  csv: string,
  { commit }: { commit: boolean },
): Promise<PriceListImportReport> {
  const list = await readPriceList(db, listId);
  const table = await readCsvTable(csv, {
    columns: PRICE_LIST_CSV_COLUMNS,
    required: ['sku'],
    maxRows: MAX_PRICE_LIST_ENTRIES,
  });
  const errors: ImportProblem[] = [...table.errors];
  const entries: { line: number; entry: PriceListEntryBody }[] = [];
  for (const { line, cell } of table.rows) {
    const sku = cell('sku').trim().toUpperCase() || null;
    const reported = new Set<string | null>();
    const problem = (column: string | null, message: string) => {
      reported.add(column);
      errors.push({ line, sku, column, message });
    };
    const tiersText = cell('price_tiers').trim();
    const priceTiers = tiersText === '' ? undefined : parseTiersCell(tiersText);
    if (priceTiers === null) problem('price_tiers', `price_tiers ${TIERS_CELL_HELP}`);
    const percentOff = percentCell(cell('percent_off'));
    if (Number.isNaN(percentOff)) {
      problem(
        'percent_off',
        `percent_off is a number of percent, e.g. 12.5 (it is “${cell('percent_off')}”)`,
      );
    }
    const entry = {
      sku: cell('sku').trim(),
      ...(priceTiers ? { priceTiers } : {}),
      ...(percentOff !== undefined && !Number.isNaN(percentOff) ? { percentOff } : {}),
      validFrom: cell('valid_from').trim() || null,
      validTo: cell('valid_to').trim() || null,
    };
    const checked = PriceListEntryBody.safeParse(entry);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const column = COLUMN_OF[String(issue.path[0])] ?? null;
        if (!reported.has(column)) problem(column, column ? `${column}: ${issue.message}` : issue.message);
      }
      continue;
    }
    if (reported.size === 0) entries.push({ line, entry: checked.data });
  }
  // The rules between entries (one price a SKU a day, either breaks or a percentage), by line.
  const lineOf = (index: number) => entries[index]?.line ?? 0;
  for (const found of entryProblems(
    entries.map(({ entry }) => entry),
    (index) => `Line ${lineOf(index)}`,
  )) {
    const column = COLUMN_OF[found.field] ?? null;
    errors.push({
      line: lineOf(found.index),
      sku: entries[found.index]?.entry.sku.toUpperCase() ?? null,
      column,
      message: column ? `${column}: ${found.message}` : found.message,
    });
  }
  // A SKU no product has is refused by the save: the check says so first, on its line.
  const known = await knownSkus(db, [...new Set(entries.map(({ entry }) => entry.sku.toUpperCase()))]);
  for (const { line, entry } of entries) {
    const sku = entry.sku.toUpperCase();
    if (!known.has(sku))
      errors.push({ line, sku, column: 'sku', message: `sku: ${messages.unknownSku(sku, [])}` });
  }
  errors.sort((a, b) => a.line - b.line);

  const report = { rows: table.total, entries: entries.length, errors };
  if (!commit || errors.length > 0) return { committed: false, ...report };
  const body = PriceListBody.parse({
    name: list.name,
    validFrom: list.validFrom,
    validTo: list.validTo,
    entries: entries.map(({ entry }) => entry),
  });
  await replacePriceList(db, admin, listId, body);
  return { committed: true, ...report };
}

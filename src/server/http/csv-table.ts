import type { ImportProblem } from '../../shared/api/products.schemas';
import { formatUnits } from '../../shared/numbers';
import { restoreFormulas } from './spreadsheet-cells';

/**
 * A CSV file an admin uploads (the catalog's, a price list's), read as a table: its header checked
 * against the columns the import knows, and each row with the line it starts on, so that every
 * problem names its line and column the same way in every import.
 */
export interface CsvRow {
  /** The line of the file the row starts on (a quoted cell may hold line breaks). */
  line: number;
  /** The row's cell under a column, as exported (a neutralised formula restored); '' when absent. */
  cell: (column: string) => string;
}

/** The rows that could be read, how many the file has, and the problems of the file or of a row's shape. */
export interface CsvTable {
  /** The header's columns, as named (lower case). */
  columns: string[];
  rows: CsvRow[];
  total: number;
  errors: ImportProblem[];
}

/** Price breaks as one cell: `100:12.50|500:11.00` (from 100 units $12.50 each, from 500 $11.00). */
export function formatTiersCell(tiers: readonly { minQuantity: number; price: number }[]): string {
  return tiers.map((tier) => `${tier.minQuantity}:${tier.price.toFixed(2)}`).join('|');
}

/** A price-breaks cell read back; null when it is not quantity:price pairs separated by |. */
export function parseTiersCell(cell: string): { minQuantity: number; price: number }[] | null {
  const tiers = cell.split('|').map((part) => {
    const match = /^\s*(\d+)\s*:\s*\$?(\d+(?:\.\d+)?)\s*$/.exec(part);
    return match ? { minQuantity: Number(match[1]), price: Number(match[2]) } : null;
  });
  return tiers.every((tier) => tier !== null) ? tiers : null;
}

export const TIERS_CELL_HELP =
  'lists the price breaks as quantity:price, separated by |, e.g. 100:12.50|500:11.00';

export const fileProblem = (line: number, message: string): ImportProblem => ({
  line,
  sku: null,
  column: null,
  message,
});

/**
 * The line each record starts on, from where each ends (csv-parse's byte offsets): its own line count
 * takes a CRLF inside a quoted cell for two lines. Blank lines between records are skipped, as the
 * parser skips them.
 */
function startLines(csv: string, ends: number[]): number[] {
  const bytes = Buffer.from(csv, 'utf8');
  const starts: number[] = [];
  let line = 1;
  let at = 0;
  for (const end of ends) {
    for (; at < bytes.length && (bytes[at] === 0x0a || bytes[at] === 0x0d); at += 1) {
      if (bytes[at] === 0x0a) line += 1;
    }
    starts.push(line);
    for (; at < end; at += 1) if (bytes[at] === 0x0a) line += 1;
  }
  return starts;
}

/**
 * Reads `csv` whole: a file that is not CSV, has no header, names a column the import does not know or
 * lacks a required one, or has more than `maxRows` rows is one problem on its line; a row whose cell
 * count differs from the header's is a problem of that row. The other rows are answered.
 */
export async function readCsvTable(
  csv: string,
  {
    columns: known,
    required,
    maxRows,
    prefixes = [],
  }: {
    columns: readonly string[];
    required: readonly string[];
    maxRows: number;
    /** Columns named by a prefix and any key (`spec.voltage`): the caller checks the keys. */
    prefixes?: readonly string[];
  },
): Promise<CsvTable> {
  const { parse, CsvError } = await import('csv-parse/sync');
  let records: { record: string[]; info: { bytes: number } }[];
  try {
    records = parse(csv, {
      bom: true,
      skip_empty_lines: true,
      info: true,
      relax_column_count: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as unknown as { lines?: number }).lines ?? 1;
      return {
        columns: [],
        rows: [],
        total: 0,
        errors: [fileProblem(line, `This is not a readable CSV file: ${error.message}`)],
      };
    }
    throw error;
  }
  const [header, ...body] = records;
  if (!header) return { columns: [], rows: [], total: 0, errors: [fileProblem(1, 'The file is empty')] };
  const columns = header.record.map((name) => name.trim().toLowerCase());
  const missing = required.filter((column) => !columns.includes(column));
  const unknown = columns.filter(
    (column) => !known.includes(column) && !prefixes.some((prefix) => column.startsWith(prefix)),
  );
  if (missing.length > 0 || unknown.length > 0) {
    const problems = [
      missing.length > 0 ? `missing ${missing.join(', ')}` : '',
      unknown.length > 0 ? `unknown ${unknown.join(', ')}` : '',
    ].filter(Boolean);
    return {
      columns,
      rows: [],
      total: body.length,
      errors: [
        fileProblem(1, `The first line must name the columns ${known.join(', ')} (${problems.join('; ')})`),
      ],
    };
  }
  if (body.length > maxRows) {
    return {
      columns,
      rows: [],
      total: body.length,
      errors: [fileProblem(1, `One import takes at most ${formatUnits(maxRows)} rows`)],
    };
  }
  const lines = startLines(
    csv,
    records.map(({ info }) => info.bytes),
  ).slice(1);
  const errors: ImportProblem[] = [];
  const rows: CsvRow[] = [];
  for (const [index, { record }] of body.entries()) {
    const line = lines[index] ?? 0;
    const cell = (column: string) => {
      const at = columns.indexOf(column);
      return at < 0 ? '' : restoreFormulas(record[at] ?? '');
    };
    if (record.length !== columns.length) {
      errors.push({
        line,
        sku: cell('sku').trim().toUpperCase() || null,
        column: null,
        message: `This row has ${record.length} cells; the header names ${columns.length} columns`,
      });
      continue;
    }
    rows.push({ line, cell });
  }
  return { columns, rows, total: body.length, errors };
}

/**
 * Quick order: "SKU quantity" rows as a spreadsheet copies them, with a tab, a comma, a
 * semicolon or spaces between, or a CSV file's text. Parsing is the same in the browser and on the
 * server; the server decides what each row means for the cart.
 */

/** The most rows one paste or file may have. */
export const MAX_QUICK_ORDER_ROWS = 500;
/** The most text one paste or file may have (1 MB). */
export const MAX_QUICK_ORDER_BYTES = 1024 * 1024;

/**
 * A row's quantity counts units, or packs when a pack word follows it (`FT-BIT-5MM 3 BX`: three
 * boxes): the product's `orderMultiple` units each.
 */
export type ParsedRow =
  | { row: number; sku: string; quantity: number; packs: boolean; problem: null }
  | { row: number; sku: string; quantity: null; problem: string };

/** The words that count a row's quantity in packs (any case): box, pack, carton, in the usual short forms. */
const PACK_WORDS = new Set([
  'BX',
  'BOX',
  'BOXES',
  'XBX',
  'PK',
  'PACK',
  'PACKS',
  'XPK',
  'CT',
  'CTN',
  'CARTON',
  'CARTONS',
  'XCT',
]);

/** A row's quantity in units: its packs times the product's pack, or the units it gives. */
export function rowUnits(row: { quantity: number; packs: boolean }, orderMultiple: number): number {
  return row.packs ? row.quantity * orderMultiple : row.quantity;
}

const HEADER = /^\s*"?(sku|item|part|article)[^,;\t]*"?\s*[,;\t ]\s*"?(qty|quantity|units|amount)/i;

/**
 * The rows of `text`, numbered as the buyer sees them (1 is the first line). Empty lines are skipped,
 * and so is a first line of column titles (SKU, Quantity). A byte-order mark and Windows line ends are
 * understood; quotes around a cell are taken off.
 */
export function parseQuickOrder(text: string): ParsedRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const rows: ParsedRow[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    if (index === 0 && HEADER.test(line)) return;
    const cells = line
      .split(/[\t,;]|\s+/)
      .map((cell) =>
        cell
          .trim()
          .replace(/^"(.*)"$/, '$1')
          .trim(),
      )
      .filter(Boolean);
    const [sku = '', amount, unit, ...rest] = cells;
    const row = index + 1;
    const packs = unit !== undefined && PACK_WORDS.has(unit.toUpperCase());
    if (!amount || rest.length > 0 || (unit !== undefined && !packs)) {
      rows.push({
        row,
        sku,
        quantity: null,
        problem: 'Write a SKU and a quantity, e.g. FT-CLW-16 250, or a number of packs, e.g. FT-BIT-5MM 3 BX',
      });
    } else if (!/^\d{1,8}$/.test(amount) || Number(amount) === 0) {
      rows.push({ row, sku, quantity: null, problem: `“${amount}” is not a whole number of units` });
    } else {
      rows.push({ row, sku: sku.toUpperCase(), quantity: Number(amount), packs, problem: null });
    }
  });
  return rows;
}

/**
 * `text` with the SKU of row `row` (numbered as parseQuickOrder numbers them) replaced by `sku`: a
 * suggested SKU the buyer chose. The rest of the line (its quantity, its separators) stays as written.
 */
export function replaceSku(text: string, row: number, sku: string): string {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const ends = (bom ? text.slice(1) : text).split(/(\r\n|\n|\r)/);
  // Lines are the even entries, their line ends the odd ones.
  const index = (row - 1) * 2;
  const line = ends[index];
  if (line === undefined) return text;
  ends[index] = line.replace(/^(\s*"?)[^\t,;\s"]+/, `$1${sku}`);
  return bom + ends.join('');
}

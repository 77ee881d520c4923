/**
 * Spreadsheets run a cell that starts with one of these as a formula, and a spreadsheet that splits a
 * comma-separated file at semicolons, tabs or bars (as many locales do) starts a new cell after each
 * of them, quotes or not: `x;=2*3` is a formula there. Every place such a cell could begin gets a
 * quote in front, which shows as nothing in a spreadsheet; an import takes those quotes off again.
 */
const FORMULA_START = /(^|[,;\t|]\s*)(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g;
const ESCAPED_START = /(^|[,;\t|]\s*)'(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g;

/** A text cell as an export writes it: no place in it that a spreadsheet could read as a formula. */
export function neutraliseFormulas(cell: string): string {
  return cell.replace(FORMULA_START, "$1'");
}

/** The text an export neutralised, as it was (for importing a shop's own export). */
export function restoreFormulas(cell: string): string {
  return cell.replace(ESCAPED_START, '$1');
}

/** A record's text cells neutralised; numbers are the shop's own and stay numbers. */
export function neutraliseRecord<K extends string>(
  record: Record<K, string | number>,
): Record<K, string | number> {
  const safe = {} as Record<K, string | number>;
  for (const key of Object.keys(record) as K[]) {
    const value = record[key];
    safe[key] = typeof value === 'string' ? neutraliseFormulas(value) : value;
  }
  return safe;
}

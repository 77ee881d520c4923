/**
 * The rules of a price list's entries, stated once for the admin's form, the API and the
 * CSV import: an entry fixes its own breaks or takes a percentage off, its breaks rise in quantity and
 * never in price, and one list never prices a SKU twice on one day.
 */
export interface EntryShape {
  sku: string;
  priceTiers?: readonly { minQuantity: number; price: number }[] | undefined;
  percentOff?: number | undefined;
  validFrom?: string | null | undefined;
  validTo?: string | null | undefined;
}

/** A problem with one entry: which (0-based), which field, and what is wrong. */
export interface EntryProblem {
  index: number;
  field: keyof EntryShape;
  message: string;
}

/** Whether two validity windows (whole days, null: no bound) share a day. */
export function windowsOverlap(
  a: Pick<EntryShape, 'validFrom' | 'validTo'>,
  b: Pick<EntryShape, 'validFrom' | 'validTo'>,
): boolean {
  const startsBeforeEnd = (from: string | null | undefined, to: string | null | undefined) =>
    !from || !to || from <= to;
  return startsBeforeEnd(a.validFrom, b.validTo) && startsBeforeEnd(b.validFrom, a.validTo);
}

/**
 * Every problem of these entries, in entry order; empty when the list can be saved. `nameOf` names
 * another entry in a message (the CSV import names its line).
 */
export function entryProblems(
  entries: readonly EntryShape[],
  nameOf: (index: number) => string = (index) => `Entry ${index + 1}`,
): EntryProblem[] {
  const problems: EntryProblem[] = [];
  const seen = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    const hasTiers = entry.priceTiers !== undefined;
    const hasPercent = entry.percentOff !== undefined;
    if (hasTiers === hasPercent) {
      problems.push({
        index,
        field: 'priceTiers',
        message: 'Give either price breaks or a percentage off, not both',
      });
    }
    const tiers = entry.priceTiers ?? [];
    for (let i = 1; i < tiers.length; i++) {
      const [before, tier] = [tiers[i - 1], tiers[i]];
      if (!before || !tier) continue;
      if (tier.minQuantity <= before.minQuantity) {
        problems.push({
          index,
          field: 'priceTiers',
          message: 'Each price break starts at more units than the one before',
        });
        break;
      }
      if (tier.price > before.price) {
        problems.push({
          index,
          field: 'priceTiers',
          message: 'A larger price break cannot cost more per unit',
        });
        break;
      }
    }
    if (entry.validFrom && entry.validTo && entry.validFrom > entry.validTo) {
      problems.push({ index, field: 'validTo', message: 'The last valid day comes before the first' });
    }
    const sku = entry.sku.toUpperCase();
    for (const other of seen.get(sku) ?? []) {
      const earlier = entries[other];
      if (earlier && windowsOverlap(earlier, entry)) {
        problems.push({
          index,
          field: 'validFrom',
          message: `${nameOf(other)} prices ${sku} on some of the same days`,
        });
        break;
      }
    }
    seen.set(sku, [...(seen.get(sku) ?? []), index]);
  });
  return problems;
}

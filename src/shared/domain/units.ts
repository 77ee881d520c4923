import { formatUnits } from '../numbers';

/**
 * Units of measure and packs (DESIGN §11). A product is counted in a unit (UN/ECE Recommendation 20
 * codes, Recommendation 21 packages with an X, as e-invoices write them) and may be sold only in packs
 * of `orderMultiple` units: a box of 50 bits is ordered as 50, 100, 150 units.
 */
export const UNITS = {
  EA: 'each',
  H87: 'piece',
  C62: 'one',
  PR: 'pair',
  SET: 'set',
  DZN: 'dozen',
  MTR: 'metre',
  MTK: 'square metre',
  KGM: 'kilogram',
  LTR: 'litre',
  XBX: 'box',
  XPK: 'pack',
  XCT: 'carton',
  XRO: 'roll',
  XBG: 'bag',
} as const;
export type UnitCode = keyof typeof UNITS;
export const UNIT_CODES = Object.keys(UNITS) as [UnitCode, ...UnitCode[]];
export const DEFAULT_UNIT: UnitCode = 'EA';

/** A unit's name (`pair`), or its code when the shop no longer lists it (an old order's line). */
export function unitName(code: string): string {
  return code in UNITS ? UNITS[code as UnitCode] : code;
}

/** The largest pack a product is sold in. */
export const MAX_ORDER_MULTIPLE = 100_000;

/** The multiple of `multiple` at or above `quantity`. */
export function roundUpToPack(quantity: number, multiple: number): number {
  return Math.ceil(quantity / multiple) * multiple;
}

/**
 * The valid quantities nearest a quantity that is not a whole number of packs: the pack below (when it
 * is at least `lower`) and the pack above (when it is at most `upper`).
 */
export function nearestPacks(
  quantity: number,
  { multiple, lower, upper }: { multiple: number; lower: number; upper: number },
): number[] {
  const below = Math.floor(quantity / multiple) * multiple;
  const above = below + multiple;
  return [below, above].filter((candidate) => candidate >= lower && candidate <= upper && candidate > 0);
}

/** Why a quantity is no whole number of packs, naming the nearest that are; null when it is. */
export function packProblem(
  quantity: number,
  bounds: { multiple: number; lower: number; upper: number },
): string | null {
  if (bounds.multiple <= 1 || quantity % bounds.multiple === 0) return null;
  const nearest = nearestPacks(quantity, bounds).map(formatUnits);
  const suggestion = nearest.length > 0 ? `: order ${nearest.join(' or ')}` : '';
  return `Sold in packs of ${formatUnits(bounds.multiple)} units${suggestion}`;
}

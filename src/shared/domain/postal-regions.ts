/**
 * Which US state or Canadian province a postal code belongs to, so that an address's region cannot
 * disagree with its postal code: the region decides the tax zone, and `New York, 10004, region DE`
 * would otherwise be taxed as Delaware (no sales tax) and shipped to Manhattan.
 *
 * US: the first three digits of a ZIP code (its sectional centre) belong to one state, as USPS
 * assigns them (Publication 65, the National Five-Digit ZIP Code directory); a few prefixes serve two
 * (005 and 055 are IRS and bank mail in New York and Massachusetts). Canada: the first letter of a
 * postal code is the forward sortation area's province (Canada Post).
 */

/** [first prefix, last prefix] ranges per state, inclusive. */
const ZIP_PREFIXES: Record<string, readonly (readonly [number, number])[]> = {
  AL: [[350, 369]],
  AK: [[995, 999]],
  AZ: [[850, 865]],
  AR: [[716, 729]],
  CA: [[900, 961]],
  CO: [[800, 816]],
  CT: [[60, 69]],
  DE: [[197, 199]],
  DC: [
    [200, 200],
    [202, 205],
    [569, 569],
  ],
  FL: [[320, 349]],
  GA: [
    [300, 319],
    [398, 399],
  ],
  HI: [[967, 968]],
  ID: [[832, 838]],
  IL: [[600, 629]],
  IN: [[460, 479]],
  IA: [[500, 528]],
  KS: [[660, 679]],
  KY: [[400, 427]],
  LA: [[700, 715]],
  ME: [[39, 49]],
  MD: [[206, 219]],
  MA: [
    [10, 27],
    [55, 55],
  ],
  MI: [[480, 499]],
  MN: [[550, 567]],
  MS: [[386, 397]],
  MO: [[630, 658]],
  MT: [[590, 599]],
  NE: [[680, 693]],
  NV: [[889, 898]],
  NH: [[30, 38]],
  NJ: [[70, 89]],
  NM: [[870, 884]],
  NY: [
    [5, 5],
    [100, 149],
  ],
  NC: [[270, 289]],
  ND: [[580, 588]],
  OH: [[430, 459]],
  OK: [
    [730, 732],
    [734, 749],
  ],
  OR: [[970, 979]],
  PA: [[150, 196]],
  RI: [[28, 29]],
  SC: [[290, 299]],
  SD: [[570, 577]],
  TN: [[370, 385]],
  TX: [
    [733, 733],
    [750, 799],
    [885, 885],
  ],
  UT: [[840, 847]],
  VT: [
    [50, 54],
    [56, 59],
  ],
  VA: [
    [201, 201],
    [220, 246],
  ],
  WA: [[980, 994]],
  WV: [[247, 268]],
  WI: [[530, 549]],
  WY: [[820, 831]],
  PR: [
    [6, 7],
    [9, 9],
  ],
  VI: [[8, 8]],
  GU: [[969, 969]],
  MP: [[969, 969]],
  AS: [[967, 967]],
};

/** The first letters of each province's or territory's postal codes. */
const CA_FIRST_LETTERS: Record<string, string> = {
  NL: 'A',
  NS: 'B',
  PE: 'C',
  NB: 'E',
  QC: 'GHJ',
  ON: 'KLMNP',
  MB: 'R',
  SK: 'S',
  AB: 'T',
  BC: 'V',
  NT: 'X',
  NU: 'X',
  YT: 'Y',
};

/**
 * Whether a well-formed postal code can belong to this US state or Canadian province (true for every
 * other country, and for a region this table does not know, so it never refuses what it cannot judge).
 */
export function postalCodeInRegion(country: string, region: string, postalCode: string): boolean {
  if (country === 'US') {
    const ranges = ZIP_PREFIXES[region];
    if (!ranges) return true;
    const prefix = Number(postalCode.slice(0, 3));
    return ranges.some(([first, last]) => prefix >= first && prefix <= last);
  }
  if (country === 'CA') {
    const letters = CA_FIRST_LETTERS[region];
    return !letters || letters.includes(postalCode.charAt(0));
  }
  return true;
}

/** The US states or Canadian provinces a postal code belongs to (empty when none is known). */
export function regionsOfPostalCode(country: string, postalCode: string): string[] {
  const table: Record<string, unknown> =
    country === 'US' ? ZIP_PREFIXES : country === 'CA' ? CA_FIRST_LETTERS : {};
  return Object.keys(table).filter((region) => postalCodeInRegion(country, region, postalCode));
}

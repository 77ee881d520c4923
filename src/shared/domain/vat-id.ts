import { EU_COUNTRIES } from './addresses';

/**
 * EU VAT identification numbers (issue 35): the reverse charge rests on the buyer's, so its format is
 * checked per member state (the country prefix, then the state's pattern; Greece writes EL). The
 * format only: whether the number is registered is the VIES service's to say, which a shop admin can
 * consult before approving the company's terms.
 */
const FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** A VAT ID as written for comparison: upper case, without spaces, dots or dashes. */
export const compactVatId = (vatId: string) => vatId.toUpperCase().replace(/[\s.-]/g, '');

/** The member state (ISO code: GR for EL) whose well-formed VAT ID this is, or null. */
export function euVatCountry(vatId: string | null | undefined): string | null {
  if (!vatId) return null;
  const compact = compactVatId(vatId);
  const prefix = compact.slice(0, 2);
  const format = FORMATS[prefix];
  if (!format?.test(compact.slice(2))) return null;
  return prefix === 'EL' ? 'GR' : prefix;
}

/**
 * Whether a delivery to `destination` is reverse-charged: the buyer holds a well-formed EU VAT ID,
 * the goods go to an EU member state, and that is not the seller's own country.
 */
export function reverseCharged(
  vatId: string | null | undefined,
  destination: string,
  sellerCountry: string | null,
): boolean {
  return euVatCountry(vatId) !== null && EU_COUNTRIES.includes(destination) && destination !== sellerCountry;
}

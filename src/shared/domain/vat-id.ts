import { euVat } from 'stdnum';
import { EU_COUNTRIES, countryName } from './addresses';

/**
 * EU VAT identification numbers. An intra-community supply (exempt from VAT under Article 138 of the
 * VAT Directive) rests on the buyer's, so a company's tax number that is written as an EU VAT ID is
 * checked by its member state's own rule, check digit included, by `stdnum` (a port of python-stdnum,
 * which follows each state's published algorithm). A well-formed ID is not yet a registered one:
 * whether it is registered is the VIES service's to say, which a shop admin consults and records
 * (companies.vat_verified_at); only a verified ID counts for tax.
 */

/** A VAT ID as written for comparison: upper case, without spaces, dots or dashes. */
export const compactVatId = (vatId: string) => vatId.toUpperCase().replace(/[\s.\-/]/g, '');

/** The VAT prefix of each member state: its ISO code, but EL for Greece. */
const prefixOf = (country: string) => (country === 'GR' ? 'EL' : country);
const countryOfPrefix = (prefix: string) => (prefix === 'EL' ? 'GR' : prefix);
const VAT_PREFIXES = new Set(EU_COUNTRIES.map(prefixOf));

/** What a valid, verified VAT ID changes, said in every refusal of a malformed one. */
const WHAT_IT_CHANGES =
  'A valid VAT ID, once we have verified it, lets deliveries to another EU member state go without VAT ' +
  '(an intra-community supply). Correct it, or leave the tax number empty.';

/** Why a member state's rule refuses a number, in words (stdnum's error names). */
const REASONS: Record<string, string> = {
  InvalidLength: 'it has the wrong number of characters',
  InvalidFormat: 'its characters are not in that state’s form',
  InvalidComponent: 'its characters are not in that state’s form',
  InvalidChecksum: 'its check digit is wrong',
};

/**
 * What is wrong with a tax number written as an EU VAT ID (two letters of a member state's prefix,
 * then the number), or null: a valid one, or a tax number of another kind (a US EIN, a Canadian
 * business number), which is kept as it is and never makes an order VAT-free.
 */
export function vatIdProblem(taxId: string | null | undefined): string | null {
  if (!taxId) return null;
  const compact = compactVatId(taxId);
  const prefix = compact.slice(0, 2);
  if (prefix === 'GR' && /^GR\d{9}$/.test(compact)) {
    return `Greek VAT IDs begin with EL, not GR: EL${compact.slice(2)}. ${WHAT_IT_CHANGES}`;
  }
  if (!VAT_PREFIXES.has(prefix) || !/^[A-Z]{2}[0-9A-Z+*]/.test(compact)) return null;
  const country = countryOfPrefix(prefix);
  const result = euVat[country]?.[0]?.validate(compact);
  if (!result || result.isValid) return null;
  const reason = REASONS[result.error.name] ?? 'its number is not one that state issues';
  return `${compact} is not a valid VAT ID of ${countryName(country)}: ${reason}. ${WHAT_IT_CHANGES}`;
}

/** The member state (ISO code: GR for EL) whose valid VAT ID this is, or null. */
export function euVatCountry(vatId: string | null | undefined): string | null {
  if (!vatId) return null;
  const compact = compactVatId(vatId);
  const prefix = compact.slice(0, 2);
  if (!VAT_PREFIXES.has(prefix)) return null;
  return vatIdProblem(compact) === null ? countryOfPrefix(prefix) : null;
}

/** A tax number as stored: an EU VAT ID compact ("DE136695976"), anything else trimmed; empty: none. */
export function normalTaxId(taxId: string | null | undefined): string | null {
  const trimmed = taxId?.trim();
  if (!trimmed) return null;
  return euVatCountry(trimmed) ? compactVatId(trimmed) : trimmed;
}

/** The buyer's side of an intra-community supply, as the order is placed. */
export interface BuyerVat {
  /** The company's tax number, if any. */
  vatId: string | null;
  /** Whether a shop admin verified it (in VIES) since it was last changed. */
  verified: boolean;
  /** The country of the company's billing address, if it gave one structured. */
  billingCountry: string | null;
}

/**
 * Whether a delivery to `destination` goes to an EU business: the buyer holds a valid VAT ID that a
 * shop admin has verified, issued by the state it bills from, and the goods go to a member state.
 */
export function euBusinessDelivery(buyer: BuyerVat, destination: string): boolean {
  if (!buyer.verified) return false;
  const buyerCountry = euVatCountry(buyer.vatId);
  return buyerCountry !== null && buyerCountry === buyer.billingCountry && EU_COUNTRIES.includes(destination);
}

/**
 * Whether a delivery to `destination` is an intra-community supply, exempt under Article 138: the
 * shop sells from an EU VAT registration (`sellerVatCountry`) goods that leave from a member state
 * (`dispatchedFrom`) to an EU business (euBusinessDelivery) in another member state. Goods sent from
 * outside the EU are no intra-community supply, whatever the seller's registrations: an export.
 * Anything less is taxed as the destination's zone says.
 */
export function intraCommunitySupply(
  buyer: BuyerVat,
  destination: string,
  sellerVatCountry: string | null,
  dispatchedFrom: string,
): boolean {
  return (
    sellerVatCountry !== null &&
    EU_COUNTRIES.includes(dispatchedFrom) &&
    euBusinessDelivery(buyer, destination) &&
    destination !== dispatchedFrom
  );
}

/**
 * What a delivery to an EU business is (euBusinessDelivery): an intra-community supply from stock in
 * another member state; from stock outside the EU an export from the seller's country, which the buyer
 * imports and accounts for the VAT of; null for any other delivery (taxed as its zone says).
 */
export function euBusinessSupply(
  buyer: BuyerVat,
  destination: string,
  sellerVatCountry: string | null,
  dispatchedFrom: string,
): 'intra_community' | 'export' | null {
  if (intraCommunitySupply(buyer, destination, sellerVatCountry, dispatchedFrom)) return 'intra_community';
  return euBusinessDelivery(buyer, destination) && !EU_COUNTRIES.includes(dispatchedFrom) ? 'export' : null;
}

import { postalCodeInRegion, regionsOfPostalCode } from './postal-regions';

/**
 * Structured addresses: where an order is delivered decides its tax and
 * freight, so an address is line 1, line 2, city, region, postal code and country, never one box of
 * text. Countries are ISO 3166-1 alpha-2 codes; the United States and Canada name a region from their
 * lists (ISO 3166-2 subdivision codes without the country). One set of rules checks an address in the
 * browser's forms and on the server.
 */

/** Every ISO 3166-1 alpha-2 country code in use. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV ' +
  'BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ' +
  'ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE ' +
  'IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY ' +
  'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU ' +
  'NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM ' +
  'SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE ' +
  'VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** The European Union's member states (for VAT: the reverse charge between two of them). */
export const EU_COUNTRIES =
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' ');

/** The states of the United States, DC, and the territories with a postal code of their own. */
export const US_REGIONS: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
  GU: 'Guam',
  VI: 'U.S. Virgin Islands',
  AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
};

/** Canada's provinces and territories. */
export const CA_REGIONS: Record<string, string> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

/** The countries whose addresses must name a region from a list, and the list. */
export const REGIONS: Record<string, Record<string, string>> = { US: US_REGIONS, CA: CA_REGIONS };

export interface ShipTo {
  line1: string;
  line2?: string | null | undefined;
  city: string;
  region?: string | null | undefined;
  postalCode: string;
  country: string;
}

/** What is wrong with one field of an address. */
export interface AddressProblem {
  field: keyof ShipTo;
  message: string;
}

const POSTAL_CODE: Record<string, { pattern: RegExp; example: string }> = {
  US: { pattern: /^\d{5}(-\d{4})?$/, example: '15201 or 15201-1234' },
  CA: { pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/, example: 'K1A 0B1' },
  GB: { pattern: /^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/, example: 'SW1A 1AA' },
  DE: { pattern: /^\d{5}$/, example: '10115' },
  FR: { pattern: /^\d{5}$/, example: '75001' },
  NL: { pattern: /^\d{4} [A-Z]{2}$/, example: '1012 AB' },
};
/** Any other country's postal code: letters, digits, spaces and dashes. */
const ANY_POSTAL_CODE = /^[A-Z0-9][A-Z0-9 -]{1,10}[A-Z0-9]$/;

/**
 * An address as it is stored: codes and postal codes upper case, a Canadian or Dutch postal code with
 * its space, spaces trimmed, an empty line 2 or region as null.
 */
export function normalizeAddress(address: ShipTo): ShipTo {
  const country = address.country.trim().toUpperCase();
  let postalCode = address.postalCode.trim().toUpperCase().replace(/\s+/g, ' ');
  if (country === 'CA' && /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(postalCode)) {
    postalCode = `${postalCode.slice(0, 3)} ${postalCode.slice(3)}`;
  }
  if (country === 'NL' && /^\d{4}[A-Z]{2}$/.test(postalCode)) {
    postalCode = `${postalCode.slice(0, 4)} ${postalCode.slice(4)}`;
  }
  const region = address.region?.trim().toUpperCase() || null;
  return {
    line1: address.line1.trim(),
    line2: address.line2?.trim() || null,
    city: address.city.trim(),
    region,
    postalCode,
    country,
  };
}

/** Every problem of an address (normalised first), field by field; empty when it can be shipped to. */
export function addressProblems(input: ShipTo): AddressProblem[] {
  const address = normalizeAddress(input);
  const problems: AddressProblem[] = [];
  if (!address.line1) problems.push({ field: 'line1', message: 'Please enter the street and number' });
  if (!address.city) problems.push({ field: 'city', message: 'Please enter the city' });
  if (!COUNTRY_CODES.includes(address.country)) {
    problems.push({ field: 'country', message: 'Please choose a country' });
    return problems;
  }
  const regions = REGIONS[address.country];
  if (regions && !(address.region && regions[address.region])) {
    problems.push({
      field: 'region',
      message: address.country === 'US' ? 'Please choose a state' : 'Please choose a province or territory',
    });
  }
  const format = POSTAL_CODE[address.country];
  if (!address.postalCode) {
    problems.push({ field: 'postalCode', message: 'Please enter the postal code' });
  } else if (format ? !format.pattern.test(address.postalCode) : !ANY_POSTAL_CODE.test(address.postalCode)) {
    problems.push({
      field: 'postalCode',
      message: format
        ? `This is not a postal code of this country (e.g. ${format.example})`
        : 'This is not a postal code',
    });
  } else if (
    regions &&
    address.region &&
    regions[address.region] &&
    !postalCodeInRegion(address.country, address.region, address.postalCode)
  ) {
    // The region decides the tax zone: it must be the one the postal code is in.
    const belongs = regionsOfPostalCode(address.country, address.postalCode).map((code) => regions[code]);
    const noun = address.country === 'US' ? 'state' : 'province';
    problems.push({
      field: 'region',
      message:
        `Postal code ${address.postalCode} is not in ${regions[address.region]}` +
        (belongs.length ? ` but in ${belongs.join(' or ')}` : '') +
        `: please check the ${noun} and the postal code`,
    });
  }
  return problems;
}

/** A country's name in English (its code when the platform does not know it). */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames('en', { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The address as one text, a line each, as labels, invoices and the spec's `address` field show it:
 * the street lines, then the city with its region and postal code as the country writes them, then
 * the country.
 */
export function formatAddress(input: ShipTo): string {
  const address = normalizeAddress(input);
  const { city, region, postalCode, country } = address;
  const place =
    country === 'US' || country === 'CA'
      ? `${city}, ${region ?? ''} ${postalCode}`.replace(/\s+/g, ' ')
      : country === 'GB'
        ? `${city}\n${postalCode}`
        : `${postalCode} ${city}${region ? `, ${region}` : ''}`;
  return [address.line1, address.line2, place, countryName(country)].filter(Boolean).join('\n');
}

/**
 * The place an address is taxed and shipped by, once it is known: a country, and for the United States
 * and Canada a state or province from the list. Null while the form has not got that far.
 */
export function placeOfAddress(
  address: { country?: string | null | undefined; region?: string | null | undefined } | undefined,
): { country: string; region: string | null } | null {
  const country = address?.country?.trim().toUpperCase() ?? '';
  if (!COUNTRY_CODES.includes(country)) return null;
  const region = address?.region?.trim().toUpperCase() || null;
  const regions = REGIONS[country];
  if (regions && !(region && regions[region])) return null;
  return { country, region };
}

/** A place as the cart's and the preview's query strings ask for it. */
export const placeQuery = (place: { country: string; region: string | null }, notForResale = false) =>
  `country=${encodeURIComponent(place.country)}${place.region ? `&region=${encodeURIComponent(place.region)}` : ''}${notForResale ? '&notForResale=true' : ''}`;

/** A place in words: "Pennsylvania, United States", "Germany". */
export const placeName = (country: string, region: string | null) =>
  region ? `${REGIONS[country]?.[region] ?? region}, ${countryName(country)}` : countryName(country);

import { describe, expect, it } from 'vitest';
import {
  type BuyerVat,
  euBusinessDelivery,
  euBusinessSupply,
  euVatCountry,
  intraCommunitySupply,
  vatIdProblem,
} from './vat-id';

describe('EU VAT IDs', () => {
  it('accepts each state’s valid numbers by its check-digit rule, spaces and dots aside, and names the state', () => {
    expect(euVatCountry('DE 136 695 976')).toBe('DE');
    expect(euVatCountry('fr40303265045')).toBe('FR');
    expect(euVatCountry('NL004495445B01')).toBe('NL');
    expect(euVatCountry('ATU13585627')).toBe('AT');
    expect(euVatCountry('EL094259216')).toBe('GR');
    expect(euVatCountry('BE0.411.905.847')).toBe('BE');
  });

  it('refuses a wrong check digit or length, a non-EU prefix and nothing at all', () => {
    expect(euVatCountry('DE136695975')).toBeNull();
    expect(euVatCountry('DE123456789')).toBeNull();
    expect(euVatCountry('NL123456789')).toBeNull();
    expect(euVatCountry('GB123456789')).toBeNull();
    expect(euVatCountry('EIN 12-3456789')).toBeNull();
    expect(euVatCountry('')).toBeNull();
    expect(euVatCountry(null)).toBeNull();
  });

  it('says what is wrong with a malformed one and what a valid one would change', () => {
    expect(vatIdProblem('DE136695975')).toBe(
      'DE136695975 is not a valid VAT ID of Germany: its check digit is wrong. A valid VAT ID, once we have ' +
        'verified it, lets deliveries to another EU member state go without VAT (an intra-community ' +
        'supply). Correct it, or leave the tax number empty.',
    );
    expect(vatIdProblem('DE12345')).toMatch(
      /^DE12345 is not a valid VAT ID of Germany: it has the wrong number/,
    );
    expect(vatIdProblem('GR094259216')).toMatch(/^Greek VAT IDs begin with EL, not GR: EL094259216\./);
    // Tax numbers of other kinds are not VAT IDs, and are kept as written.
    expect(vatIdProblem('EIN 12-3456789')).toBeNull();
    expect(vatIdProblem('GB123456789')).toBeNull();
    expect(vatIdProblem('DE136695976')).toBeNull();
  });

  const verifiedGerman: BuyerVat = { vatId: 'DE136695976', verified: true, billingCountry: 'DE' };

  it('is an intra-community supply only from an EU registration, from stock in the EU, to a verified ID of the billing country, in another state', () => {
    expect(intraCommunitySupply(verifiedGerman, 'DE', 'NL', 'NL')).toBe(true);
    expect(intraCommunitySupply(verifiedGerman, 'FR', 'NL', 'NL')).toBe(true);
    // Delivered within the member state the goods leave from: domestic, taxed.
    expect(intraCommunitySupply(verifiedGerman, 'NL', 'NL', 'NL')).toBe(false);
    // Outside the EU, or the shop has no EU VAT registration.
    expect(intraCommunitySupply(verifiedGerman, 'US', 'NL', 'NL')).toBe(false);
    expect(intraCommunitySupply(verifiedGerman, 'DE', null, 'NL')).toBe(false);
    // Goods sent from outside the EU: an export from there, whatever the seller's registrations.
    expect(intraCommunitySupply(verifiedGerman, 'DE', 'NL', 'US')).toBe(false);
    expect(euBusinessDelivery(verifiedGerman, 'DE')).toBe(true);
    // Not verified by the shop, billed from another country, or not a valid ID.
    expect(intraCommunitySupply({ ...verifiedGerman, verified: false }, 'DE', 'NL', 'NL')).toBe(false);
    expect(intraCommunitySupply({ ...verifiedGerman, billingCountry: 'US' }, 'DE', 'NL', 'NL')).toBe(false);
    expect(intraCommunitySupply({ ...verifiedGerman, billingCountry: null }, 'DE', 'NL', 'NL')).toBe(false);
    expect(intraCommunitySupply({ ...verifiedGerman, vatId: 'DE123456789' }, 'DE', 'NL', 'NL')).toBe(false);
    expect(euBusinessDelivery({ ...verifiedGerman, verified: false }, 'DE')).toBe(false);
    // What such a delivery is: from stock in the EU an intra-community supply, from outside an export.
    expect(euBusinessSupply(verifiedGerman, 'DE', 'NL', 'NL')).toBe('intra_community');
    expect(euBusinessSupply(verifiedGerman, 'DE', 'NL', 'US')).toBe('export');
    expect(euBusinessSupply(verifiedGerman, 'NL', 'NL', 'NL')).toBeNull();
    expect(euBusinessSupply({ ...verifiedGerman, verified: false }, 'DE', 'NL', 'US')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { euVatCountry, reverseCharged } from './vat-id';

describe('EU VAT IDs', () => {
  it('accepts each state’s format, spaces and dots aside, and names the state', () => {
    expect(euVatCountry('DE 123456789')).toBe('DE');
    expect(euVatCountry('fr12345678901')).toBe('FR');
    expect(euVatCountry('NL123456789B01')).toBe('NL');
    expect(euVatCountry('ATU12345678')).toBe('AT');
    expect(euVatCountry('EL123456789')).toBe('GR');
    expect(euVatCountry('BE0.123.456.789')).toBe('BE');
  });

  it('refuses a wrong length, a non-EU prefix and nothing at all', () => {
    expect(euVatCountry('DE12345678')).toBeNull();
    expect(euVatCountry('NL123456789')).toBeNull();
    expect(euVatCountry('GB123456789')).toBeNull();
    expect(euVatCountry('EIN 12-3456789')).toBeNull();
    expect(euVatCountry('')).toBeNull();
    expect(euVatCountry(null)).toBeNull();
  });

  it('reverse-charges a VAT-registered buyer’s delivery to an EU state other than the seller’s', () => {
    expect(reverseCharged('DE123456789', 'FR', 'DE')).toBe(true);
    expect(reverseCharged('DE123456789', 'DE', 'DE')).toBe(false);
    expect(reverseCharged('DE123456789', 'DE', 'US')).toBe(true);
    expect(reverseCharged('DE123456789', 'US', 'DE')).toBe(false);
    expect(reverseCharged('DE12345', 'FR', 'DE')).toBe(false);
    expect(reverseCharged(null, 'FR', 'DE')).toBe(false);
  });
});

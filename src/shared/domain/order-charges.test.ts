import { describe, expect, it } from 'vitest';
import {
  OUTSIDE_REGISTRATIONS_NOTICE,
  certificateLabel,
  exportNotice,
  registrationIdentifier,
  taxNotice,
} from './order-charges';

describe('how documents name a tax registration, a certificate and why nothing was taxed', () => {
  it('a registration by its identifier: the words with digits at its end, the first of several', () => {
    expect(registrationIdentifier('Pennsylvania sales tax license 12345678')).toBe('12345678');
    expect(registrationIdentifier('Washington UBI 604 123 456')).toBe('604 123 456');
    expect(registrationIdentifier('GST/HST 123456789 RT0001')).toBe('123456789 RT0001');
    expect(registrationIdentifier('GST 123456789 RT0001, QST 1234567890 TQ0001')).toBe('123456789 RT0001');
    expect(registrationIdentifier('NL859123455B01')).toBe('NL859123455B01');
    // Words without a digit are kept whole: there is no number to pick out.
    expect(registrationIdentifier('Registered in Oregon')).toBe('Registered in Oregon');
  });

  it('a certificate by the number its issuer gave it, never the shop’s id for it', () => {
    const certificate = { id: 'cbefb8af', regions: ['US-PA'], expiresOn: '2027-01-01' };
    expect(certificateLabel({ ...certificate, kind: 'resale', number: 'PA-REV-1220-55' })).toBe(
      'resale certificate PA-REV-1220-55',
    );
    // An order placed before the number was kept names the kind alone.
    expect(certificateLabel({ ...certificate, kind: 'exemption' })).toBe('exemption certificate');
    expect(certificateLabel(certificate)).toBe('tax certificate');
  });

  it('an untaxed delivery is an export only when it left the seller’s country', () => {
    expect(taxNotice({ treatment: 'untaxed_place', dispatch: { from: 'US', exported: true } })).toBe(
      'No tax charged: an export (goods shipped from United States to another country); import duties and taxes at the destination are the buyer’s.',
    );
    // Oregon from Pittsburgh: no export, and no "(export)".
    const domestic = taxNotice({ treatment: 'untaxed_place', dispatch: { from: 'US', exported: false } });
    expect(domestic).toBe(OUTSIDE_REGISTRATIONS_NOTICE);
    expect(domestic).not.toMatch(/export/i);
    // Orders placed before the dispatch was kept say no more than they know.
    expect(taxNotice({ treatment: 'untaxed_place' })).toBe(OUTSIDE_REGISTRATIONS_NOTICE);
    expect(taxNotice({ treatment: 'taxed' })).toBeNull();
    expect(exportNotice('CA')).toContain('Canada');
  });
});

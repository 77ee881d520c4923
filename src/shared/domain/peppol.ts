/**
 * A Peppol participant ID as companies give it: `<scheme>:<identifier>`, the scheme from the Peppol
 * Electronic Address Scheme (EAS) code list that Peppol BIS Billing 3.0 accepts (PEPPOL-EN16931-CL008):
 * "0088:5790000435975" (a GLN), "0192:987654321" (a Norwegian organisation number), "9930:DE123456789"
 * (a German VAT ID).
 */
export const PEPPOL_SCHEMES = [
  '0002',
  '0007',
  '0009',
  '0037',
  '0060',
  '0088',
  '0096',
  '0097',
  '0106',
  '0130',
  '0135',
  '0142',
  '0151',
  '0177',
  '0183',
  '0184',
  '0188',
  '0190',
  '0191',
  '0192',
  '0193',
  '0195',
  '0196',
  '0198',
  '0199',
  '0200',
  '0201',
  '0202',
  '0204',
  '0208',
  '0209',
  '0210',
  '0211',
  '0212',
  '0213',
  '0215',
  '0216',
  '0218',
  '0221',
  '0230',
  '0235',
  '9901',
  '9910',
  '9913',
  '9914',
  '9915',
  '9918',
  '9919',
  '9920',
  '9922',
  '9923',
  '9924',
  '9925',
  '9926',
  '9927',
  '9928',
  '9929',
  '9930',
  '9931',
  '9932',
  '9933',
  '9934',
  '9935',
  '9936',
  '9937',
  '9938',
  '9939',
  '9940',
  '9941',
  '9942',
  '9943',
  '9944',
  '9945',
  '9946',
  '9947',
  '9948',
  '9949',
  '9950',
  '9951',
  '9952',
  '9953',
  '9957',
  '9959',
] as const;

/** A participant ID written out: its scheme and identifier. */
export interface PeppolId {
  scheme: string;
  id: string;
}

/** The participant ID in `value`, or null when it is not one (parsePeppolId's answer explains why). */
export function parsePeppolId(value: string): PeppolId | null {
  const match = /^(\d{4}):([A-Za-z0-9][A-Za-z0-9.\-_/:]{0,79})$/.exec(value.trim());
  if (!match?.[1] || !match[2]) return null;
  if (!(PEPPOL_SCHEMES as readonly string[]).includes(match[1])) return null;
  return { scheme: match[1], id: match[2] };
}

/** Why `value` is no Peppol participant ID, or null when it is one. */
export function peppolIdProblem(value: string): string | null {
  if (parsePeppolId(value)) return null;
  return 'A Peppol participant ID reads scheme:identifier, its scheme a code of the Peppol list, e.g. 0088:5790000435975';
}

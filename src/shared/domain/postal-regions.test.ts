import { describe, expect, it } from 'vitest';
import { type ShipTo, addressProblems } from './addresses';
import { postalCodeInRegion, regionsOfPostalCode } from './postal-regions';

describe('a postal code and its region', () => {
  it.each([
    ['US', 'NY', '10004', true],
    ['US', 'DE', '10004', false],
    ['US', 'PA', '15201', true],
    ['US', 'PA', '15201-1234', true],
    ['US', 'TX', '73301', true],
    ['US', 'OK', '73301', false],
    ['US', 'MA', '05501', true],
    ['US', 'VT', '05501', false],
    ['US', 'VT', '05401', true],
    ['US', 'CA', '94103', true],
    ['US', 'AK', '99501', true],
    ['US', 'PR', '00901', true],
    ['CA', 'ON', 'K1A 0B1', true],
    ['CA', 'QC', 'H2X 1Y4', true],
    ['CA', 'BC', 'K1A 0B1', false],
    ['CA', 'NU', 'X0A 0H0', true],
    ['DE', 'BY', '80331', true],
  ])('%s %s %s agree: %s', (country, region, postalCode, agree) => {
    expect(postalCodeInRegion(country, region, postalCode)).toBe(agree);
  });

  it('names the regions a postal code belongs to', () => {
    expect(regionsOfPostalCode('US', '10004')).toEqual(['NY']);
    expect(regionsOfPostalCode('CA', 'G1R 4P5')).toEqual(['QC']);
    expect(regionsOfPostalCode('GB', 'SW1A 1AA')).toEqual([]);
  });

  it("refuses an address whose state is not its ZIP code's, naming the field", () => {
    const manhattan: ShipTo = {
      line1: '1 Battery Park Plaza',
      city: 'New York',
      region: 'DE',
      postalCode: '10004',
      country: 'US',
    };
    expect(addressProblems(manhattan)).toEqual([
      {
        field: 'region',
        message:
          'Postal code 10004 is not in Delaware but in New York: please check the state and the postal code',
      },
    ]);
    expect(addressProblems({ ...manhattan, region: 'NY' })).toEqual([]);
    expect(
      addressProblems({ line1: '1 Rue', city: 'Ottawa', region: 'BC', postalCode: 'K1A 0B1', country: 'CA' }),
    ).toEqual([
      {
        field: 'region',
        message:
          'Postal code K1A 0B1 is not in British Columbia but in Ontario: please check the province and the postal code',
      },
    ]);
  });
});

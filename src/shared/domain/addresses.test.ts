import { describe, expect, it } from 'vitest';
import { type ShipTo, addressProblems, formatAddress, normalizeAddress } from './addresses';

const pittsburgh: ShipTo = {
  line1: '1200 Foundry Road',
  line2: 'Dock 4',
  city: 'Pittsburgh',
  region: 'pa',
  postalCode: '15201',
  country: 'us',
};

describe('a structured address', () => {
  it('is stored with its codes upper case and its postal code as the country writes it', () => {
    expect(normalizeAddress(pittsburgh)).toEqual({ ...pittsburgh, region: 'PA', country: 'US' });
    expect(
      normalizeAddress({
        line1: ' 1 Rue ',
        city: 'Ottawa',
        region: 'on',
        postalCode: 'k1a0b1',
        country: 'CA',
      }),
    ).toMatchObject({ postalCode: 'K1A 0B1', line2: null, line1: '1 Rue' });
    expect(
      normalizeAddress({ line1: 'Damrak 1', city: 'Amsterdam', postalCode: '1012ab', country: 'nl' }),
    ).toMatchObject({ postalCode: '1012 AB', region: null });
  });

  it.each<[string, ShipTo, string[]]>([
    ['a US address with its state and ZIP', pittsburgh, []],
    ['a ZIP+4', { ...pittsburgh, postalCode: '15201-1234' }, []],
    ['a US address without a state', { ...pittsburgh, region: '' }, ['region: Please choose a state']],
    ['a state that is not one', { ...pittsburgh, region: 'XX' }, ['region: Please choose a state']],
    [
      'a ZIP of four digits',
      { ...pittsburgh, postalCode: '1520' },
      ['postalCode: This is not a postal code of this country (e.g. 15201 or 15201-1234)'],
    ],
    [
      'a Canadian address without its province',
      { line1: '1 Wellington St', city: 'Ottawa', postalCode: 'K1A 0B1', country: 'CA' },
      ['region: Please choose a province or territory'],
    ],
    [
      'a German address, no region needed',
      { line1: 'Hauptstr. 5', city: 'Berlin', postalCode: '10115', country: 'DE' },
      [],
    ],
    [
      'a country that is not one',
      { line1: 'Somewhere 1', city: 'Nowhere', postalCode: '12345', country: 'ZZ' },
      ['country: Please choose a country'],
    ],
    [
      'an empty street, city and postal code',
      { line1: ' ', city: '', postalCode: '', country: 'JP' },
      [
        'line1: Please enter the street and number',
        'city: Please enter the city',
        'postalCode: Please enter the postal code',
      ],
    ],
  ])('%s', (_name, address, problems) => {
    expect(addressProblems(address).map((problem) => `${problem.field}: ${problem.message}`)).toEqual(
      problems,
    );
  });

  it('is formatted a line each, as its country writes it', () => {
    expect(formatAddress(pittsburgh)).toBe('1200 Foundry Road\nDock 4\nPittsburgh, PA 15201\nUnited States');
    expect(formatAddress({ line1: 'Hauptstr. 5', city: 'Berlin', postalCode: '10115', country: 'DE' })).toBe(
      'Hauptstr. 5\n10115 Berlin\nGermany',
    );
    expect(
      formatAddress({ line1: '10 Downing St', city: 'London', postalCode: 'sw1a 2aa', country: 'GB' }),
    ).toBe('10 Downing St\nLondon\nSW1A 2AA\nUnited Kingdom');
  });
});

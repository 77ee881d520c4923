import { describe, expect, it } from 'vitest';
import { buyerBand } from './buyer-band';

describe('buyerBand', () => {
  it.each([
    [0, null],
    [1, '1–99'],
    [99, '1–99'],
    [100, '100–499'],
    [499, '100–499'],
    [500, '500–1,999'],
    [1999, '500–1,999'],
    [2000, '2,000+'],
    [5_000_000, '2,000+'],
  ])('%i units → %s', (units, band) => {
    expect(buyerBand(units)).toBe(band);
  });
});

import { describe, expect, it } from 'vitest';
import { formatUnits, formatUsd } from './numbers';

// The formatters are written out (no Intl at start-up); Intl's output is what they must match.
const intlUnits = new Intl.NumberFormat('en-US');
const intlUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A repeatable spread of values: every size from 0 to 10^9, whole and with decimals, both signs. */
function* samples() {
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let i = 0; i < 4_000; i += 1) {
    const magnitude = 10 ** Math.floor(next() * 10);
    const whole = Math.floor(next() * magnitude);
    yield whole;
    yield -whole;
    yield whole + Math.round(next() * 100) / 100;
    yield whole + Math.round(next() * 1000) / 1000;
    yield -(whole + next());
  }
  yield* [
    0, 1, 999, 1000, 1001, 999_999, 1_000_000, 0.005, 0.015, 1.005, 2.675, 0.125, -0.125, -0.001, -0.004,
  ];
}

describe('numbers without Intl', () => {
  it('formatUnits writes what Intl.NumberFormat("en-US") writes', () => {
    for (const value of samples()) {
      if (Math.abs(value) < 0.0005) continue; // see the last test
      expect(formatUnits(value), String(value)).toBe(intlUnits.format(value));
    }
  });

  it('formatUsd writes what Intl.NumberFormat("en-US", USD) writes', () => {
    for (const value of samples()) {
      if (Math.abs(value) < 0.005) continue; // see the last test
      expect(formatUsd(value), String(value)).toBe(intlUsd.format(value));
    }
  });

  it('writes what is not a finite number as JavaScript does, without throwing', () => {
    expect(formatUsd(Number.NaN)).toBe('$NaN');
    expect(formatUsd(Number.POSITIVE_INFINITY)).toBe('$Infinity');
    expect(formatUnits(Number.NaN)).toBe('NaN');
  });

  it('writes zero without a sign, where Intl writes "-0" for a negative that rounds to it', () => {
    for (const value of [0, -0, -0.0004]) expect(formatUnits(value)).toBe('0');
    for (const value of [0, -0, -0.004]) expect(formatUsd(value)).toBe('$0.00');
  });
});

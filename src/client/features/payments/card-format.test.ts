import { describe, expect, it } from 'vitest';
import { cardFieldProblems, formatCardNumber, formatExpiry, parseExpiry } from './card-format';

describe('card fields', () => {
  it('groups card numbers by four and drops anything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42x42')).toBe('4242 4242');
    expect(formatCardNumber('1'.repeat(25))).toHaveLength(19 + 4);
  });

  it('formats and reads the expiry', () => {
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('1')).toBe('1');
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('13 / 34')).toBeNull();
  });

  it('names incomplete or past fields inline', () => {
    const now = new Date('2026-11-20');
    expect(
      cardFieldProblems({ number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' }, now),
    ).toBeNull();
    expect(cardFieldProblems({ number: '4242', expiry: '10 / 26', cvc: '1' }, now)).toEqual({
      number: 'Your card number is incomplete.',
      expiry: "Your card's expiration date is in the past.",
      cvc: "Your card's security code is incomplete.",
    });
  });
});

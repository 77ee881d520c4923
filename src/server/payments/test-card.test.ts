import { describe, expect, it } from 'vitest';
import { INVALID_NUMBER, PAST_EXPIRY, passesLuhn, testCardOutcome } from './test-card';

const now = new Date('2026-11-20T12:00:00Z');
const card = (number: string, expMonth = 12, expYear = 30) => ({ number, expMonth, expYear, cvc: '123' });

describe('test cards (Stripe test mode)', () => {
  it.each([
    ['4242 4242 4242 4242', null],
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'Your card has expired.'],
    ['4000 0000 0000 0127', "Your card's security code is incorrect."],
    ['4242 4242 4242 4241', INVALID_NUMBER],
    ['1234', INVALID_NUMBER],
  ])('%s → %s', (number, outcome) => {
    expect(testCardOutcome(card(number), now)).toBe(outcome);
  });

  it('refuses a past expiry date and accepts the current month', () => {
    expect(testCardOutcome(card('4242424242424242', 10, 26), now)).toBe(PAST_EXPIRY);
    expect(testCardOutcome(card('4242424242424242', 11, 2026), now)).toBeNull();
    expect(testCardOutcome(card('4242424242424242', 13, 30), now)).toBe(PAST_EXPIRY);
  });

  it('implements the Luhn checksum', () => {
    expect(passesLuhn('79927398713')).toBe(false); // too short for a card
    expect(passesLuhn('5555555555554444')).toBe(true);
    expect(passesLuhn('5555555555554445')).toBe(false);
  });
});

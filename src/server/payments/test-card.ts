import { messages } from '../../shared/messages';

/** Stripe's test-mode card outcomes (DESIGN §4), simulated by the built-in test provider. */
export const cardDeclines: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
};

export const INVALID_NUMBER = messages.cardNumberInvalid;
export const PAST_EXPIRY = "Your card's expiration date is in the past.";

/** The Luhn checksum every real card number satisfies. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What Stripe's test mode would say about this card: null when the charge succeeds. */
export function testCardOutcome(card: TestCard, now = new Date()): string | null {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!passesLuhn(digits)) return INVALID_NUMBER;
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const endOfMonth = new Date(Date.UTC(year, card.expMonth, 1));
  if (card.expMonth < 1 || card.expMonth > 12 || endOfMonth <= now) return PAST_EXPIRY;
  return cardDeclines[digits] ?? null;
}

import { describe, expect, it } from 'vitest';
import {
  QuoteStatus,
  canQuoteTransition,
  quoteStatesThatCanBecome,
  quoteTransitionRefusal,
} from './quote-status';

describe('quote transitions', () => {
  it('allows exactly request → answer or decline, and answer → accept or expire', () => {
    const allowed = QuoteStatus.options.flatMap((from) =>
      QuoteStatus.options.filter((to) => canQuoteTransition(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual([
      'requested→answered',
      'requested→declined',
      'answered→accepted',
      'answered→expired',
    ]);
    expect(quoteStatesThatCanBecome('accepted')).toEqual(['answered']);
  });

  it('explains every refused move, and an expired quote with its own code', () => {
    expect(quoteTransitionRefusal('answered', 'accepted')).toBeNull();
    expect(quoteTransitionRefusal('accepted', 'accepted')).toEqual({
      code: 'INVALID_TRANSITION',
      message: 'This quote was already accepted, so it cannot be accepted',
    });
    expect(quoteTransitionRefusal('requested', 'accepted')?.message).toBe(
      'This quote has not been answered yet, so it cannot be accepted',
    );
    expect(quoteTransitionRefusal('expired', 'accepted')).toEqual({
      code: 'QUOTE_EXPIRED',
      message: 'This quote has expired. Please request a new one.',
    });
  });
});

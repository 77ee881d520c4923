import { z } from 'zod';
import type { ErrorCode } from '../api/errors';
import { messages } from '../messages';

export const QuoteStatus = z.enum(['requested', 'answered', 'declined', 'accepted', 'expired']);
export type QuoteStatus = z.infer<typeof QuoteStatus>;

/**
 * A quote's life (DESIGN §9), as orders have theirs: a customer requests, the shop answers with a price
 * and a validity or declines, and the customer accepts an answer before it expires. Everything that
 * changes a quote's status asks this table; `quoteTransitionRefusal` says why a move is not in it.
 */
const transitions: Record<QuoteStatus, readonly QuoteStatus[]> = {
  requested: ['answered', 'declined'],
  answered: ['accepted', 'expired'],
  declined: [],
  accepted: [],
  expired: [],
};

export function canQuoteTransition(from: QuoteStatus, to: QuoteStatus): boolean {
  return transitions[from].includes(to);
}

/**
 * Whether the customer can accept the quote at `now`: answered, and its price still holds. My Quotes
 * offers Accept by it; accepting refuses an answered quote past its date by it (QUOTE_EXPIRED).
 */
export function canAcceptQuote(
  quote: { status: QuoteStatus; validUntil: Date | string | null },
  now: Date,
): boolean {
  return quote.status === 'answered' && quote.validUntil !== null && new Date(quote.validUntil) > now;
}

/** The states a quote may be in to move to `to`. */
export function quoteStatesThatCanBecome(to: QuoteStatus): QuoteStatus[] {
  return QuoteStatus.options.filter((from) => canQuoteTransition(from, to));
}

export interface QuoteTransitionRefusal {
  code: Extract<ErrorCode, 'QUOTE_EXPIRED' | 'INVALID_TRANSITION'>;
  message: string;
}

const whatHappened: Record<QuoteStatus, string> = {
  requested: 'has not been answered yet',
  answered: 'was already answered',
  declined: 'was declined',
  accepted: 'was already accepted',
  expired: 'has expired',
};

const moveName: Record<QuoteStatus, string> = {
  requested: 'requested again',
  answered: 'answered',
  declined: 'declined',
  accepted: 'accepted',
  expired: 'expired',
};

/** Why a quote in state `from` cannot move to `to`, with the code the API answers, or null if it can. */
export function quoteTransitionRefusal(from: QuoteStatus, to: QuoteStatus): QuoteTransitionRefusal | null {
  if (canQuoteTransition(from, to)) return null;
  if (from === 'expired') {
    return { code: 'QUOTE_EXPIRED', message: messages.quoteExpired };
  }
  return {
    code: 'INVALID_TRANSITION',
    message: messages.quoteCannotMove(whatHappened[from], moveName[to]),
  };
}

import { z } from 'zod';

/**
 * Error codes the API answers with, each mapped to one HTTP status by the server's error handler.
 * - VALIDATION_FAILED: the body, query or path did not match the route's schema (400).
 * - BAD_REQUEST: the request could not be read at all, e.g. malformed JSON (400).
 * - UNAUTHENTICATED: the call needs a signed-in user and there is none (401).
 * - FORBIDDEN: the caller's role does not allow this, or the request came from another site (403).
 * - NOT_FOUND: no such resource, or one the caller may not see (404).
 * - CANNOT_DELETE_SELF: an admin tried to delete their own account (409).
 * - LAST_ADMIN: the call would leave the shop without an admin (409).
 * - OUT_OF_STOCK: fewer units are available than the order asks for (409).
 * - ORDER_ALREADY_PAID: the order is paid, so it can no longer be cancelled or paid again (409).
 * - ORDER_CLOSED: the order was cancelled or its hold expired; it cannot be paid or cancelled (409).
 * - PAYMENT_NOT_VERIFIED: the provider does not confirm a succeeded payment of this amount for this order (402).
 * - CARD_DECLINED: the test provider refused the card; the message is the card network's (402).
 * - INVALID_SIGNATURE: a webhook whose signature does not verify (400).
 * - INVALID_TRANSITION: the order cannot move to the asked state from the one it is in (409).
 * - RATE_LIMITED: too many requests from this client (429).
 * - UNPAID_ORDER_LIMIT: the account holds as many unpaid orders as it may; pay or cancel one first (409).
 * - SKU_TAKEN: another product already has this SKU (409).
 * - INVOICE_NOT_READY: the order has no invoice yet: it is not paid (409).
 * - QUOTE_EXPIRED: the quote's validity ended; a new one must be requested (409).
 * - PAYMENT_IN_PROGRESS: the provider is still processing this order's payment; try again shortly (409).
 * - TOO_LARGE: an upload is larger than the shop takes (413).
 * - UNSUPPORTED_MEDIA_TYPE: an upload's content is not a type the shop takes (415).
 * - UNAVAILABLE: the database is down or too slow right now; nothing was changed, try again (503).
 * - SPENDING_LIMIT: the order would take this month's orders past the company's or the buyer's limit (409).
 * - NO_APPROVER: the order needs approval and nobody but its buyer could approve it (409).
 * - CONFLICT: something the request refers to was removed meanwhile (409).
 * - INTERNAL: anything unexpected; its details are only logged (500).
 */
export const ErrorCode = z.enum([
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CANNOT_DELETE_SELF',
  'LAST_ADMIN',
  'OUT_OF_STOCK',
  'ORDER_ALREADY_PAID',
  'ORDER_CLOSED',
  'PAYMENT_NOT_VERIFIED',
  'CARD_DECLINED',
  'INVALID_SIGNATURE',
  'INVALID_TRANSITION',
  'RATE_LIMITED',
  'UNPAID_ORDER_LIMIT',
  'PAYMENT_IN_PROGRESS',
  'SKU_TAKEN',
  'INVOICE_NOT_READY',
  'QUOTE_EXPIRED',
  'TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAVAILABLE',
  'SPENDING_LIMIT',
  'NO_APPROVER',
  'CONFLICT',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** The request's field the message is about, as a path (`shipTo.postalCode`), when it is about one. */
    field: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Route response schemas for the error statuses a route can answer, e.g. `errorResponses(400, 404)`. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody])) as Record<S, typeof ErrorBody>;
}

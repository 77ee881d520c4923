import type { ErrorCode } from '../../shared/api/errors';

/** An expected failure of a use case; the error handler turns its code into an HTTP status. */
export class DomainError extends Error {
  override name = 'DomainError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** For UNAVAILABLE: the seconds Retry-After asks the client to wait (RETRY_AFTER_SECONDS if absent). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const statusOf: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CANNOT_DELETE_SELF: 409,
  LAST_ADMIN: 409,
  OUT_OF_STOCK: 409,
  ORDER_ALREADY_PAID: 409,
  ORDER_CLOSED: 409,
  PAYMENT_NOT_VERIFIED: 402,
  CARD_DECLINED: 402,
  INVALID_SIGNATURE: 400,
  INVALID_TRANSITION: 409,
  RATE_LIMITED: 429,
  UNPAID_ORDER_LIMIT: 409,
  PAYMENT_IN_PROGRESS: 409,
  SKU_TAKEN: 409,
  INVOICE_NOT_READY: 409,
  QUOTE_EXPIRED: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAVAILABLE: 503,
  SPENDING_LIMIT: 409,
  NO_APPROVER: 409,
  CONFLICT: 409,
  INTERNAL: 500,
};

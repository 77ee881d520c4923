import type { FastifyRequest } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * What reaches the log (DESIGN §6): never a session token, a cookie, a reset token, a one-time code
 * or an SQL parameter. Headers are redacted by path; URLs, errors and better-auth's messages pass
 * through the functions below.
 */

export const REDACTED = '[redacted]';

/** Header paths pino replaces with [redacted] in every request and response log line. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
];

// Query parameters that carry a credential: reset and verification tokens, OAuth codes and state, an
// API key sent as `?authorization=Bearer …` or `?access_token=…`, OCI's PASSWORD, any case.
const SECRET_PARAMETER = /token|code|state|secret|passw|signature|key|auth|bearer|credential|session/i;

/** A query parameter's name as a server reads it; a malformed escape is read as written. */
function parameterName(pair: string): string {
  const [name = ''] = pair.split('=', 1);
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}
// Path segments that are credentials: /api/auth/reset-password/<token>, a punchout's start address.
const SECRET_PATH = /(\/reset-password\/|\/punchout\/start\/)[^/?#]+/g;

/** The URL with credentials in its path and query replaced by [redacted]. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path.replace(SECRET_PATH, `$1${REDACTED}`);
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const [name = ''] = pair.split('=', 1);
      return SECRET_PARAMETER.test(parameterName(pair)) && pair.includes('=') ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

export interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  code?: string;
  stack: string;
  cause?: SafeError;
}

/**
 * An error as it may be logged: its name, code and message, with an SQL query's parameters (which
 * hold session tokens, emails and passwords' hashes) withheld, and of the stack only its frames.
 */
export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: 'a non-error value was thrown', stack: '' };
  }
  const message =
    error instanceof DrizzleQueryError
      ? `${error.message.split('\nparams:')[0] ?? 'Failed query'} (parameters withheld)`
      : error.message;
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
    // Only the frames: the lines above them repeat the message, parameters and all.
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
    ...(error.cause && depth < 3 ? { cause: safeError(error.cause, depth + 1) } : {}),
  };
}

/** Pino serializers for Fastify's logger: requests with safe URLs, errors through `safeError`. */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  }),
  err: (error: unknown) => safeError(error),
};

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages';
import type { Database } from '../db/database';
import { databaseAnswers } from '../db/probe';
import { DomainError } from '../http/domain-error';
import type { Auth } from './auth';

/** The request as the Fetch API sees it, with the client address decided by Fastify, not the client. */
function toFetchRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set('x-forwarded-for', request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && typeof request.body === 'string';
  return new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    body: hasBody ? (request.body as string) : null,
  });
}

/**
 * The reset request answers no sooner than this, whether or not the address has an account: the
 * account's path writes a token and queues a mail, the other only reads, and the difference would
 * tell who has an account here.
 */
export const RESET_REQUEST_FLOOR_MS = 250;

/** Mounts better-auth's handler at /api/auth/* (DESIGN §3). */
export async function authRoutes(
  app: FastifyInstance,
  { auth, publicUrl, db }: { auth: Auth; publicUrl: string; db: Database },
) {
  // better-auth reads the raw body itself (JSON, or a form post from an identity provider).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const started = performance.now();
      const response = await auth.handler(toFetchRequest(request, publicUrl));
      if (request.url.startsWith('/api/auth/request-password-reset')) {
        const rest = RESET_REQUEST_FLOOR_MS - (performance.now() - started);
        if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
      }
      // better-auth answers its own 500 when its database fails; a database that is down or stalled is
      // a 503 with Retry-After here as everywhere else.
      if (response.status >= 500 && !(await databaseAnswers(db, 1000))) {
        throw new DomainError('UNAVAILABLE', messages.unavailable);
      }
      reply.status(response.status);
      for (const [name, value] of response.headers) {
        if (name !== 'set-cookie') reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? await response.text() : null);
    },
  });
}

import type { FastifyInstance } from 'fastify';
import { DomainError } from './domain-error';
import { messages } from '../../shared/messages';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * A state-changing call that carries cookies must come from our own pages (DESIGN §3). Browsers send
 * Origin on such calls; a missing or foreign one means another site is riding the user's session.
 * Calls without cookies (webhooks, scripts with no session) are not affected.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
    const origin = request.headers.origin ?? originOf(request.headers.referer);
    if (origin !== allowed) {
      throw new DomainError('FORBIDDEN', messages.crossSiteRequest);
    }
  });
}

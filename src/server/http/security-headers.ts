import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers helmet would set (CSP, HSTS, frame and referrer policies …), computed once at
 * start instead of on every request: they depend on the configuration only. Every answer gets them
 * from one prepared list.
 */
export function computeSecurityHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let failure: Error | undefined;
  const request = Object.create(null) as IncomingMessage;
  helmet(options)(request, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) failure = error instanceof Error ? error : new Error('helmet refused its options');
  });
  if (failure) throw failure;
  return [...headers];
}

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = Object.fromEntries(computeSecurityHeaders(options));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

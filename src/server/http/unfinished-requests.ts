import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Closes the connections whose request body is still arriving (a shutdown calls it after a grace
     * period): a client that went silent mid-body must not hold the exit. Answers how many it closed.
     */
    endUnfinishedRequests(): number;
  }
}

/** Keeps the requests in flight, to tell at shutdown which ones are still receiving their body. */
export function trackUnfinishedRequests(app: FastifyInstance) {
  const inFlight = new Set<IncomingMessage>();
  app.addHook('onRequest', async (request) => {
    const raw = request.raw;
    inFlight.add(raw);
    raw.once('close', () => inFlight.delete(raw));
  });
  app.addHook('onResponse', async (request) => {
    inFlight.delete(request.raw);
  });
  app.decorate('endUnfinishedRequests', () => {
    let ended = 0;
    for (const raw of inFlight) {
      if (raw.complete) continue;
      raw.socket.destroy();
      inFlight.delete(raw);
      ended += 1;
    }
    return ended;
  });
}

import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Closes the connections whose request body is still arriving, and those with no request the
     * shop has begun to answer (opened and silent, or stopped halfway through their headers): a
     * shutdown calls it after a grace period, so that no silent client holds the exit. Answers how
     * many it closed.
     */
    endUnfinishedRequests(): number;
  }
}

/** Keeps the connections and requests in flight, to tell at shutdown which ones hold it for nothing. */
export function trackUnfinishedRequests(app: FastifyInstance) {
  const inFlight = new Set<IncomingMessage>();
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
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
    // The rest of the requests in flight are being answered; every other connection waits for nothing.
    const answering = new Set([...inFlight].map((raw) => raw.socket));
    for (const socket of connections) {
      if (answering.has(socket)) continue;
      socket.destroy();
      connections.delete(socket);
      ended += 1;
    }
    return ended;
  });
}

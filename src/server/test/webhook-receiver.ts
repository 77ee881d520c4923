import { createHmac, timingSafeEqual } from 'node:crypto';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { WebhookEventBody } from '../../shared/api/webhooks.schemas';

/**
 * A webhook consumer for tests: a real HTTP server that checks each delivery's signature as a consumer's
 * code does (Stripe's scheme: HMAC-SHA256 of "<t>.<raw body>", the timestamp recent, compared in
 * constant time), and keeps what arrived. It can answer an error, stop taking connections and come back
 * on the same port, or take a delivery and never answer.
 */
export interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  event: WebhookEventBody;
  /** Whether the signature checked out under the secret the test gave. */
  verified: boolean;
  path: string;
}

/** Checks `Forgeline-Signature` as a receiver must: a v1 HMAC of "<t>.<body>", t within `toleranceS` of now. */
export function verifySignature(
  secret: string,
  header: string | undefined,
  raw: string,
  toleranceS = 300,
): boolean {
  const parts = new Map((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${raw}`).digest();
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startWebhookReceiver({ host = '127.0.0.1' }: { host?: string } = {}) {
  const received: Received[] = [];
  let secret = '';
  let status = 200;
  let hang = false;
  let redirectTo: string | null = null;
  const sockets = new Set<Socket>();
  let server: Server = listening();
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;

  function listening(atPort = 0): Server {
    const made = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (redirectTo) {
          response.writeHead(307, { location: redirectTo }).end();
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const header = request.headers['forgeline-signature'];
        received.push({
          headers: request.headers,
          raw,
          event: JSON.parse(raw) as WebhookEventBody,
          verified: verifySignature(secret, Array.isArray(header) ? header[0] : header, raw),
          path: request.url ?? '/',
        });
        if (hang) return; // Taken, never answered: the sender's process may die now.
        response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
      });
    });
    made.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    made.listen(atPort, host);
    return made;
  }

  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });

  return {
    url: (path = '/hooks') => `http://${host}:${port}${path}`,
    received,
    /** The secret signatures are checked with (the one the shop answered at registration). */
    expectSecret(value: string) {
      secret = value;
    },
    answer(code: number) {
      status = code;
    },
    /** Takes deliveries and never answers them. */
    hang(on = true) {
      hang = on;
    },
    redirect(to: string | null) {
      redirectTo = to;
    },
    /** Stops taking connections (refused) until `up()`. */
    down: close,
    async up() {
      server = listening(port);
      await new Promise<void>((resolve) => server.once('listening', resolve));
    },
    /** Waits until `count` deliveries matching `which` arrived (30 s at most). */
    async waitFor(count: number, which: (event: Received) => boolean = () => true, timeoutMs = 30_000) {
      for (let waited = 0; waited < timeoutMs; waited += 25) {
        const matching = received.filter(which);
        if (matching.length >= count) return matching;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(
        `waited for ${count} deliveries; got ${received.filter(which).length}: ${received.map((r) => r.event.type).join(', ')}`,
      );
    },
    close,
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

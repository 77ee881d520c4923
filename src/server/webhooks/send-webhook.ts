import { createHmac } from 'node:crypto';
import { type Agent, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { SIGNATURE_HEADER } from '../../shared/api/webhooks.schemas';
import { messages } from '../../shared/messages';
import {
  type WebhookAddressPolicy,
  guardIpv4Compatible,
  guardedAgents,
  parseWebhookUrl,
  plainRefusal,
} from './webhook-address';
import type { LookupFunction } from 'node:net';

/**
 * One delivery's POST (DESIGN §11): the event's body as stored, signed as Stripe signs its events, so a
 * receiver checks it came from the shop, unchanged, lately:
 *   Forgeline-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>
 */
export function signatureOf(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** How a try ended: the receiver's status (2xx delivered it), or why there was none. */
export type TryOutcome = { statusCode: number; error: null } | { statusCode: null; error: string };

/** A redirect is followed this many times, each hop checked like the first. */
const MAX_REDIRECTS = 3;
/** What of a receiver's answer is read (and dropped): nobody needs more to say "thank you". */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface Sender {
  send(target: { url: string; secret: string; body: string; eventId: string }): Promise<TryOutcome>;
}

/** Sends deliveries through agents that refuse what the policy refuses, each within `timeoutMs` in all. */
export function webhookSender(policy: WebhookAddressPolicy, timeoutMs: number): Sender {
  const agents = guardedAgents(policy);
  return {
    async send({ url, secret, body, eventId }) {
      const signal = AbortSignal.timeout(timeoutMs);
      let target = url;
      try {
        for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
          const address = parseWebhookUrl(target, policy);
          const lookup = guardIpv4Compatible(address, policy);
          const answer = await post(address, body, {
            agent: address.protocol === 'https:' ? agents.https : agents.http,
            ...(lookup ? { lookup } : {}),
            signal,
            headers: {
              'content-type': 'application/json',
              'user-agent': 'Forgeline-Webhooks/1',
              'forgeline-event-id': eventId,
              [SIGNATURE_HEADER.toLowerCase()]: signatureOf(secret, body, new Date()),
            },
          });
          const location = answer.location;
          if (answer.statusCode >= 300 && answer.statusCode < 400 && location) {
            target = new URL(location, address).toString();
            continue;
          }
          return { statusCode: answer.statusCode, error: null };
        }
        return { statusCode: null, error: messages.webhookTooManyRedirects(MAX_REDIRECTS) };
      } catch (error) {
        if (signal.aborted) return { statusCode: null, error: messages.webhookTimedOut(timeoutMs / 1000) };
        return { statusCode: null, error: error instanceof Error ? plainRefusal(error) : String(error) };
      }
    },
  };
}

function post(
  url: URL,
  body: string,
  options: { agent: Agent; signal: AbortSignal; headers: Record<string, string>; lookup?: LookupFunction },
): Promise<{ statusCode: number; location: string | undefined }> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent: options.agent,
        ...(options.lookup ? { lookup: options.lookup } : {}),
        signal: options.signal,
        headers: { ...options.headers, 'content-length': Buffer.byteLength(body) },
      },
      (answer) => {
        let read = 0;
        answer.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) answer.destroy();
        });
        const done = () =>
          resolve({ statusCode: answer.statusCode ?? 0, location: answer.headers.location ?? undefined });
        answer.on('end', done);
        answer.on('close', done);
        answer.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

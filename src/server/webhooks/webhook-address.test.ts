import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../shared/api/errors';
import { type TestUser, injectAs, signUpAdmin } from '../test/auth-helpers';
import { createTestApp } from '../test/test-app';
import { startWebhookReceiver } from '../test/webhook-receiver';
import { webhookSender } from './send-webhook';
import { guardIpv4Compatible } from './webhook-address';

/**
 * Webhooks never reach into the shop's own network (DESIGN §11): with WEBHOOK_ALLOW_PRIVATE
 * unset, only public https receivers are registered, and every delivery's connection is checked again
 * (after DNS, and after each redirect) as it is made.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpAdmin(ctx.app, ctx.db);
});
afterAll(async () => {
  await ctx.app.close();
});

const register = (url: string) =>
  injectAs(ctx.app, admin, {
    method: 'POST',
    url: '/api/admin/webhooks',
    payload: { url, events: ['order.paid'] },
  });

describe('registering a receiver in production (WEBHOOK_ALLOW_PRIVATE unset)', () => {
  it.each([
    ['https://127.0.0.1/hooks', '127.0.0.1'],
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['https://10.1.2.3/hooks', '10.1.2.3'],
    ['https://192.168.0.10/hooks', '192.168.0.10'],
    ['https://[::1]/hooks', '::1'],
    ['https://[::ffff:127.0.0.1]/hooks', '::ffff:7f00:1'],
    // IPv4-compatible IPv6 (deprecated), which ipaddr.js calls unicast.
    ['https://[::127.0.0.1]/hooks', '::7f00:1'],
    ['https://[::10.0.0.1]/hooks', '::a00:1'],
    ['https://0.0.0.0/hooks', '0.0.0.0'],
    // A name is resolved, and refused when it points inside.
    ['https://localhost:8443/hooks', '127.0.0.1'],
  ])('refuses %s, a private, loopback or link-local address', async (url, address) => {
    const answer = await register(url);
    expect(answer.statusCode, answer.body).toBe(400);
    const { message } = answer.json<ErrorBody>().error;
    expect(message).toContain('a private, loopback or link-local address the shop does not send to');
    expect(message).toContain(address);
  });

  it('refuses plain http, and takes a public https address', async () => {
    const plain = await register('http://93.184.215.14/hooks');
    expect(plain.statusCode).toBe(400);
    expect(plain.json<ErrorBody>().error.message).toBe('Webhooks are sent only to https:// addresses');
    expect((await register('https://93.184.215.14/hooks')).statusCode).toBe(201);
  });
});

describe('each delivery’s connection', () => {
  const strict = { allowPrivate: false, requireHttps: false };
  const payload = { secret: 'whsec_test', body: '{"id":"e1"}', eventId: 'e1' };

  it('is refused to a loopback address, a name that resolves to one, and the cloud metadata address', async () => {
    const inside = await startWebhookReceiver();
    try {
      const sender = webhookSender(strict, 2000);
      for (const url of [
        inside.url(),
        inside.url().replace('127.0.0.1', 'localhost'),
        inside.url().replace('127.0.0.1', '[::127.0.0.1]'),
        'http://169.254.169.254/latest/meta-data/',
      ]) {
        const outcome = await sender.send({ ...payload, url });
        expect(outcome.statusCode, url).toBeNull();
        expect(outcome.error, url).toContain('private, loopback or link-local');
      }
      expect(inside.received).toEqual([]);
    } finally {
      await inside.close();
    }
  });

  it('follows a redirect only to where it may go: refused into the private network', async () => {
    // 127.0.0.2 stands in for a public receiver (allowed by name); 127.0.0.1 for the shop's network.
    const outside = await startWebhookReceiver({ host: '127.0.0.2' });
    const inside = await startWebhookReceiver();
    try {
      const sender = webhookSender({ ...strict, allowAddresses: ['127.0.0.2'] }, 2000);
      outside.redirect(outside.url('/moved'));
      const moved = await sender.send({ ...payload, url: outside.url('/old') });
      // A redirect to itself keeps redirecting: three hops, then it stops.
      expect(moved).toEqual({ statusCode: null, error: 'The receiver redirected more than 3 times' });

      outside.redirect(inside.url());
      const refused = await sender.send({ ...payload, url: outside.url() });
      expect(refused.statusCode).toBeNull();
      expect(refused.error).toContain('private, loopback or link-local');
      expect(inside.received).toEqual([]);

      outside.redirect(null);
      expect(await sender.send({ ...payload, url: outside.url() })).toEqual({ statusCode: 200, error: null });
    } finally {
      await outside.close();
      await inside.close();
    }
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const slow = await startWebhookReceiver();
    slow.hang();
    try {
      const outcome = await webhookSender({ allowPrivate: true, requireHttps: false }, 300).send({
        ...payload,
        url: slow.url(),
      });
      expect(outcome).toEqual({ statusCode: null, error: 'The receiver did not answer within 0.3 s' });
      expect(slow.received).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});

describe('the guard for IPv4-compatible addresses', () => {
  const strict = { allowPrivate: false, requireHttps: false };
  it('refuses such a host before connecting, and lets a lookup of any other address through', async () => {
    expect(() => guardIpv4Compatible(new URL('https://[::127.0.0.1]/hooks'), strict)).toThrow(
      /is not allowed/,
    );
    const lookup = guardIpv4Compatible(new URL('https://localhost/hooks'), strict);
    expect(lookup).toBeDefined();
    // A name resolving to IPv4 (here 127.0.0.1; a public receiver's alike) passes this guard: the agent
    // then decides by its range. (The guard once sat in the agent's deny list, which threw for every
    // public IPv4 receiver.)
    const found = await new Promise<unknown>((resolve, reject) =>
      lookup?.('localhost', { all: true, family: 4 }, (error, address) =>
        error ? reject(error) : resolve(address),
      ),
    );
    expect(found).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(
      guardIpv4Compatible(new URL('https://[::127.0.0.1]/'), { ...strict, allowPrivate: true }),
    ).toBeUndefined();
  });
});

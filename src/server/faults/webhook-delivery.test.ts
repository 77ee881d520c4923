// @module-tag database-specific: a process killed while delivering webhooks: what its outbox kept
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedWebhook, WebhookDelivery } from '../../shared/api/webhooks.schemas';
import { PROCESS_TEST_TIMEOUT_MS, processTestDatabases, startServerProcess } from '../test/server-process';
import { ShopClient } from '../test/shop-client';
import { startSmtpCatcher } from '../test/smtp-catcher';
import { startWebhookReceiver } from '../test/webhook-receiver';

/**
 * Kill -9 of the server while its webhook deliveries are on the wire (DESIGN §11): the
 * receiver took them and the process died before it heard back. The next process sends each again
 * once its claim lapses: every event arrives answered, none lost (at least once; the receiver
 * deduplicates by the event's id).
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  cleanups.push(() => smtp.close());
});

const databases = processTestDatabases('webhooks', cleanups);

describe.each(databases)('kill -9 while delivering webhooks on %s', (_name, makeDatabase) => {
  it(
    'sends every event again after the restart, none lost',
    async () => {
      // Three consumers of order.placed, each its own receiver: one webhook's deliveries go one after
      // another, so only with three webhooks are three deliveries on the wire at once.
      const receivers = await Promise.all([0, 1, 2].map(() => startWebhookReceiver()));
      for (const receiver of receivers) cleanups.push(() => receiver.close());
      const admin = new ShopClient('http://not-started-yet');
      const env = {
        SMTP_URL: smtp.url,
        ...(await makeDatabase()),
        SEED_DEMO: 'true',
        ADMIN_EMAILS: admin.email,
        AUTH_SECRET: 'webhook-kill-secret-webhook-kill-secret',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        // A claim lapses 2 × 5 s + 5 s after it was taken. The process dies within moments of the
        // three deliveries arriving, long before any of them times out into a retry 30 s later.
        WEBHOOK_TIMEOUT_SECONDS: '5',
      };
      const first = await startServerProcess(env);
      const url = await first.url();
      const shopAdmin = await admin.at(url).signUp(smtp);
      const hookIds: string[] = [];
      for (const receiver of receivers) {
        const made = await shopAdmin.call('POST', '/api/admin/webhooks', {
          url: receiver.url(),
          events: ['order.placed'],
        });
        expect(made.status).toBe(201);
        const { _id, secret } = (await made.json()) as CreatedWebhook;
        receiver.expectSecret(secret);
        hookIds.push(_id);
      }

      // Each receiver takes its delivery and never answers: the process dies waiting for all three.
      for (const receiver of receivers) receiver.hang();
      const customer = await new ShopClient(url).signUp(smtp);
      const [tool] = (await customer.tools()).filter((candidate) => candidate.available >= 1000);
      if (!tool) throw new Error('no demo tool with stock');
      const orderId = await customer.placeOrder(tool._id, Math.max(tool.min_order, 100));
      if (!orderId) throw new Error('the order was refused');
      await Promise.all(receivers.map((receiver) => receiver.waitFor(1)));
      first.child.kill('SIGKILL');
      await first.exited;
      // None was settled as failed: what the next process sends again are the claims that lapsed.
      expect(first.output()).not.toContain('webhook not delivered');

      for (const receiver of receivers) receiver.hang(false);
      const second = await startServerProcess(env);
      try {
        const again = shopAdmin.at(await second.url());
        for (const receiver of receivers) {
          // Once the claim lapses, the next process sends the event again.
          const answered = await receiver.waitFor(2, () => true, 60_000);
          expect(answered.map((got) => (got.event.data as { order: { _id: string } }).order._id)).toEqual([
            orderId,
            orderId,
          ]);
          expect(answered.every((got) => got.verified)).toBe(true);
          // The same event twice: the receiver tells the repeat by its id.
          expect(new Set(answered.map((got) => got.event.id)).size).toBe(1);
        }
        for (const hookId of hookIds) {
          let log: WebhookDelivery[] = [];
          for (let waited = 0; waited < 10_000; waited += 100) {
            log = (await (
              await again.call('GET', `/api/admin/webhooks/${hookId}/deliveries`)
            ).json()) as WebhookDelivery[];
            if (log.every((delivery) => delivery.status === 'delivered')) break;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          expect(log.map((delivery) => [delivery.status, delivery.attempts])).toEqual([['delivered', 2]]);
        }
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

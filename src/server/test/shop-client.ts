import { randomUUID } from 'node:crypto';
import type { Tool } from '../../shared/api/catalog.schemas';
import type { Order } from '../../shared/api/orders.schemas';

/**
 * A customer of a running shop over real HTTP (for tests that start server processes): signs up,
 * keeps the session cookie, and sends what the pages send, Origin included.
 */
export class ShopClient {
  cookie = '';
  readonly email = `customer-${randomUUID().slice(0, 8)}@example.com`;
  readonly password = `pw-${randomUUID().slice(0, 8)}-long-enough`;

  constructor(readonly url: string) {}

  /** The same customer, signed in, talking to another instance of the shop. */
  at(url: string): ShopClient {
    return Object.assign(new ShopClient(url), {
      cookie: this.cookie,
      email: this.email,
      password: this.password,
    });
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return fetch(`${this.url}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        origin: this.url,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /**
   * Signs up; with `mailbox` (the SMTP catcher the shop mails to) the address is then confirmed by
   * following the mailed link, as its owner would.
   */
  async signUp(mailbox?: {
    nextMailTo(address: string, subject?: RegExp): Promise<{ decoded: string }>;
  }): Promise<this> {
    const response = await this.call('POST', '/api/auth/sign-up/email', {
      name: 'Process Tester',
      email: this.email,
      password: this.password,
    });
    if (response.status !== 200)
      throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    this.cookie = response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
    if (mailbox) {
      const mail = await Promise.race([
        mailbox.nextMailTo(this.email, /^Confirm your email/),
        new Promise<never>((_resolve, reject) =>
          setTimeout(
            () => reject(new Error(`no confirmation mail to ${this.email} within 20 s`)),
            20_000,
          ).unref(),
        ),
      ]);
      const link = /http:\/\/\S+\/api\/auth\/verify-email\?[^\s"<]+/.exec(mail.decoded)?.[0];
      if (!link) throw new Error('no verification link in the mail');
      const url = new URL(link);
      const follow = await this.call('GET', url.pathname + url.search, undefined, { origin: this.url });
      if (follow.status >= 400) throw new Error(`verification failed: ${follow.status}`);
    }
    return this;
  }

  async tools(): Promise<Tool[]> {
    return (await (await this.call('GET', '/api/tool')).json()) as Tool[];
  }

  /** Places an order; answers its id when the shop confirmed it (201), null otherwise. */
  async placeOrder(toolId: string, quantity: number): Promise<string | null> {
    const response = await this.call('POST', '/api/purchase', {
      toolId,
      name: 'Process Tester',
      address: '1 Test Street',
      number: '5550100',
      quantity,
    });
    if (response.status !== 201) return null;
    return ((await response.json()) as { insertedId: string }).insertedId;
  }

  /**
   * Pays an order as its customer does (the intent, the test card, PATCH /purchase/{id}); answers
   * whether the shop confirmed the payment (200).
   */
  async payOrder(orderId: string): Promise<boolean> {
    const intent = await this.call('POST', '/api/create-payment-intent', { orderId });
    if (intent.status !== 200) return false;
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const card = await this.call('POST', '/api/payments/test/confirm', {
      clientSecret,
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
    if (card.status !== 200) return false;
    const { transactionId } = (await card.json()) as { transactionId: string };
    const paid = await this.call('PATCH', `/api/purchase/${orderId}`, { payment: { transactionId } });
    return paid.status === 200;
  }

  async myOrders(): Promise<Order[]> {
    const response = await this.call('GET', `/api/purchase?email=${encodeURIComponent(this.email)}`);
    if (response.status !== 200) throw new Error(`orders: ${response.status} ${await response.text()}`);
    return (await response.json()) as Order[];
  }
}

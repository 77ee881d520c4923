import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, cookieHeader, nextClientIp, signIn, signUp } from '../test/auth-helpers';
import { startSmtpCatcher } from '../test/smtp-catcher';
import { createTestApp } from '../test/test-app';

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.com>' } });
});
afterAll(async () => {
  await ctx.app.close();
  await smtp.close();
});

const requestReset = (email: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { origin: ORIGIN },
    payload: { email, redirectTo: '/reset-password' },
    remoteAddress: nextClientIp(),
  });

describe('password reset by email', () => {
  it('mails a link through SMTP; following it sets a new password and ends the other sessions', async () => {
    const user = await signUp(ctx.app, { name: 'Forgetful Fred' });
    const otherDevice = cookieHeader(await signIn(ctx.app, user.email, user.password));

    const response = await requestReset(user.email);
    expect(response.statusCode).toBe(200);

    const mail = await smtp.nextMailTo(user.email, /^Reset your/);
    expect(mail.decoded).toContain('Subject: Reset your Forgeline Tools password');
    expect(mail.decoded).toContain('From: Shop <shop@example.com>');
    expect(mail.decoded).toContain('Hello Forgetful Fred');
    const link = /http:\/\/localhost:3000\/api\/auth\/reset-password\/[\w-]+\?callbackURL=[^\s"<]+/.exec(
      mail.decoded,
    )?.[0];
    expect(link).toBeDefined();

    // The link checks the token and sends the browser to our reset page with it.
    const url = new URL(link ?? '');
    const follow = await ctx.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(follow.statusCode).toBe(302);
    const target = new URL(String(follow.headers.location), ORIGIN);
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      payload: { token, newPassword: 'a-brand-new-password' },
      remoteAddress: nextClientIp(),
    });
    expect(reset.statusCode).toBe(200);

    expect((await signIn(ctx.app, user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(ctx.app, user.email, 'a-brand-new-password')).statusCode).toBe(200);
    const stale = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: otherDevice },
    });
    expect(stale.json()).toBeNull();
  });

  it('answers the same whether or not the account exists, and mails nobody for an unknown address', async () => {
    const known = await signUp(ctx.app);
    const forKnown = await requestReset(known.email);
    const forUnknown = await requestReset('nobody-here@example.com');
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.json()).toEqual(forKnown.json());
    await smtp.nextMailTo(known.email, /^Reset your/);
    expect(smtp.mails.some((mail) => mail.to.includes('nobody-here@example.com'))).toBe(false);
  });

  it('refuses a used or made-up token', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      payload: { token: 'made-up-token', newPassword: 'whatever-password' },
      remoteAddress: nextClientIp(),
    });
    expect(response.statusCode).toBe(400);
  });
});

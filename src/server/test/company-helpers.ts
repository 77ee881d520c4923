import type { CompanyRole } from '../../shared/domain/company-roles';
import type { App } from '../app';
import { type TestUser, injectAs, signUp } from './auth-helpers';
import { afterAll, beforeAll } from 'vitest';
import { startSmtpCatcher } from './smtp-catcher';
import { type TestAppOptions, createTestApp } from './test-app';
import { shipsToUk } from './order-helpers';

type Smtp = Awaited<ReturnType<typeof startSmtpCatcher>>;

/** A confirmed customer creates a company (throws unless 201); answers its admin and its id. */
export async function newCompany(app: App, name = 'Acme Building Ltd') {
  const admin = await signUp(app);
  const created = await injectAs(app, admin, {
    method: 'POST',
    url: '/api/companies',
    payload: { name, taxId: 'GB123456789' },
  });
  if (created.statusCode !== 201) throw new Error(`creating the company: ${created.body}`);
  return { admin, companyId: created.json<{ insertedId: string }>().insertedId };
}

/** `admin` invites `email` as `roles` (throws unless 201); answers the token from the mailed link. */
export async function inviteAs(app: App, smtp: Smtp, admin: TestUser, email: string, roles: CompanyRole[]) {
  const sent = await injectAs(app, admin, {
    method: 'POST',
    url: '/api/company/invitations',
    payload: { email, roles },
  });
  if (sent.statusCode !== 201) throw new Error(`inviting ${email}: ${sent.body}`);
  const mail = await smtp.nextMailTo(email, /invites you to buy for/);
  const token = mail.parsed.text?.match(/\/invitations\/([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error('the invitation mail has no link');
  return token;
}

/** A new confirmed customer joins `admin`'s company as `roles`, by the mailed link. */
export async function joinCompany(app: App, smtp: Smtp, admin: TestUser, roles: CompanyRole[]) {
  const colleague = await signUp(app);
  const token = await inviteAs(app, smtp, admin, colleague.email, roles);
  const accepted = await injectAs(app, colleague, {
    method: 'POST',
    url: `/api/invitations/${token}/accept`,
  });
  if (accepted.statusCode !== 200) throw new Error(`accepting the invitation: ${accepted.body}`);
  return colleague;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

/**
 * A test file's app with a real SMTP server (companies' mails: invitations, approvals, invoices),
 * started before its tests and closed after them; `call` injects as a user, `join` adds a colleague.
 */
export function useCompanyTestApp(options: Pick<TestAppOptions, 'shop'> = {}) {
  let smtp: Smtp | undefined;
  let ctx: Awaited<ReturnType<typeof createTestApp>> | undefined;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    ctx = await createTestApp({ ...options, env: { SMTP_URL: smtp.url } });
    await shipsToUk(ctx.db);
  });
  afterAll(async () => {
    await ctx?.app.close();
    await smtp?.close();
  });
  const started = () => {
    if (!ctx || !smtp) throw new Error('useCompanyTestApp: the app starts in beforeAll');
    return { ctx, smtp };
  };
  return {
    get ctx() {
      return started().ctx;
    },
    get smtp() {
      return started().smtp;
    },
    call: (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
      injectAs(started().ctx.app, user, {
        method,
        url,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      }),
    join: (admin: TestUser, roles: CompanyRole[]) =>
      joinCompany(started().ctx.app, started().smtp, admin, roles),
  };
}

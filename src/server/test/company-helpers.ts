import type { CompanyRole } from '../../shared/domain/company-roles';
import type { App } from '../app';
import { type TestUser, injectAs, signUp } from './auth-helpers';
import type { startSmtpCatcher } from './smtp-catcher';

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

import type { CompanyRole } from '../../shared/domain/company-roles';
import { type MailContext, businessMail, formatMailTime } from '../mail/mail-layout';
import type { Mail } from '../mail/mailer';

/** To the invited address: who invites them to which company, as what, and the link to accept. */
export function invitationMail(
  ctx: Pick<MailContext, 'shop' | 'publicUrl'>,
  invitation: {
    to: string;
    company: string;
    from: { name: string; email: string };
    roles: readonly CompanyRole[];
    token: string;
    expiresAt: Date;
  },
): Mail {
  return businessMail({
    to: invitation.to,
    subject: `${invitation.from.name} invites you to buy for ${invitation.company}`,
    greeting: 'Hello,',
    lead: [
      `${invitation.from.name} (${invitation.from.email}) invites you to join ${invitation.company} at ${ctx.shop.legalName}, to share its orders, quotes and invoices.`,
      `Sign in (or register) with this address, ${invitation.to}, and accept. The link works once.`,
    ],
    facts: [
      ['Company', invitation.company],
      ['Your role', invitation.roles.join(' and ')],
      ['Valid until', formatMailTime(invitation.expiresAt)],
    ],
    action: { url: `${ctx.publicUrl}/invitations/${invitation.token}`, label: 'Accept the invitation' },
    shop: ctx.shop,
  });
}

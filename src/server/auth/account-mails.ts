import { escapeHtml } from '../mail/mail-layout';
import type { Mail } from '../mail/mailer';

interface AccountMailParts {
  to: string;
  name: string;
  subject: string;
  /** The paragraph before the link. */
  lead: string;
  link: { url: string; label: string };
  /** The paragraph after it. */
  close: string;
}

/** The shape of every account mail: a greeting, why, the one link, and what to do if it was not you. */
function accountMail({ to, name, subject, lead, link, close }: AccountMailParts): Mail {
  return {
    to,
    subject,
    text: [`Hello ${name},`, '', lead, '', link.url, '', close].join('\n'),
    html: `<p>Hello ${escapeHtml(name)},</p>
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>
<p>${escapeHtml(close)}</p>`,
  };
}

interface AccountMailInput {
  to: string;
  name: string;
  url: string;
  shopName: string;
}

/** The password reset mail (spec §5 Forgot Password). */
export function resetPasswordMail({ to, name, url, shopName }: AccountMailInput): Mail {
  return accountMail({
    to,
    name,
    subject: `Reset your ${shopName} password`,
    lead: `Someone asked to reset the password of your ${shopName} account. To choose a new password, open this link within one hour:`,
    link: { url, label: 'Choose a new password' },
    close: 'If it was not you, ignore this mail: your password stays as it is.',
  });
}

/** Confirms that the new account's address is its owner's (DESIGN §3: verified email). */
export function verifyEmailMail({ to, name, url, shopName }: AccountMailInput): Mail {
  return accountMail({
    to,
    name,
    subject: `Confirm your email address for ${shopName}`,
    lead: `Thank you for opening an account at ${shopName}. To confirm that this address is yours, open this link within 24 hours:`,
    link: { url, label: 'Confirm my email address' },
    close: 'If you did not open an account, ignore this mail.',
  });
}

/**
 * Someone signed up with an address that already has an account: the owner is told, and the sign-up
 * answered as any other, so that it does not tell who is a customer here.
 */
export function alreadyRegisteredMail({ to, name, url, shopName }: AccountMailInput): Mail {
  return accountMail({
    to,
    name,
    subject: `You already have a ${shopName} account`,
    lead: `Someone, perhaps you, tried to open a new ${shopName} account with this address. You already have one, so nothing was changed. Sign in here, or choose "Forgot password" there:`,
    link: { url, label: 'Sign in' },
    close: 'If it was not you, ignore this mail: your account stays as it is.',
  });
}

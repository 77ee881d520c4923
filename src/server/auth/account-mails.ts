import type { Mail } from '../mail/mailer';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The password reset mail (spec §5 Forgot Password). */
export function resetPasswordMail({
  to,
  name,
  url,
  shopName,
}: {
  to: string;
  name: string;
  url: string;
  shopName: string;
}): Mail {
  return {
    to,
    subject: `Reset your ${shopName} password`,
    text: [
      `Hello ${name},`,
      '',
      `Someone asked to reset the password of your ${shopName} account. To choose a new password, open this link within one hour:`,
      '',
      url,
      '',
      'If it was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
    html: `<p>Hello ${escapeHtml(name)},</p>
<p>Someone asked to reset the password of your ${escapeHtml(shopName)} account. To choose a new password, open this link within one hour:</p>
<p><a href="${escapeHtml(url)}">Choose a new password</a></p>
<p>If it was not you, ignore this mail: your password stays as it is.</p>`,
  };
}

/** Confirms that the new account's address is its owner's (DESIGN §3: verified email). */
export function verifyEmailMail({
  to,
  name,
  url,
  shopName,
}: {
  to: string;
  name: string;
  url: string;
  shopName: string;
}): Mail {
  return {
    to,
    subject: `Confirm your email address for ${shopName}`,
    text: [
      `Hello ${name},`,
      '',
      `Thank you for opening an account at ${shopName}. To confirm that this address is yours, open this link within 24 hours:`,
      '',
      url,
      '',
      'If you did not open an account, ignore this mail.',
    ].join('\n'),
    html: `<p>Hello ${escapeHtml(name)},</p>
<p>Thank you for opening an account at ${escapeHtml(shopName)}. To confirm that this address is yours, open this link within 24 hours:</p>
<p><a href="${escapeHtml(url)}">Confirm my email address</a></p>
<p>If you did not open an account, ignore this mail.</p>`,
  };
}

/**
 * Someone signed up with an address that already has an account: the owner is told, and the sign-up
 * answered as any other, so that it does not tell who is a customer here.
 */
export function alreadyRegisteredMail({
  to,
  name,
  loginUrl,
  shopName,
}: {
  to: string;
  name: string;
  loginUrl: string;
  shopName: string;
}): Mail {
  return {
    to,
    subject: `You already have a ${shopName} account`,
    text: [
      `Hello ${name},`,
      '',
      `Someone, perhaps you, tried to open a new ${shopName} account with this address. You already have one, so nothing was changed.`,
      '',
      `Sign in here (or choose "Forgot password" there): ${loginUrl}`,
      '',
      'If it was not you, ignore this mail: your account stays as it is.',
    ].join('\n'),
    html: `<p>Hello ${escapeHtml(name)},</p>
<p>Someone, perhaps you, tried to open a new ${escapeHtml(shopName)} account with this address. You already have one, so nothing was changed.</p>
<p><a href="${escapeHtml(loginUrl)}">Sign in</a> (or choose "Forgot password" there).</p>
<p>If it was not you, ignore this mail: your account stays as it is.</p>`,
  };
}

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

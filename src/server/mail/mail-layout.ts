import type { ShopDetails } from '../config/shop-details';
import type { Mail } from './mailer';

/** What a use case that sends mail needs: the seller, where the shop's pages are, and the worker. */
export interface MailContext {
  shop: ShopDetails;
  /** PUBLIC_URL: links in mails lead there. */
  publicUrl: string;
  /** Tells the mail worker to look now: call it once the transaction that queued mail committed. */
  nudge: () => void;
}

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** 'Nov 24, 2026, 11:05 PM UTC': mails cannot know the reader's time zone, so they say which it is. */
export { formatUtcTime as formatMailTime } from '../../shared/date-format';

export interface BusinessMailParts {
  to: string;
  subject: string;
  greeting: string;
  /** Paragraphs before the facts. */
  lead: string[];
  /** Label and value rows: the order or quote at a glance. */
  facts: [label: string, value: string][];
  /** The one thing to do next, if any. */
  action?: { url: string; label: string };
  /** Paragraphs after the action. */
  close?: string[];
  shop: ShopDetails;
}

/**
 * The shape of every order and quote mail: a greeting, what happened, the facts in a table, the one
 * link to act on, and the seller's name and address at the foot. Plain text and simple HTML carry the
 * same words; every value is escaped in the HTML.
 */
export function businessMail({
  to,
  subject,
  greeting,
  lead,
  facts,
  action,
  close = [],
  shop,
}: BusinessMailParts): Mail {
  const width = Math.max(...facts.map(([label]) => label.length));
  const footer = [shop.legalName, ...shop.address, `${shop.email} · ${shop.phone}`];
  const text = [
    greeting,
    '',
    ...lead.flatMap((p) => [p, '']),
    ...facts.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`),
    '',
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...close.flatMap((p) => [p, '']),
    '--',
    ...footer,
  ].join('\n');
  const paragraph = (p: string) => `<p>${escapeHtml(p)}</p>`;
  const html = `<div style="font-family: Arial, sans-serif; color: #212529; max-width: 600px">
<p>${escapeHtml(greeting)}</p>
${lead.map(paragraph).join('\n')}
<table cellpadding="4" style="border-collapse: collapse">
${facts.map(([label, value]) => `<tr><th align="left" style="color: #555">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
${action ? `<p><a href="${escapeHtml(action.url)}" style="display: inline-block; padding: 10px 18px; background: #ffc107; color: #000; text-decoration: none; font-weight: bold">${escapeHtml(action.label)}</a></p>` : ''}
${close.map(paragraph).join('\n')}
<p style="color: #555; font-size: 13px">${footer.map(escapeHtml).join('<br>')}</p>
</div>`;
  return { to, subject, text, html };
}

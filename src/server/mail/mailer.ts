import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type nodemailer from 'nodemailer';
import type { MailAttachmentRef } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files made when the mail is sent (an invoice), so the outbox keeps a reference, not the bytes. */
  attachments?: MailAttachmentRef[];
}

/** An attached file as it goes out. */
export interface MailFile {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** A mail as the transport sends it: its outbox id and its attachments made. */
export type OutgoingMail = Omit<Mail, 'attachments'> & { id: string; files?: MailFile[] };

/** Hands one mail of the outbox to the world; the mail worker calls it, never a request. */
export interface MailTransport {
  /** `id` is the outbox row's: it becomes the Message-ID, so a resent mail is recognisably the same. */
  deliver(mail: OutgoingMail): Promise<void>;
}

export interface MailTransportOptions {
  /** SMTP server to deliver through; without it mail is written to `outboxDir` (or only kept in the table). */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string | undefined;
  log: FastifyBaseLogger;
}

/**
 * How long an SMTP server may take to accept the connection, greet, and answer each command before the
 * attempt fails (and is retried later by the worker).
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

const messageId = (id: string) => `<${id}@toolshop.mail>`;

/** The message nodemailer sends: our Message-ID, the texts, and the files as attachments. */
const message = (from: string, { id, files = [], ...mail }: OutgoingMail) => ({
  from,
  messageId: messageId(id),
  ...mail,
  attachments: files.map(({ filename, content, contentType }) => ({ filename, content, contentType })),
});

/**
 * A nodemailer transport made on the first mail, not at start-up (nodemailer costs ~0.05 s to load,
 * and a shop may start and answer for a while before it sends anything).
 */
function lazyTransport(options: Parameters<typeof nodemailer.createTransport>[0]) {
  let transport: Promise<ReturnType<typeof nodemailer.createTransport>> | undefined;
  return () =>
    (transport ??= import('nodemailer').then(({ default: mailer }) => mailer.createTransport(options)));
}

/** Sends through SMTP, or writes .eml files to an outbox folder for a shop that has no mail server yet. */
export function createMailTransport({ smtpUrl, from, outboxDir, log }: MailTransportOptions): MailTransport {
  if (smtpUrl) {
    const transport = lazyTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async deliver(mail) {
        const info = (await (await transport()).sendMail(message(from, mail))) as { messageId: string };
        log.info({ mailId: mail.id, messageId: info.messageId }, 'mail sent');
      },
    };
  }

  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(mail) {
      const info = (await (await transport()).sendMail(message(from, mail))) as { message: Buffer };
      let file: string | undefined;
      if (outboxDir) {
        mkdirSync(outboxDir, { recursive: true, mode: 0o700 });
        const safeTo = mail.to.replace(/[^\w.@-]/g, '_');
        file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
        writeFileSync(file, info.message, { mode: 0o600 });
      }
      // The text may hold a live link (a password reset), so the log names the file, never the content.
      log.warn({ mailId: mail.id, file }, 'SMTP_URL is not set: mail written to the outbox folder, not sent');
    },
  };
}

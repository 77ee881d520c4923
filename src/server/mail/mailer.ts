import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  /** SMTP server to deliver through; without it mail is written to `outboxDir` (or only logged). */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string | undefined;
  log: FastifyBaseLogger;
}

/** Sends mail through SMTP, or keeps it in an outbox folder for a shop that has no mail server yet. */
export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail({ from, ...mail });
        log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
      },
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      let file: string | undefined;
      if (outboxDir) {
        mkdirSync(outboxDir, { recursive: true });
        const safeTo = mail.to.replace(/[^\w.@-]/g, '_');
        file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
        writeFileSync(file, info.message as Buffer);
      }
      // Without SMTP the log is the only place an operator sees the mail, so it carries the text.
      log.warn(
        { to: mail.to, subject: mail.subject, file, text: mail.text },
        'SMTP_URL is not set: mail kept in the outbox',
      );
    },
  };
}

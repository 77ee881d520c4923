import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  raw: string;
  /** The message as mailparser reads it: subject, text, html and attachments decoded. */
  parsed: ParsedMail;
  /** The raw message with quoted-printable soft breaks and escapes undone, for finding links. */
  decoded: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server on a free local port that keeps every message it receives. */
export async function startSmtpCatcher(port = 0) {
  const mails: CaughtMail[] = [];
  const waiting: { matches: (mail: CaughtMail) => boolean; resolve: (mail: CaughtMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const raw = bytes.toString('utf8');
        void simpleParser(bytes).then((parsed) => {
          const mail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            raw,
            parsed,
            decoded: decodeQuotedPrintable(raw),
          };
          mails.push(mail);
          for (const waiter of waiting.filter((w) => w.matches(mail))) waiter.resolve(mail);
          callback();
        }, callback);
      });
    },
  });
  // A sender that dies mid-conversation (a shop killed with kill -9 while mailing) resets its
  // connection: a real mail server shrugs that off, and so does this one.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: boundPort } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${boundPort}`,
    mails,
    /** The next mail to this address (or one already received), whose subject matches if given. */
    nextMailTo(address: string, subject?: RegExp): Promise<CaughtMail> {
      const to = address.toLowerCase();
      const matches = (mail: CaughtMail) =>
        mail.to.includes(to) && (!subject || subject.test(mail.parsed.subject ?? ''));
      const already = mails.find(matches);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiting.push({ matches, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

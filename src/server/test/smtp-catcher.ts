import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  raw: string;
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
  const waiting: { to: string; resolve: (mail: CaughtMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          decoded: decodeQuotedPrintable(raw),
        };
        mails.push(mail);
        for (const waiter of waiting.filter((w) => mail.to.includes(w.to))) waiter.resolve(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: boundPort } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${boundPort}`,
    mails,
    /** The next mail to this address (or one already received). */
    nextMailTo(address: string): Promise<CaughtMail> {
      const to = address.toLowerCase();
      const already = mails.find((mail) => mail.to.includes(to));
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiting.push({ to, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

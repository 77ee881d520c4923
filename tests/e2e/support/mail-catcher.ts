// A real SMTP server for the browser tests, with a tiny HTTP mailbox the tests read:
// GET /messages?to=<address> answers the messages received for that address.
import { createServer } from 'node:http';
import { startSmtpCatcher } from '../../../src/server/test/smtp-catcher';
import { e2ePorts } from './ports';

const smtp = await startSmtpCatcher(e2ePorts.smtp);
const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') return response.end('ok');
  if (url.pathname !== '/messages') return response.writeHead(404).end();
  const to = (url.searchParams.get('to') ?? '').toLowerCase();
  const found = smtp.mails
    .filter((mail) => mail.to.includes(to))
    .map((mail) => ({
      to: mail.to,
      subject: mail.parsed.subject ?? '',
      text: mail.decoded,
      attachments: mail.parsed.attachments.map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        size: file.size,
      })),
    }));
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
});
http.listen(e2ePorts.mailbox, '127.0.0.1');
console.log(`mail catcher: SMTP ${smtp.url}, mailbox http://127.0.0.1:${e2ePorts.mailbox}`);
